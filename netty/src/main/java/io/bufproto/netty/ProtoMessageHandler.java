package io.bufproto.netty;

import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;

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
 * passes the failure to {@code exceptionCaught} and closes the channel unless overridden.
 *
 * <p>One instance per channel (it holds the channel's message); Netty refuses to add it to two
 * pipelines.
 *
 * @param <T> the generated message class of every frame on this channel
 */
public abstract class ProtoMessageHandler<T extends ProtoMessage<T>> extends FrameHandler<T> {

  /**
   * @param message the instance every frame is parsed into (for example {@code new BaseCommand()})
   */
  protected ProtoMessageHandler(T message) {
    super(message);
  }

  @Override
  final ByteBuf parse(ByteBuf frame) {
    message.parseFrom(frame, frame.readableBytes());
    return null;
  }

  @Override
  final void deliver(ChannelHandlerContext ctx, ByteBuf rest) throws Exception {
    onMessage(ctx, message);
  }

  /**
   * Called with each frame's message, which holds the frame until this returns. The same object is
   * passed for every frame of the channel (see the class comment for what that means for keeping
   * it).
   */
  protected abstract void onMessage(ChannelHandlerContext ctx, T message) throws Exception;
}
