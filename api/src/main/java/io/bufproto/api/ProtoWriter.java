package io.bufproto.api;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Wire-format writing for generated code; reading and sizes are in {@link ProtoCodec}.
 *
 * Generated writeTo(ByteBuf) computes the exact size, makes room once (beginWrite) and writes
 * every field through a java.nio.ByteBuffer view of the target (the buffer's own cached view:
 * no allocation for pooled and unpooled heap and direct buffers). Why not the ByteBuf: each
 * writeByte re-checks writability, bounds and the reference count, and its call site sees
 * every ByteBuf class of the server; a ByteBuffer put is one bounds check on one of two JDK
 * classes (HeapByteBuffer, DirectByteBuffer). Measured (jmh '*Benchmark.bufproto_serialize$',
 * JDK 17, one fork each, before -> after, ops/us): Strings 0.47 -> 1.11, Simple 4.9 -> 6.1,
 * Deep 1.59 -> 1.86, BaseCommand 21.0 -> 23.4, MessageMetadata 3.26 -> 3.34. Rejected: a
 * scratch byte[] copied with one writeBytes: the issue rules it out and it copies twice.
 *
 * Every method writes at the view's position and advances it; multi-byte puts assume the
 * little-endian order beginWrite sets.
 */
public final class ProtoWriter {

  private ProtoWriter() {}

  /** The view for an empty message into a multi-part composite (nothing is ever put in it). */
  private static final ByteBuffer EMPTY = ByteBuffer.allocate(0).order(ByteOrder.LITTLE_ENDIAN);

  /**
   * Makes room for {@code size} bytes at {@code out}'s writer index and returns the view to
   * write them into (little-endian, positioned at the writer index, limited to {@code size}
   * bytes). Little-endian because the wire's first byte is then a value's low byte: varints and
   * fixed-width values go in without a byte swap (with a big-endian view, each multi-byte put
   * swapped twice: once in our code, once in the buffer).
   *
   * <p>The view is the target's own memory ({@link ByteBuf#internalNioBuffer}, no allocation):
   * of the whole buffer when it is one NIO buffer, of the component the bytes fall in for a
   * multi-component {@link CompositeByteBuf}. Only bytes that straddle two components of a
   * composite go through a new heap buffer, copied in by {@link #endWrite}.
   */
  public static ByteBuffer beginWrite(ByteBuf out, int size) {
    out.ensureWritable(size);
    int at = out.writerIndex();
    ByteBuffer nio;
    if (out.nioBufferCount() == 1) {
      nio = out.internalNioBuffer(at, size);
    } else if (size == 0) {
      return EMPTY;
    } else {
      int index = componentHolding(out, at, size);
      if (index >= 0) {
        CompositeByteBuf composite = (CompositeByteBuf) out;
        nio = composite.internalComponent(index).internalNioBuffer(at - composite.toByteIndex(index), size);
      } else {
        nio = ByteBuffer.allocate(size);
      }
    }
    if (nio.order() != ByteOrder.LITTLE_ENDIAN) {
      nio.order(ByteOrder.LITTLE_ENDIAN);
    }
    return nio;
  }

  /**
   * The index of the component of the composite {@code out} that holds all of
   * {@code [at, at + size)} ({@code size > 0}) as one NIO buffer, or -1. No side effects; Netty caches the slice
   * {@code internalComponent} returns, so this allocates nothing after the first call.
   */
  private static int componentHolding(ByteBuf out, int at, int size) {
    if (!(out instanceof CompositeByteBuf)) {
      return -1;
    }
    CompositeByteBuf composite = (CompositeByteBuf) out;
    int index = composite.toComponentIndex(at);
    ByteBuf part = composite.internalComponent(index);
    int offset = at - composite.toByteIndex(index);
    return offset + size <= part.capacity() && part.nioBufferCount() == 1 ? index : -1;
  }

  /** The view to write a message of {@code bytes.length} bytes into a new array (toByteArray). */
  public static ByteBuffer wrap(byte[] bytes) {
    return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
  }

  /**
   * Completes {@link #beginWrite}: checks that exactly {@code size} bytes were written into
   * {@code nio} and advances {@code out}'s writer index past them.
   *
   * @throws IllegalStateException if fewer bytes were written than announced (the message was
   *     changed while being written, or a size computation is wrong)
   */
  public static void endWrite(ByteBuf out, ByteBuffer nio, int size) {
    if (nio.hasRemaining()) {
      throw modifiedWhileWriting(size - nio.remaining(), size);
    }
    int at = out.writerIndex();
    if (size == 0 || out.nioBufferCount() == 1 || componentHolding(out, at, size) >= 0) {
      out.writerIndex(at + size);
    } else {
      out.writeBytes(nio.array(), nio.arrayOffset(), size);
    }
  }

  /** The exception for a write that did not fit the size announced (see {@link #endWrite}). */
  public static IllegalStateException modifiedWhileWriting(int written, int size) {
    return new IllegalStateException("wrote " + (written < 0 ? "more than" : String.valueOf(written))
        + " bytes, announced " + size
        + ": the message was modified while being written (or a size computation is wrong)");
  }

  /** Writes {@code value} as an unsigned varint of 1 to 5 bytes. */
  public static void writeVarint32(ByteBuffer out, int value) {
    if ((value & ~0x7f) == 0) {
      out.put((byte) value);
      return;
    }
    writeVarint32Slow(out, value);
  }

  private static void writeVarint32Slow(ByteBuffer out, int value) {
    if ((value & ~0x3fff) == 0) {
      out.putShort((short) ((value & 0x7f) | 0x80 | (value >>> 7) << 8));
      return;
    }
    writeVarint64(out, value & 0xffffffffL);
  }

  /** Writes {@code value} as an unsigned varint of 1 to 10 bytes. */
  public static void writeVarint64(ByteBuffer out, long value) {
    if ((value & ~0x7fL) == 0) {
      out.put((byte) value);
      return;
    }
    int pos = out.position();
    if ((value & ~0xffffffffffffffL) == 0 && out.limit() - pos >= 8) {
      // Up to 8 bytes in one store instead of a bounds-checked put per byte; the store may cover
      // bytes after the varint, inside the space reserved for this message, written next.
      // Measured with jmh/ab.sh on *Benchmark.bufproto_serialize (see the commit message).
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      out.putLong(pos, spread(value) | continuation);
      out.position(pos + n);
      return;
    }
    if ((value & ~0xffffffffffffffL) != 0 && out.limit() - pos >= 10) {
      // 9 or 10 bytes (negative int32/int64 take 10): the first 8 in one store, then the rest.
      out.putLong(pos, spread(value) | 0x8080808080808080L);
      int high = (int) (value >>> 56);
      if (high < 0x80) {
        out.put(pos + 8, (byte) high);
        out.position(pos + 9);
      } else {
        out.putShort(pos + 8, (short) (high | 0x80 | 1 << 8));
        out.position(pos + 10);
      }
      return;
    }
    while ((value & ~0x7fL) != 0) {
      out.put((byte) (((int) value & 0x7f) | 0x80));
      value >>>= 7;
    }
    out.put((byte) value);
  }

  /** Spreads the low 56 bits of {@code v} into the low 7 bits of each of 8 bytes. */
  private static long spread(long v) {
    v = (v & 0x000000000fffffffL) | ((v & 0x00fffffff0000000L) << 4);
    v = (v & 0x00003fff00003fffL) | ((v & 0x0fffc0000fffc000L) << 2);
    return (v & 0x007f007f007f007fL) | ((v & 0x3f803f803f803f80L) << 1);
  }

  public static void writeTag(ByteBuffer out, int tag) {
    writeVarint32(out, tag);
  }

  // ---- A one-byte tag and its value in one put where they fit (8 bytes of the view remain).
  // Half the puts for scalar fields and length prefixes: each put is a bounds check, a position
  // update and a scoped-memory access (Buffer.nextPutIndex alone was 23% of
  // SimpleBenchmark.bufproto_serialize samples). The generator uses these for tags below 128.

  /** Writes the one-byte {@code tag} and {@code value} as an unsigned varint. */
  public static void writeTagVarint32(ByteBuffer out, int tag, int value) {
    if ((value & ~0x7f) == 0) {
      out.putShort((short) (tag | value << 8));
      return;
    }
    writeTagVarintSlow(out, tag, value & 0xffffffffL);
  }

  /** Writes the one-byte {@code tag} and {@code value} as an unsigned varint of up to 10 bytes. */
  public static void writeTagVarint64(ByteBuffer out, int tag, long value) {
    if ((value & ~0x7fL) == 0) {
      out.putShort((short) (tag | (int) value << 8));
      return;
    }
    writeTagVarintSlow(out, tag, value);
  }

  private static void writeTagVarintSlow(ByteBuffer out, int tag, long value) {
    int pos = out.position();
    if ((value & ~0x1ffffffffffffL) == 0 && out.limit() - pos >= 8) {
      // Tag and a varint of 2 to 7 bytes (49 bits): one store, tag in the first byte.
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      out.putLong(pos, tag | (spread(value) | continuation) << 8);
      out.position(pos + 1 + n);
      return;
    }
    out.put((byte) tag);
    writeVarint64(out, value);
  }

  /** Writes the one-byte {@code tag} and 4 little-endian bytes. */
  private static void writeTagFixed32(ByteBuffer out, int tag, int bits) {
    int pos = out.position();
    if (out.limit() - pos >= 8) {
      out.putLong(pos, tag | (bits & 0xffffffffL) << 8);
      out.position(pos + 5);
      return;
    }
    out.put((byte) tag);
    out.putInt(bits);
  }

  public static void writeInt32(ByteBuffer out, int tag, int value) {
    if (value >= 0) {
      writeTagVarint32(out, tag, value);
    } else {
      writeTagVarint64(out, tag, value);
    }
  }

  public static void writeEnum(ByteBuffer out, int tag, int value) {
    writeInt32(out, tag, value);
  }

  public static void writeUInt32(ByteBuffer out, int tag, int value) {
    writeTagVarint32(out, tag, value);
  }

  public static void writeSInt32(ByteBuffer out, int tag, int value) {
    writeTagVarint32(out, tag, (value << 1) ^ (value >> 31));
  }

  public static void writeInt64(ByteBuffer out, int tag, long value) {
    writeTagVarint64(out, tag, value);
  }

  public static void writeUInt64(ByteBuffer out, int tag, long value) {
    writeTagVarint64(out, tag, value);
  }

  public static void writeSInt64(ByteBuffer out, int tag, long value) {
    writeTagVarint64(out, tag, (value << 1) ^ (value >> 63));
  }

  public static void writeBool(ByteBuffer out, int tag, boolean value) {
    out.putShort((short) (tag | (value ? 1 << 8 : 0)));
  }

  public static void writeFixed32(ByteBuffer out, int tag, int value) {
    writeTagFixed32(out, tag, value);
  }

  public static void writeSFixed32(ByteBuffer out, int tag, int value) {
    writeTagFixed32(out, tag, value);
  }

  public static void writeFloat(ByteBuffer out, int tag, float value) {
    writeTagFixed32(out, tag, Float.floatToRawIntBits(value));
  }

  // Tag and 8 bytes are 9: two puts either way.
  public static void writeFixed64(ByteBuffer out, int tag, long value) {
    out.put((byte) tag);
    writeFixed64(out, value);
  }

  public static void writeSFixed64(ByteBuffer out, int tag, long value) {
    out.put((byte) tag);
    writeSFixed64(out, value);
  }

  public static void writeDouble(ByteBuffer out, int tag, double value) {
    out.put((byte) tag);
    writeDouble(out, value);
  }

  /** int32 and enum: negative values are sign-extended to ten bytes, as protobuf-java does. */
  public static void writeInt32(ByteBuffer out, int value) {
    if (value >= 0) {
      writeVarint32(out, value);
    } else {
      writeVarint64(out, value);
    }
  }

  public static void writeEnum(ByteBuffer out, int value) {
    writeInt32(out, value);
  }

  public static void writeUInt32(ByteBuffer out, int value) {
    writeVarint32(out, value);
  }

  public static void writeInt64(ByteBuffer out, long value) {
    writeVarint64(out, value);
  }

  public static void writeUInt64(ByteBuffer out, long value) {
    writeVarint64(out, value);
  }

  public static void writeSInt32(ByteBuffer out, int value) {
    writeVarint32(out, (value << 1) ^ (value >> 31));
  }

  public static void writeSInt64(ByteBuffer out, long value) {
    writeVarint64(out, (value << 1) ^ (value >> 63));
  }

  public static void writeBool(ByteBuffer out, boolean value) {
    out.put(value ? (byte) 1 : (byte) 0);
  }

  // Fixed-width values are little-endian on the wire; the view is big-endian (see beginWrite).
  public static void writeFixed32(ByteBuffer out, int value) {
    out.putInt(value);
  }

  public static void writeSFixed32(ByteBuffer out, int value) {
    out.putInt(value);
  }

  public static void writeFixed64(ByteBuffer out, long value) {
    out.putLong(value);
  }

  public static void writeSFixed64(ByteBuffer out, long value) {
    out.putLong(value);
  }

  /** Writes the raw bits, so NaN payloads and -0.0 survive. */
  public static void writeFloat(ByteBuffer out, float value) {
    out.putInt(Float.floatToRawIntBits(value));
  }

  public static void writeDouble(ByteBuffer out, double value) {
    out.putLong(Double.doubleToRawLongBits(value));
  }

  /** Writes a length prefix and the UTF-8 bytes of {@code s}. */
  public static void writeString(ByteBuffer out, String s) {
    int len = Utf8.encodedLength(s);
    writeVarint32(out, len);
    Utf8.write(out, s, len);
  }

  public static void writeBytes(ByteBuffer out, byte[] b) {
    writeVarint32(out, b.length);
    out.put(b);
  }

  /**
   * Writes {@code length} bytes from {@code src} at {@code offset} ({@code src}'s indexes
   * unaffected); the length prefix was written before.
   *
   * @throws io.netty.util.IllegalReferenceCountException if {@code src} was released
   */
  public static void writeRaw(ByteBuffer out, ByteBuf src, int offset, int length) {
    if (length > 0) {
      Utf8.checkAlive(src);
      copy(src, offset, length, out);
    }
  }

  /**
   * Whether Netty's bulk {@code getBytes} from direct memory allocates: in Netty's mode without
   * the JDK's internal memory accessor (Netty 4.2 on JDK 24+ by default) it copies through a new
   * {@code ByteBuffer} duplicate per call. ({@code hasMemoryAddress()} is no guide: Netty 4.2
   * reports an address either way.)
   */
  static final boolean DIRECT_BULK_COPY_ALLOCATES = !io.netty.util.internal.PlatformDependent.hasUnsafe();

  /** Copies {@code length} bytes of {@code src} at {@code offset} to {@code out}'s position. */
  static void copy(ByteBuf src, int offset, int length, ByteBuffer out) {
    int limit = out.limit();
    int end = out.position() + length;
    if (end > limit) {
      throw new BufferOverflowException();
    }
    if (src.hasArray() || !DIRECT_BULK_COPY_ALLOCATES) {
      out.limit(end);
      src.getBytes(offset, out);
      out.limit(limit);
      return;
    }
    // Netty's direct buffers in that mode (Netty 4.2 on JDK 24+) allocate a
    // ByteBuffer duplicate per bulk getBytes: copy 8 bytes per checked read instead (AllocationTest).
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      out.putLong(src.getLongLE(offset + i));
    }
    for (; i < length; i++) {
      out.put(src.getByte(offset + i));
    }
  }
}
