package io.bufproto.netty;

import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;

/**
 * Writes each outbound {@link ProtoMessage} as one frame: the {@link Framing} prefix and the
 * message, in one buffer of exactly that size from the channel's allocator (no second buffer, no
 * copy). Any other outbound object passes through unchanged. The bytes are those of Netty's {@code
 * ProtobufVarint32LengthFieldPrepender} after {@code ProtobufEncoder} ({@link Framing#VARINT32}),
 * or of {@code LengthFieldPrepender(4)} ({@link Framing#FIXED32}).
 *
 * <p>The message is written when the write reaches this handler: on the channel's event loop. A
 * message written from another thread must not change until the write's future completes (or the
 * caller writes a copy). A message with a required field missing fails the write's promise with
 * {@link io.bufproto.api.InvalidProtobufException}, and nothing is written.
 *
 * <p>A frame is never wrong: the encoder compares the bytes the message wrote with the length its
 * prefix announced, and when they differ (the message was changed while being encoded, against the
 * rule above) it fails the write's promise with an {@link IllegalStateException} and writes
 * nothing, so the peer never reads a prefix that does not frame what follows.
 *
 * <p>Stateless: one instance may serve every channel.
 */
@Sharable
public class ProtoFrameEncoder extends ChannelOutboundHandlerAdapter {

  private final Framing framing;

  public ProtoFrameEncoder(Framing framing) {
    this.framing = java.util.Objects.requireNonNull(framing, "framing");
  }

  @Override
  @SuppressWarnings("FutureReturnValueIgnored") // the caller's promise carries the outcome
  public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
    if (!(msg instanceof ProtoMessage<?> message)) {
      ctx.write(msg, promise);
      return;
    }
    ByteBuf frame;
    try {
      frame = encode(ctx, message);
    } catch (RuntimeException e) {
      promise.setFailure(e);
      return;
    }
    ctx.write(frame, promise);
  }

  private ByteBuf encode(ChannelHandlerContext ctx, ProtoMessage<?> message) {
    int size = message.getSerializedSize();
    int frameSize = framing.prefixSize(size) + size;
    ByteBuf frame = ctx.alloc().ioBuffer(frameSize, frameSize);
    try {
      framing.writePrefix(frame, size);
      int written = message.writeTo(frame);
      if (written != size || frame.readableBytes() != frameSize) {
        throw new IllegalStateException(
            "the message wrote "
                + written
                + " bytes after its size announced "
                + size
                + ": it was changed while being encoded; nothing was written");
      }
      return frame;
    } catch (RuntimeException e) {
      frame.release();
      throw e;
    }
  }
}
