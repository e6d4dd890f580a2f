/**
 * BufProto's run-time API: everything generated code needs, and nothing else.
 *
 * <ul>
 *   <li>{@link io.bufproto.api.ProtoMessage}: the contract every generated message implements.
 *   <li>{@link io.bufproto.api.ProtoCodec}: wire-format primitives generated code calls.
 *   <li>{@link io.bufproto.api.spi}: the reader SPI; faster readers are found with
 *       {@link java.util.ServiceLoader} and the best usable one is kept for the life of the JVM.
 * </ul>
 */
module io.bufproto.api {
  requires transitive io.netty.buffer;
  requires transitive io.netty.common;

  exports io.bufproto.api;
  exports io.bufproto.api.spi;

  uses io.bufproto.api.spi.BufReaderProvider;
}
