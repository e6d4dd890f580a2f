/**
 * BufProto's reader for the module path: Netty's public API only, so it works wherever
 * {@code io.netty.buffer} is a named module (module path, jlink images), and on the classpath.
 */
module io.bufproto.runtime {
  requires io.bufproto.api;

  provides io.bufproto.api.spi.BufReaderProvider with
      io.bufproto.runtime.WideLoadReaderProvider;
}
