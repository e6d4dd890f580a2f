package io.bufproto.tests;

import io.bufproto.api.ProtoMessage;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The suite's lazy configuration: with {@code -Dbufproto.lazy=true} (the build's module-runtime
 * run) the differential and fuzz suites parse with {@link ProtoMessage#lazyParsing(int)} on, and
 * check what a lazy parse promises instead of an eager one: what protobuf-java refuses is refused
 * by the parse or at {@code materialize()}, an unchanged message is written as received, and a
 * materialized one as protobuf-java writes it. The messages configured take turns: one defers every
 * message field's value, the next those of at least {@link #SOME} bytes (the random messages'
 * sub-messages are mostly shorter than {@link ProtoMessage#LAZY_DEFER_FROM}), so that both deferred
 * children and children parsed with their lazy parent are checked.
 */
final class LazySuite {

  /** Whether this run's differential and fuzz parses are lazy. */
  static final boolean ON = Boolean.getBoolean("bufproto.lazy");

  /** The other turn's deferFrom. */
  static final int SOME = 16;

  private static final AtomicInteger TURN = new AtomicInteger();

  private LazySuite() {}

  /** {@code message}, set to parse lazily in the lazy configuration, with the next turn's. */
  static <T extends ProtoMessage<?>> T configure(T message) {
    return configure(message, nextDeferFrom());
  }

  /** {@code message}, set to parse lazily in the lazy configuration, with {@code deferFrom}. */
  static <T extends ProtoMessage<?>> T configure(T message, int deferFrom) {
    if (ON) {
      message.lazyParsing(deferFrom);
    }
    return message;
  }

  /** The next turn's deferFrom: 0 and {@link #SOME} in turns. */
  static int nextDeferFrom() {
    return TURN.getAndIncrement() % 2 == 0 ? 0 : SOME;
  }
}
