package io.bufproto.runtime.module;

import io.bufproto.api.spi.ProtoInput;
import io.bufproto.api.spi.Varints;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import java.nio.ByteBuffer;

/**
 * A cursor over a direct buffer's NIO region, resolved once per parse: absolute {@code ByteBuffer}
 * gets between the reader index and the writer index, no Netty call per read (and no megamorphic
 * one where several buffer classes meet). Errors match the byte chain's: a varint cut off by the
 * end consumes the bytes before it and throws {@link IndexOutOfBoundsException}, as Netty's {@code
 * readByte()} does.
 */
final class RegionInput extends ProtoInput {

  /** Netty's region of the buffer (big-endian, shared with Netty: its order is left alone). */
  private ByteBuffer region;

  /** {@code region.get(base + i)} is the buffer's byte at index {@code i}. */
  private int base;

  /** The reader index when the parse began: the region covers it up to the limit. */
  private int start;

  private int pos;

  /** The buffer's writer index when the parse began: no read goes past it. */
  private int limit;

  /** The array cursor of the same message, once it has one: see {@link ArrayInput#of}. */
  ArrayInput arrayView;

  /**
   * Whether {@code buf} is one direct region whose {@code internalNioBuffer} costs no allocation:
   * not a composite, not derived from another buffer (a slice's or duplicate's region is a new
   * {@code ByteBuffer} per call).
   */
  static boolean covers(ByteBuf buf) {
    return buf.isDirect()
        && buf.nioBufferCount() == 1
        && buf.unwrap() == null
        && !(buf instanceof CompositeByteBuf);
  }

  /** {@code reuse} if it is a region cursor, else the one paired with it (see ArrayInput#of). */
  static RegionInput of(ProtoInput reuse) {
    if (reuse instanceof RegionInput r) {
      return r;
    }
    if (reuse instanceof ArrayInput a) {
      if (a.regionView == null) {
        a.regionView = new RegionInput();
        a.regionView.arrayView = a;
      }
      return a.regionView;
    }
    return new RegionInput();
  }

  /**
   * The cursor of {@link #of}({@code reuse}), over {@code buf}: one NIO region, which {@code
   * internalNioBuffer} returns without allocating (not a derived buffer's).
   */
  static RegionInput open(ByteBuf buf, ProtoInput reuse) {
    RegionInput in = of(reuse);
    in.buf = buf;
    int from = buf.readerIndex();
    int to = buf.writerIndex();
    in.start = from;
    in.pos = from;
    in.limit = to;
    in.fetch();
    return in;
  }

  @Override
  public void forget() {
    dropMemory();
    if (arrayView != null) {
      arrayView.dropMemory();
    }
  }

  void dropMemory() {
    buf = null;
    region = null;
  }

  /**
   * Fetches the region from Netty. Netty shares one region object per buffer and moves its position
   * and limit in other calls on that buffer, during a parse too (a string decoded by {@code
   * ByteBufUtil}, or read into an array by Netty 4.2's ByteBuffer-backed direct buffers, as unknown
   * fields are): reads here are absolute, so its position does not matter, and a read that finds
   * its limit moved below it fetches it again ({@link #region(int, int)}).
   */
  private ByteBuffer fetch() {
    ByteBuffer r = buf.internalNioBuffer(start, limit - start);
    region = r;
    base = r.position() - start;
    return r;
  }

  /** The buffer's byte at index {@code i}, which the caller checked to be below the limit. */
  private byte byteAt(int i) {
    return region(i, 1).get(base + i);
  }

  /**
   * The region, fetched again if Netty moved its shared limit below the {@code n} bytes at index
   * {@code i} (see fetch): one compare against the limit, the one the get itself makes.
   */
  private ByteBuffer region(int i, int n) {
    ByteBuffer r = region;
    return base + i <= r.limit() - n ? r : fetch();
  }

  @Override
  public int position() {
    return pos;
  }

  @Override
  public void skipTo(int index) {
    pos = index;
  }

  @Override
  public int readVarint32() {
    return (int) readVarint64();
  }

  @Override
  public long readVarint64() {
    // The one-byte varint (every tag, most values) inline; the rest out of line, as the byte
    // chain's readByte() front and Varints.readRemaining.
    int i = pos;
    if (i < limit) {
      byte x = byteAt(i);
      if (x >= 0) {
        pos = i + 1;
        return x;
      }
    }
    return readMore(i);
  }

  /** The varint at {@code i} past its first byte, or the error when none is there. */
  private long readMore(int i) {
    if (i >= limit) {
      throw new IndexOutOfBoundsException("no readable byte at index " + i);
    }
    long r = byteAt(i) & 0x7f;
    int room = limit - i;
    // A constant trip count: see ArrayInput.
    for (int k = 1; k < 10; k++) {
      if (k >= room) {
        pos = limit;
        throw new IndexOutOfBoundsException("varint cut off at index " + limit);
      }
      byte x = byteAt(i + k);
      r |= (long) (x & 0x7f) << (7 * k);
      if (x >= 0) {
        pos = i + k + 1;
        return r;
      }
    }
    pos = i + 10;
    throw Varints.malformed();
  }

  @Override
  public int readFixed32() {
    int i = pos;
    if (limit - i < 4) {
      throw new IndexOutOfBoundsException("4 bytes at index " + i + ", limit " + limit);
    }
    pos = i + 4;
    return Integer.reverseBytes(region(i, 4).getInt(base + i));
  }

  @Override
  public long readFixed64() {
    int i = pos;
    if (limit - i < 8) {
      throw new IndexOutOfBoundsException("8 bytes at index " + i + ", limit " + limit);
    }
    pos = i + 8;
    return Long.reverseBytes(region(i, 8).getLong(base + i));
  }
}
