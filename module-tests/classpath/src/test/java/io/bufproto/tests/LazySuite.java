package io.bufproto.tests;

import io.bufproto.api.ProtoMessage;

/**
 * The suite's lazy configuration: with {@code -Dbufproto.lazy=true} (the build's module-runtime
 * run) the differential and fuzz suites parse with {@link ProtoMessage#lazyParsing} on, so every
 * message field of every input is deferred, and check what a lazy parse promises instead of an
 * eager one: what protobuf-java refuses is refused by the parse or at {@code materialize()}, an
 * unchanged message is written as received, and a materialized one as protobuf-java writes it.
 */
final class LazySuite {

  /** Whether this run's differential and fuzz parses are lazy. */
  static final boolean ON = Boolean.getBoolean("bufproto.lazy");

  private LazySuite() {}

  /** {@code message}, set to parse lazily in the lazy configuration. */
  static <T extends ProtoMessage<?>> T configure(T message) {
    if (ON) {
      message.lazyParsing(true);
    }
    return message;
  }
}
