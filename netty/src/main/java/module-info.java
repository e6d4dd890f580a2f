/**
 * Netty pipeline handlers for BufProto messages: length-prefixed framing (varint32, as
 * protobuf-java's {@code writeDelimitedTo}, or a fixed 4-byte prefix), an encoder that writes
 * prefix and message into one buffer, and an inbound handler that parses each frame into a message
 * reused per channel. See {@link io.bufproto.netty}.
 */
module io.bufproto.netty {
  requires transitive io.bufproto.api;
  requires transitive io.netty.transport;
  requires transitive io.netty.codec;

  exports io.bufproto.netty;
}
