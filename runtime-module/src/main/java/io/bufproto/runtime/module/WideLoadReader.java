package io.bufproto.runtime.module;

import io.bufproto.api.internal.ParseFailure;
import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.Varints;
import io.netty.buffer.ByteBuf;

/**
 * Decodes varints of two bytes or more from one bounds-checked 8-byte little-endian load ({@link
 * ByteBuf#getLongLE}) instead of one checked {@code readByte()} per byte.
 *
 * <p>One-byte varints (most tags and lengths) keep the single {@code readByte()} front, which the
 * JIT inlines into every call site: the wide load costs about twice as much there (figures in
 * docs/parse-path.md, "Figures moved out of the code"). Longer varints go out of line to {@link
 * #readRest}, so the front stays small. The load only ever covers readable bytes ({@code
 * readableBytes() >= 8} is checked first), so nothing outside the buffer's readable region is read;
 * near the end of the buffer the byte chain takes over.
 */
public final class WideLoadReader implements BufReader {

  static final WideLoadReader INSTANCE = new WideLoadReader();

  private WideLoadReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return (int) readRest(buf);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return readRest(buf);
  }

  /** The varint whose first byte (continuation bit set) was just read. */
  private static long readRest(ByteBuf buf) {
    int start = buf.readerIndex() - 1;
    if (buf.writerIndex() - start < 8) {
      return Varints.readRemaining(buf, buf.getByte(start) & 0x7fL);
    }
    long word = buf.getLongLE(start);
    long stops = Varints.stops(word);
    if (stops == 0) {
      return readLong(buf, start, word);
    }
    buf.readerIndex(start + Varints.length(stops));
    return Varints.value(word, stops);
  }

  /** Varints of 9 or 10 bytes: the first 8 bytes are in {@code word}. */
  private static long readLong(ByteBuf buf, int start, long word) {
    long result = Varints.compact(word);
    buf.readerIndex(start + 8);
    byte b8 = buf.readByte();
    result |= (long) (b8 & 0x7f) << 56;
    if (b8 >= 0) {
      return result;
    }
    byte b9 = buf.readByte();
    if (b9 < 0) {
      throw ParseFailure.malformedVarint();
    }
    return result | (long) b9 << 63;
  }
}
