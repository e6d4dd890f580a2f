package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.Varints;
import io.netty.buffer.BufProtoUncheckedAccess;
import io.netty.buffer.ByteBuf;

/**
 * The classpath reader: a checked one-byte front (inlined at every call site; most tags and
 * lengths are one byte), then {@link BufProtoUncheckedAccess} for longer varints, with Netty's
 * public API as the fallback for every buffer and position it does not handle.
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
    return (int) readRest(buf, b);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return readRest(buf, b);
  }

  /** Out of line, so the one-byte front stays small enough to inline everywhere. */
  private static long readRest(ByteBuf buf, byte first) {
    long v = BufProtoUncheckedAccess.readLongVarint(buf);
    if (v != BufProtoUncheckedAccess.UNHANDLED) {
      return v;
    }
    return Varints.readRemaining(buf, first & 0x7fL);
  }
}
