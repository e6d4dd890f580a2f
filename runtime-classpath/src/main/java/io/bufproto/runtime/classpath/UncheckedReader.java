package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.Varints;
import io.bufproto.api.spi.Wrappers;
import io.netty.buffer.BufProtoUncheckedAccess;
import io.netty.buffer.ByteBuf;

/**
 * The classpath reader: {@link BufProtoUncheckedAccess} decodes every varint it can (one unchecked
 * 8-byte load, or one byte near the end of the data), and Netty's public API takes the rest: other
 * buffer classes, composites, the last bytes before {@code writerIndex}, varints of 9 and 10 bytes,
 * truncated varints (which then throw as Netty does).
 */
final class UncheckedReader implements BufReader {

  static final UncheckedReader INSTANCE = new UncheckedReader();

  private UncheckedReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    long v = BufProtoUncheckedAccess.readVarint(buf);
    if (v != BufProtoUncheckedAccess.UNHANDLED) {
      return (int) v;
    }
    return (int) checked(buf);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    long v = BufProtoUncheckedAccess.readVarint(buf);
    if (v != BufProtoUncheckedAccess.UNHANDLED) {
      return v;
    }
    return checked(buf);
  }

  @Override
  public boolean copyBytes(ByteBuf buf, int index, byte[] dst, int length) {
    return BufProtoUncheckedAccess.copyBytes(buf, index, dst, length, UncheckedWriter.LONGS);
  }

  @Override
  public void skipTo(ByteBuf buf, int index) {
    if (!BufProtoUncheckedAccess.skipTo(buf, index)) {
      buf.readerIndex(index);
    }
  }

  /**
   * Out of line: the last bytes before {@code writerIndex} unchecked, then Netty's checked byte
   * chain for what is left (other buffer classes, long and truncated varints).
   */
  private static long checked(ByteBuf buf) {
    long v = BufProtoUncheckedAccess.readVarintNearEnd(buf);
    if (v != BufProtoUncheckedAccess.UNHANDLED) {
      return v;
    }
    byte first = buf.readByte();
    if (first >= 0) {
      return first;
    }
    return Varints.readRemaining(buf, first & 0x7fL);
  }

  @Override
  public ByteBuf unwrap(ByteBuf buf) {
    return Wrappers.unwrap(buf);
  }
}
