package io.bufproto.api.internal;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.spi.BufReader;
import io.netty.buffer.ByteBuf;

/**
 * The always-available reader: Netty's public, bounds-checked {@link ByteBuf#readByte()}.
 * Reading past {@code writerIndex} throws {@link IndexOutOfBoundsException}.
 */
public final class CheckedReader implements BufReader {

  public static final String NAME = "checked";
  public static final CheckedReader INSTANCE = new CheckedReader();

  private CheckedReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    // Tags, lengths and most int32 values fit in one byte: keep that path tiny so it inlines.
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return (int) readVarint64Slow(buf, b & 0x7f);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return readVarint64Slow(buf, b & 0x7f);
  }

  /** Continues a varint whose first byte (without its continuation bit) is {@code low7}. */
  private static long readVarint64Slow(ByteBuf buf, long low7) {
    long result = low7;
    for (int shift = 7; shift < 64; shift += 7) {
      byte b = buf.readByte();
      result |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw InvalidProtobufException.malformedVarint();
  }
}
