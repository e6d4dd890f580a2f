package io.bufproto.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.TooLongFrameException;
import java.util.List;

/**
 * Splits a byte stream into length-prefixed frames and passes each frame on as a {@link ByteBuf} (a
 * retained slice of the received bytes, no copy; the next handler releases it, as {@link
 * ProtoMessageHandler} does). The prefix is not part of the frame.
 *
 * <p>Every frame is bounded: a prefix announcing more than {@code maxFrameLength} bytes fails at
 * once, before any of the frame's bytes arrive, with a {@link TooLongFrameException} (through
 * {@code exceptionCaught}); then, by the {@link OnTooLong} policy, the channel is closed or the
 * frame's bytes are skipped as they arrive and decoding goes on with the next frame. A prefix that
 * cannot be a length (a varint of more than 5 bytes, a length of 2^31 or more) fails with a {@link
 * CorruptedFrameException} and always closes the channel: the stream has no frame boundary left to
 * resynchronise on.
 *
 * <p>One instance per channel (it keeps the partial frame between reads).
 */
public class ProtoFrameDecoder extends ByteToMessageDecoder {

  /** What follows a frame longer than the maximum. */
  public enum OnTooLong {
    /** Close the channel (the default). */
    CLOSE,
    /** Skip the frame's bytes as they arrive, then decode the next frame. */
    SKIP
  }

  private final Framing framing;
  private final int maxFrameLength;
  private final OnTooLong onTooLong;
  private long bytesToSkip;
  private boolean failed;

  /** A decoder that closes the channel on a frame longer than {@code maxFrameLength} bytes. */
  public ProtoFrameDecoder(Framing framing, int maxFrameLength) {
    this(framing, maxFrameLength, OnTooLong.CLOSE);
  }

  /**
   * @param maxFrameLength the largest message accepted, in bytes (prefix not counted)
   * @param onTooLong what follows a frame longer than that
   */
  public ProtoFrameDecoder(Framing framing, int maxFrameLength, OnTooLong onTooLong) {
    if (maxFrameLength < 0) {
      throw new IllegalArgumentException("maxFrameLength is negative: " + maxFrameLength);
    }
    this.framing = java.util.Objects.requireNonNull(framing, "framing");
    this.onTooLong = java.util.Objects.requireNonNull(onTooLong, "onTooLong");
    this.maxFrameLength = maxFrameLength;
  }

  @Override
  protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
    if (failed) {
      in.skipBytes(in.readableBytes());
      return;
    }
    if (bytesToSkip > 0) {
      int skipped = (int) Math.min(bytesToSkip, in.readableBytes());
      in.skipBytes(skipped);
      bytesToSkip -= skipped;
      if (bytesToSkip > 0) {
        return;
      }
    }
    int start = in.readerIndex();
    long length;
    try {
      length = framing.readPrefix(in);
    } catch (CorruptedFrameException e) {
      throw fail(ctx, in, e);
    }
    if (length == Framing.INCOMPLETE) {
      return;
    }
    if (length > maxFrameLength) {
      TooLongFrameException e =
          new TooLongFrameException(
              "frame of "
                  + length
                  + " bytes announced, over the maximum of "
                  + maxFrameLength
                  + (onTooLong == OnTooLong.SKIP ? "; skipping it" : "; closing the channel"));
      if (onTooLong == OnTooLong.CLOSE) {
        throw fail(ctx, in, e);
      }
      // Not thrown: the decoder stops at a thrown exception, and frames already received after
      // this one would wait for the next read.
      bytesToSkip = length;
      ctx.fireExceptionCaught(e);
      return;
    }
    if (in.readableBytes() < length) {
      in.readerIndex(start); // wait for the whole frame
      return;
    }
    out.add(in.readRetainedSlice((int) length));
  }

  /** Drops all input from now on, closes the channel and returns {@code e} to be thrown. */
  @SuppressWarnings("FutureReturnValueIgnored") // the close's outcome needs no handling here
  private <E extends RuntimeException> E fail(ChannelHandlerContext ctx, ByteBuf in, E e) {
    failed = true;
    in.skipBytes(in.readableBytes());
    ctx.close();
    return e;
  }
}
