/**
 * BufProto's run-time library: what generated message classes compile against.
 *
 * <ul>
 *   <li>{@link io.bufproto.api}: what users call: {@link io.bufproto.api.ProtoMessage} (the
 *       contract of every generated message), {@link io.bufproto.api.ProtoEnum} and {@link
 *       io.bufproto.api.InvalidProtobufException}.
 *   <li>{@link io.bufproto.api.schema}: each generated type's schema (field numbers, names, types),
 *       which the formats read.
 *   <li>{@link io.bufproto.api.format}: the text and JSON formats.
 *   <li>{@link io.bufproto.api.internal}: for generated code only, with no compatibility promise.
 *   <li>{@link io.bufproto.api.message}: the class every generated message extends, for generated
 *       code only, with no compatibility promise.
 *   <li>{@link io.bufproto.api.spi}: what a runtime implements: a {@link
 *       io.bufproto.api.spi.BufProtoRuntime} supplies the reader and the writer; the best usable
 *       one is found with {@link java.util.ServiceLoader} and kept for the life of the JVM.
 * </ul>
 */
module io.bufproto.api {
  requires transitive io.netty.buffer;
  requires transitive io.netty.common;

  exports io.bufproto.api;
  exports io.bufproto.api.format;
  exports io.bufproto.api.internal;
  exports io.bufproto.api.message;
  exports io.bufproto.api.schema;
  exports io.bufproto.api.spi;

  uses io.bufproto.api.spi.BufProtoRuntime;
}
