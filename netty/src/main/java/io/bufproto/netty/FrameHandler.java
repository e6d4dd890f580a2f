package io.bufproto.netty;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * What {@link ProtoMessageHandler} and {@link ProtoCommandHandler} share: one message per channel,
 * which retains the frame it is parsed from; the callback, while the message holds the frame; the
 * clear that releases it; and what a malformed frame does.
 *
 * @param <T> the generated message class of the frames on this channel
 */
abstract class FrameHandler<T extends ProtoMessage<T>> extends ChannelInboundHandlerAdapter {

  final T message;
  private boolean closing;

  FrameHandler(T message) {
    this.message = java.util.Objects.requireNonNull(message, "message");
    message.retainParsedBuffers(true);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (!(msg instanceof ByteBuf frame)) {
      ctx.fireChannelRead(msg);
      return;
    }
    if (closing) { // frames of the same read that arrive after the close
      frame.release();
      return;
    }
    ByteBuf rest = null;
    try {
      InvalidProtobufException malformed = null;
      try {
        rest = parse(frame);
      } catch (InvalidProtobufException e) {
        malformed = e;
      } finally {
        frame.release(); // the message, and the rest, hold their own references
      }
      if (malformed == null) {
        deliver(ctx, rest);
      } else {
        onMalformedFrame(ctx, malformed);
      }
    } finally {
      message.clear(); // releases the frame
      if (rest != null) {
        rest.release();
      }
    }
  }

  /**
   * Parses {@code frame} into {@link #message}; returns what the callback gets beside it (a
   * retained slice of the frame, released after the callback), or null.
   *
   * @throws InvalidProtobufException if the frame is not a valid message
   */
  abstract ByteBuf parse(ByteBuf frame);

  /** Calls the user's callback with the parsed message and {@code rest}. */
  abstract void deliver(ChannelHandlerContext ctx, ByteBuf rest) throws Exception;

  /**
   * Called instead of the message's callback for a frame that is not a valid message (the message
   * is cleared afterwards). This implementation passes the failure on through {@code
   * exceptionCaught}, as Netty's own decoders do (the pipeline's tail logs it at WARN unless a
   * later handler takes it), and closes the channel, dropping any frames already received after it.
   * Return without closing to skip the frame and keep the connection: the frame boundary is intact,
   * so the next frame parses normally into the same message.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // the close's outcome needs no handling here
  protected void onMalformedFrame(ChannelHandlerContext ctx, InvalidProtobufException e)
      throws Exception {
    closing = true;
    ctx.fireExceptionCaught(e);
    ctx.close();
  }
}
