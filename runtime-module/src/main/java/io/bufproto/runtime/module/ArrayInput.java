package io.bufproto.runtime.module;

import io.bufproto.api.spi.ProtoInput;
import io.bufproto.api.spi.Varints;
import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * A cursor over a heap buffer's array, resolved once per parse: plain array loads between the
 * reader index and the writer index, no Netty call per read (and no megamorphic one where several
 * buffer classes meet). Errors match the byte chain's: a varint cut off by the end consumes the
 * bytes before it and throws {@link IndexOutOfBoundsException}, as Netty's {@code readByte()} does.
 */
final class ArrayInput extends ProtoInput {

  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private byte[] array;

  /** {@code array[base + i]} is the buffer's byte at index {@code i}. */
  private int base;

  private int pos;

  /** The buffer's writer index when the parse began: no read goes past it. */
  private int limit;

  /** The region cursor of the same message, once it has one: see {@link #of}. */
  RegionInput regionView;

  /**
   * {@code reuse} if it is an array cursor, else the array cursor paired with it, made on first
   * use: a message keeps one cursor ({@code BufReader.open}), so a message parsed from heap and
   * direct buffers in turn would otherwise allocate a cursor at every change of kind.
   */
  static ArrayInput of(ProtoInput reuse) {
    if (reuse instanceof ArrayInput a) {
      return a;
    }
    if (reuse instanceof RegionInput r) {
      if (r.arrayView == null) {
        r.arrayView = new ArrayInput();
        r.arrayView.regionView = r;
      }
      return r.arrayView;
    }
    return new ArrayInput();
  }

  /** The cursor of {@link #of}({@code reuse}), over {@code buf} ({@code hasArray()}). */
  static ArrayInput open(ByteBuf buf, ProtoInput reuse) {
    ArrayInput in = of(reuse);
    in.buf = buf;
    in.array = buf.array();
    in.base = buf.arrayOffset();
    in.pos = buf.readerIndex();
    in.limit = buf.writerIndex();
    return in;
  }

  @Override
  public void forget() {
    dropMemory();
    if (regionView != null) {
      regionView.dropMemory();
    }
  }

  void dropMemory() {
    buf = null;
    array = null;
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
      byte x = array[base + i];
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
    byte[] a = array;
    int o = base + i;
    long r = a[o] & 0x7f;
    int room = limit - i;
    // A constant trip count, the limit checked inside: bounded by min(limit, i + 10) instead, C2
    // builds pre-, main and post-loops, which cost more than they save for the 2 or 3 bytes of a
    // varint (ViewExperiment.loop_heap walks about half as fast).
    for (int k = 1; k < 10; k++) {
      if (k >= room) {
        pos = limit;
        throw new IndexOutOfBoundsException("varint cut off at index " + limit);
      }
      byte x = a[o + k];
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
    return (int) INTS.get(array, base + i);
  }

  @Override
  public long readFixed64() {
    int i = pos;
    if (limit - i < 8) {
      throw new IndexOutOfBoundsException("8 bytes at index " + i + ", limit " + limit);
    }
    pos = i + 8;
    return (long) LONGS.get(array, base + i);
  }
}
