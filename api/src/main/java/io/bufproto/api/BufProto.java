package io.bufproto.api;

import io.bufproto.api.internal.ProtoCodec;

/** Facts about BufProto in this JVM. */
public final class BufProto {

  private BufProto() {}

  /**
   * The name of the runtime that reads and writes buffers in this JVM, chosen once (the first call
   * chooses it if no message has yet): {@code classpath} ({@code bufproto-runtime-classpath}, the
   * fastest, classpath only), {@code module} ({@code bufproto-runtime-module}) or {@code checked}
   * (Netty's public API, always present). The system property {@code bufproto.runtime} forces one.
   */
  public static String runtime() {
    return ProtoCodec.runtimeName();
  }
}
