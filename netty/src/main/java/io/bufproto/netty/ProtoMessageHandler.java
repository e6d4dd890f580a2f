package io.bufproto.netty;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * Parses each inbound frame (a {@link ByteBuf} holding one message, as {@link ProtoFrameDecoder}
 * passes on) into one message reused for the whole channel, and hands it to {@link #onMessage}.
 * Anything else passes through unchanged.
 *
 * <p><b>Lifetime.</b> The message is valid only during {@link #onMessage}: it aliases the frame
 * (strings and bytes are decoded lazily from it), the frame is released when {@code onMessage}
 * returns, and the next frame is parsed into the same object. To keep a message past that call,
 * copy it: {@code new BaseCommand().copyFrom(msg)} decodes every lazy field, so the copy aliases no
 * buffer. (A {@code String} read from the message is a value and may be kept; a child message is
 * part of the reused object.)
 *
 * <p><b>Malformed frames.</b> A frame that does not parse goes to {@link #onMalformedFrame}, which
 * passes the failure to {@code exceptionCaught} and closes the channel unless overridden. The frame
 * boundary is intact, so an override that returns without closing just skips that frame: the next
 * frame parses normally into the same message.
 *
 * <p>One instance per channel (it holds the channel's message); Netty refuses to add it to two
 * pipelines.
 *
 * @param <T> the generated message class of every frame on this channel
 */
public abstract class ProtoMessageHandler<T extends ProtoMessage<T>>
    extends ChannelInboundHandlerAdapter {

  private final T message;
  private boolean closing;

  /**
   * @param message the instance every frame is parsed into (for example {@code new BaseCommand()})
   */
  protected ProtoMessageHandler(T message) {
    this.message = java.util.Objects.requireNonNull(message, "message");
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
    try {
      try {
        message.parseFrom(frame, frame.readableBytes());
      } catch (InvalidProtobufException e) {
        onMalformedFrame(ctx, e);
        return;
      }
      onMessage(ctx, message);
    } finally {
      frame.release();
    }
  }

  /**
   * Called with each frame's message, while the frame is alive. The same object is passed for every
   * frame of the channel (see the class comment for what that means for keeping it).
   */
  protected abstract void onMessage(ChannelHandlerContext ctx, T message) throws Exception;

  /**
   * Called instead of {@link #onMessage} for a frame that is not a valid message; the frame is
   * released afterwards. This implementation passes the failure on through {@code exceptionCaught},
   * as Netty's own decoders do (the pipeline's tail logs it at WARN unless a later handler takes
   * it), and closes the channel, dropping any frames already received after it. Return without
   * closing to skip the frame and keep the connection.
   */
  @SuppressWarnings("FutureReturnValueIgnored") // the close's outcome needs no handling here
  protected void onMalformedFrame(ChannelHandlerContext ctx, InvalidProtobufException e)
      throws Exception {
    closing = true;
    ctx.fireExceptionCaught(e);
    ctx.close();
  }
}
