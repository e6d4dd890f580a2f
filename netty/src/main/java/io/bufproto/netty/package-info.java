/**
 * Netty pipelines for BufProto messages. A typical pipeline, for one connection:
 *
 * <pre>{@code
 * ch.pipeline()
 *     .addLast(new ProtoFrameDecoder(Framing.VARINT32, 5 * 1024 * 1024))
 *     .addLast(new ProtoFrameEncoder(Framing.VARINT32)) // @Sharable: one for every channel
 *     .addLast(new ProtoMessageHandler<>(new BaseCommand()) {
 *       protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) { ... }
 *     });
 * }</pre>
 *
 * <p>{@link io.bufproto.netty.Framing#VARINT32} frames are protobuf-java's delimited format ({@code
 * writeDelimitedTo}, {@code parseDelimitedFrom}) and Netty's {@code
 * ProtobufVarint32LengthFieldPrepender} / {@code ProtobufVarint32FrameDecoder}; {@link
 * io.bufproto.netty.Framing#FIXED32} frames carry a 4-byte big-endian length, as Netty's {@code
 * LengthFieldPrepender(4)} / {@code LengthFieldBasedFrameDecoder(max, 0, 4, 0, 4)} and Pulsar-style
 * protocols.
 */
package io.bufproto.netty;
