/**
 * BufProto's {@code module} runtime: Netty's public API only, so it works wherever {@code
 * io.netty.buffer} is a named module (module path, jlink images), and on the classpath.
 */
module io.bufproto.runtime.module {
  requires io.bufproto.api;

  provides io.bufproto.api.spi.BufProtoRuntime with
      io.bufproto.runtime.module.ModuleRuntime;
}
