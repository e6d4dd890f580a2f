package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.Varints;
import io.bufproto.api.spi.Wrappers;
import io.netty.buffer.BufProtoUncheckedAccess;
import io.netty.buffer.ByteBuf;

/**
 * The classpath reader: a varint's first byte through Netty's {@code readByte()} (one class check
 * where one buffer class reaches the call site, Netty's own checks), the rest of a 32-bit varint
 * the same way; the rest of a 64-bit varint through {@link
 * BufProtoUncheckedAccess#readVarint64After}: an unchecked second byte in line, and longer values
 * out of line from one unchecked 8-byte load where the buffer's memory allows (docs/design/
 * reading-varints.md). A packed run's values take that load first ({@link #readVarintInRun}).
 * Netty's public API takes every case it cannot: other buffer classes, composites, the last bytes
 * of the buffer's memory, varints of 9 and 10 bytes, truncated varints (which then throw as Netty
 * does).
 */
final class UncheckedReader implements BufReader {

  static final UncheckedReader INSTANCE = new UncheckedReader();

  private UncheckedReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return (int) Varints.readRemaining(buf, b & 0x7fL);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return BufProtoUncheckedAccess.readVarint64After(buf, b);
  }

  /**
   * A packed run's value: one 8-byte load first, as a run's loop is one site for many values, many
   * of several bytes (docs/design/reading-varints.md); the byte chain where the load cannot be
   * taken.
   */
  @Override
  public long readVarintInRun(ByteBuf buf) {
    long v = BufProtoUncheckedAccess.readVarint(buf);
    if (v != BufProtoUncheckedAccess.UNHANDLED) {
      return v;
    }
    return readVarint64(buf);
  }

  @Override
  public int readVarint32(ByteBuf buf, int end) {
    return BufProtoUncheckedAccess.readVarint32(buf, end);
  }

  @Override
  public long readVarint64(ByteBuf buf, int end) {
    return BufProtoUncheckedAccess.readVarint64(buf, end);
  }

  @Override
  public int readTag(ByteBuf buf, int end) {
    return BufProtoUncheckedAccess.readTag(buf, end);
  }

  @Override
  public boolean copyBytes(ByteBuf buf, int index, byte[] dst, int length) {
    return BufProtoUncheckedAccess.copyBytes(buf, index, dst, length);
  }

  @Override
  public void skipTo(ByteBuf buf, int index) {
    if (!BufProtoUncheckedAccess.skipTo(buf, index)) {
      buf.readerIndex(index);
    }
  }

  @Override
  public ByteBuf unwrap(ByteBuf buf) {
    return Wrappers.unwrap(buf);
  }
}
