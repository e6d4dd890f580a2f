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
 * <p><b>Lifetime.</b> The message is valid during {@link #onMessage} only. It retains the frame it
 * is parsed from ({@link ProtoMessage#retainParsedBuffers}: strings and bytes are decoded lazily
 * from the frame), and is cleared when {@code onMessage} returns, which releases the frame; the
 * next frame is parsed into the same object. Read after that, the message is empty, and a
 * sub-message kept from it fails on its lazy values ({@code IllegalReferenceCountException}): it
 * never reads memory that the frame's pool has handed to someone else. To keep a message past the
 * call, copy it: {@code new BaseCommand().copyFrom(msg)} decodes every lazy field, so the copy
 * holds no buffer. (A {@code String} read from the message is a value and may be kept.)
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
    try {
      InvalidProtobufException malformed = null;
      try {
        message.parseFrom(frame, frame.readableBytes());
      } catch (InvalidProtobufException e) {
        malformed = e;
      } finally {
        frame.release(); // the message holds its own reference to the frame, if it needs one
      }
      if (malformed == null) {
        onMessage(ctx, message);
      } else {
        onMalformedFrame(ctx, malformed);
      }
    } finally {
      message.clear(); // releases the frame
    }
  }

  /**
   * Called with each frame's message, which holds the frame until this returns. The same object is
   * passed for every frame of the channel (see the class comment for what that means for keeping
   * it).
   */
  protected abstract void onMessage(ChannelHandlerContext ctx, T message) throws Exception;

  /**
   * Called instead of {@link #onMessage} for a frame that is not a valid message (the message is
   * cleared afterwards). This implementation passes the failure on through {@code exceptionCaught},
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
