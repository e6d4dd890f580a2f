package io.bufproto.netty;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.CorruptedFrameException;

/**
 * Parses the command at the head of each inbound frame and hands over the rest of the frame
 * untouched: the layout of Pulsar's binary protocol, whose frame (after the total size, which
 * {@link ProtoFrameDecoder} with {@link Framing#FIXED32} strips) is a 4-byte command size, the
 * command, then for some commands metadata and payload that a broker forwards without parsing.
 *
 * <pre>{@code
 * ch.pipeline()
 *     .addLast(new ProtoFrameDecoder(Framing.FIXED32, 5 * 1024 * 1024))
 *     .addLast(new ProtoCommandHandler<>(new BaseCommand(), Framing.FIXED32) {
 *       protected void onCommand(ChannelHandlerContext ctx, BaseCommand cmd, ByteBuf rest) { ... }
 *     });
 * }</pre>
 *
 * <p><b>Lifetime.</b> The command is one message reused for the channel, as {@link
 * ProtoMessageHandler}'s: it retains the frame and is cleared when {@link #onCommand} returns. The
 * rest of the frame is a retained slice of it (no copy) whose owner is this handler: it is released
 * when {@code onCommand} returns. To keep it longer (to forward it once a write completes, say),
 * {@code retain()} it in {@code onCommand} and release it when done; it is the frame's memory, not
 * a copy.
 *
 * <p><b>Malformed frames</b> (a command size past the frame, a command that does not parse) go to
 * {@link #onMalformedFrame}, as in {@link ProtoMessageHandler}.
 *
 * <p>One instance per channel (it holds the channel's message).
 *
 * @param <T> the generated message class of the commands on this channel
 */
public abstract class ProtoCommandHandler<T extends ProtoMessage<T>> extends FrameHandler<T> {

  private final Framing commandSize;

  /**
   * @param command the instance every command is parsed into (for example {@code new
   *     BaseCommand()})
   * @param commandSize how the command's size is written before it ({@link Framing#FIXED32} for
   *     Pulsar)
   */
  protected ProtoCommandHandler(T command, Framing commandSize) {
    super(command);
    this.commandSize = java.util.Objects.requireNonNull(commandSize, "commandSize");
  }

  @Override
  final ByteBuf parse(ByteBuf frame) {
    message.parseFrom(frame, commandSize(frame));
    return frame.readRetainedSlice(frame.readableBytes());
  }

  @Override
  final void deliver(ChannelHandlerContext ctx, ByteBuf rest) throws Exception {
    onCommand(ctx, message, rest);
  }

  /** Reads the command's size, which must fit in what is left of the frame. */
  private int commandSize(ByteBuf frame) {
    int length = frame.readableBytes();
    long size;
    try {
      size = commandSize.readPrefix(frame);
    } catch (CorruptedFrameException e) {
      throw new InvalidProtobufException(e.getMessage(), e);
    }
    if (size == Framing.INCOMPLETE || size > frame.readableBytes()) {
      throw new InvalidProtobufException(
          "a frame of "
              + length
              + " bytes announces a command of "
              + (size == Framing.INCOMPLETE ? "(cut off)" : String.valueOf(size))
              + " bytes");
    }
    return (int) size;
  }

  /**
   * Called with each frame's command, which holds the frame until this returns, and the rest of the
   * frame, released when this returns unless retained here (see the class comment). Both objects
   * are reused or released for the next frame.
   */
  protected abstract void onCommand(ChannelHandlerContext ctx, T command, ByteBuf rest)
      throws Exception;
}
