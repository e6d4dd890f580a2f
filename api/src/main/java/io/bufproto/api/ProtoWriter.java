package io.bufproto.api;

import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.BufferOverflowException;

/**
 * Wire-format writing for generated code; reading and sizes are in {@link ProtoCodec}.
 *
 * <p>Generated {@code writeTo(ByteBuf)} computes the exact size, makes room once
 * ({@link #beginWrite}) and writes every field at an index it threads through the calls: each
 * method takes the target, the index {@code at} to write at and the message's {@code end}, and
 * returns the index after what it wrote. The stores go through the {@link BufWriter} chosen with
 * the reader: on the classpath, Netty's unchecked {@code AbstractByteBuf._setXxxLE}. Why: a
 * {@code ByteBuf.writeByte} re-checks writability, bounds and the reference count per byte, and
 * the NIO view we used before paid a bounds check, a position update and a scoped-memory access
 * per put (about a quarter of the samples of SimpleBenchmark.bufproto_serialize). Measured
 * (jmh/ab.sh '*Benchmark.bufproto_serialize$', 3 rounds, JDK 17, ops/us), NIO view -> index and
 * unchecked stores: Simple 8.6 -> 11.3, MessageMetadata 3.5 -> 4.7, AddressBook 4.7 -> 5.3,
 * Strings 1.29 -> 1.55, BaseCommand 41.5 -> 45.1, Packed 2.30 -> 2.43, Deep 2.58 -> 2.60.
 *
 * <p><b>Bounds.</b> Every store checks itself against {@code end}, the end of the space
 * beginWrite reserved for the message ({@code end - at >= width}; a wide store that may run past
 * the value, e.g. 8 bytes for a 3-byte varint, needs 8 bytes before {@code end}); what does not
 * fit takes the byte-at-a-time path, which throws {@link BufferOverflowException} at {@code end}.
 * So even a message changed while being written (a size that no longer matches) never writes
 * outside its reserved space; generated code turns the exception into
 * {@link #modifiedWhileWriting}. Bytes between the value and {@code end} may be written over by a
 * wide store: the caller writes what follows there.
 */
public final class ProtoWriter {

  private ProtoWriter() {}

  private static final BufWriter W = ProtoCodec.WRITER;

  // ---- Where the bytes go

  /**
   * Makes room for {@code size} bytes at {@code out}'s writer index and returns the buffer to
   * store them in, at {@link #startIndex}: {@code out} itself, or for a multi-component
   * {@link CompositeByteBuf} the component that holds all {@code size} bytes (Netty's cached
   * slice of it: no allocation). Bytes that straddle two components are stored into the
   * composite itself, through its checked setters.
   */
  public static ByteBuf beginWrite(ByteBuf out, int size) {
    out.ensureWritable(size);
    if (size == 0 || !(out instanceof CompositeByteBuf)) {
      return out;
    }
    CompositeByteBuf composite = (CompositeByteBuf) out;
    int at = composite.writerIndex();
    int index = composite.toComponentIndex(at);
    ByteBuf part = composite.internalComponent(index);
    int offset = at - composite.toByteIndex(index);
    return offset + size <= part.capacity() ? part : out;
  }

  /** The index in {@code to}, as returned by {@link #beginWrite}, at which the message starts. */
  public static int startIndex(ByteBuf out, ByteBuf to) {
    int at = out.writerIndex();
    if (to == out) {
      return at;
    }
    CompositeByteBuf composite = (CompositeByteBuf) out;
    return at - composite.toByteIndex(composite.toComponentIndex(at));
  }

  /**
   * Completes {@link #beginWrite}: checks that exactly {@code size} bytes were written
   * ({@code written}) and advances {@code out}'s writer index past them.
   *
   * @throws IllegalStateException if another number of bytes was written than announced (the
   *     message was changed while being written, or a size computation is wrong)
   */
  public static void endWrite(ByteBuf out, int written, int size) {
    if (written != size) {
      throw modifiedWhileWriting(written, size);
    }
    out.writerIndex(out.writerIndex() + size);
  }

  /** The buffer to write a message of {@code bytes.length} bytes into a new array (toByteArray). */
  public static ByteBuf wrap(byte[] bytes) {
    return Unpooled.wrappedBuffer(bytes);
  }

  /** The exception for a write that did not fit the size announced (see {@link #endWrite}). */
  public static IllegalStateException modifiedWhileWriting(int written, int size) {
    return new IllegalStateException("wrote " + (written < 0 ? "more than" : String.valueOf(written))
        + " bytes, announced " + size
        + ": the message was modified while being written (or a size computation is wrong)");
  }

  // ---- Single bytes and tags

  /** Stores one byte. */
  public static int writeByte(ByteBuf out, int at, int end, int value) {
    if (at >= end) {
      throw new BufferOverflowException();
    }
    W.setByte(out, at, value);
    return at + 1;
  }

  /** Stores two bytes, the low byte of {@code value} first (a two-byte tag). */
  public static int writeShortLE(ByteBuf out, int at, int end, int value) {
    if (end - at < 2) {
      throw new BufferOverflowException();
    }
    W.setShortLE(out, at, value);
    return at + 2;
  }

  // ---- Varints

  /** Writes {@code value} as an unsigned varint of 1 to 5 bytes. */
  public static int writeVarint32(ByteBuf out, int at, int end, int value) {
    return writeVarint64(out, at, end, value & 0xffffffffL);
  }

  /** Writes {@code value} as an unsigned varint of 1 to 10 bytes. */
  public static int writeVarint64(ByteBuf out, int at, int end, long value) {
    if ((value & ~0x7fL) == 0 && at < end) {
      W.setByte(out, at, (int) value);
      return at + 1;
    }
    if ((value & ~0xffffffffffffffL) == 0 && end - at >= 8) {
      // Up to 8 bytes in one store instead of one per byte; the store may cover bytes after the
      // varint, inside the message, written next. The same store is in writeVarintRare, on
      // purpose: leaving it only there (one copy, a smaller method here) measured slower
      // (jmh/ab.sh '*Benchmark.bufproto_serialize$', 3 rounds, JDK 17, ops/us: Packed 2.20 ->
      // 1.95, Deep 2.57 -> 2.23, every round).
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      W.setLongLE(out, at, spread(value) | continuation);
      return at + n;
    }
    return writeVarintRare(out, at, end, value);
  }

  /**
   * Out of line, so that the callers above stay small enough to inline into every field write
   * (PrintInlining showed "already compiled into a big method" when this was inlined): varints
   * of 9 or 10 bytes, varints after a tag that do not fit the tag's store, and varints within 8
   * bytes of {@code end}.
   */
  private static int writeVarintRare(ByteBuf out, int at, int end, long value) {
    if ((value & ~0xffffffffffffffL) == 0 && end - at >= 8) {
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      W.setLongLE(out, at, spread(value) | continuation);
      return at + n;
    }
    if ((value & ~0xffffffffffffffL) != 0 && end - at >= 10) {
      // 9 or 10 bytes (negative int32/int64 take 10): the first 8 in one store, then the rest.
      W.setLongLE(out, at, spread(value) | 0x8080808080808080L);
      int high = (int) (value >>> 56);
      if (high < 0x80) {
        W.setByte(out, at + 8, high);
        return at + 9;
      }
      W.setShortLE(out, at + 8, high | 0x80 | 1 << 8);
      return at + 10;
    }
    while ((value & ~0x7fL) != 0) {
      at = writeByte(out, at, end, ((int) value & 0x7f) | 0x80);
      value >>>= 7;
    }
    return writeByte(out, at, end, (int) value);
  }

  /** Spreads the low 56 bits of {@code v} into the low 7 bits of each of 8 bytes. */
  private static long spread(long v) {
    v = (v & 0x000000000fffffffL) | ((v & 0x00fffffff0000000L) << 4);
    v = (v & 0x00003fff00003fffL) | ((v & 0x0fffc0000fffc000L) << 2);
    return (v & 0x007f007f007f007fL) | ((v & 0x3f803f803f803f80L) << 1);
  }

  // ---- A one-byte tag and its value in one store where they fit. Half the stores for scalar
  // fields and length prefixes. The generator uses these for tags below 128.

  /** Writes the one-byte {@code tag} and {@code value} as an unsigned varint. */
  public static int writeTagVarint32(ByteBuf out, int at, int end, int tag, int value) {
    if ((value & ~0x7f) == 0 && end - at >= 2) {
      W.setShortLE(out, at, tag | value << 8);
      return at + 2;
    }
    return writeTagVarintSlow(out, at, end, tag, value & 0xffffffffL);
  }

  /** Writes the one-byte {@code tag} and {@code value} as an unsigned varint of up to 10 bytes. */
  public static int writeTagVarint64(ByteBuf out, int at, int end, int tag, long value) {
    if ((value & ~0x7fL) == 0 && end - at >= 2) {
      W.setShortLE(out, at, tag | (int) value << 8);
      return at + 2;
    }
    return writeTagVarintSlow(out, at, end, tag, value);
  }

  private static int writeTagVarintSlow(ByteBuf out, int at, int end, int tag, long value) {
    if ((value & ~0x1ffffffffffffL) == 0 && end - at >= 8) {
      // Tag and a varint of 2 to 7 bytes (49 bits): one store, tag in the first byte.
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      W.setLongLE(out, at, tag | (spread(value) | continuation) << 8);
      return at + 1 + n;
    }
    return writeVarintRare(out, writeByte(out, at, end, tag), end, value);
  }

  /** Writes the one-byte {@code tag} and 4 little-endian bytes. */
  private static int writeTagFixed32(ByteBuf out, int at, int end, int tag, int bits) {
    if (end - at >= 8) {
      W.setLongLE(out, at, tag | (bits & 0xffffffffL) << 8);
      return at + 5;
    }
    return writeFixed32(out, writeByte(out, at, end, tag), end, bits);
  }

  /** Negative values are sign-extended to ten bytes, as protobuf-java does. */
  public static int writeInt32(ByteBuf out, int at, int end, int tag, int value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeEnum(ByteBuf out, int at, int end, int tag, int value) {
    return writeInt32(out, at, end, tag, value);
  }

  public static int writeUInt32(ByteBuf out, int at, int end, int tag, int value) {
    return writeTagVarint32(out, at, end, tag, value);
  }

  public static int writeSInt32(ByteBuf out, int at, int end, int tag, int value) {
    return writeTagVarint32(out, at, end, tag, (value << 1) ^ (value >> 31));
  }

  public static int writeInt64(ByteBuf out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeUInt64(ByteBuf out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeSInt64(ByteBuf out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, (value << 1) ^ (value >> 63));
  }

  public static int writeBool(ByteBuf out, int at, int end, int tag, boolean value) {
    return writeShortLE(out, at, end, tag | (value ? 1 << 8 : 0));
  }

  public static int writeFixed32(ByteBuf out, int at, int end, int tag, int value) {
    return writeTagFixed32(out, at, end, tag, value);
  }

  public static int writeSFixed32(ByteBuf out, int at, int end, int tag, int value) {
    return writeTagFixed32(out, at, end, tag, value);
  }

  public static int writeFloat(ByteBuf out, int at, int end, int tag, float value) {
    return writeTagFixed32(out, at, end, tag, Float.floatToRawIntBits(value));
  }

  // Tag and 8 bytes are 9: two stores either way.
  public static int writeFixed64(ByteBuf out, int at, int end, int tag, long value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, value);
  }

  public static int writeSFixed64(ByteBuf out, int at, int end, int tag, long value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, value);
  }

  public static int writeDouble(ByteBuf out, int at, int end, int tag, double value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, Double.doubleToRawLongBits(value));
  }

  // ---- Values without a tag (packed elements, map entries, tags of two bytes or more)

  /** int32 and enum: negative values are sign-extended to ten bytes, as protobuf-java does. */
  public static int writeInt32(ByteBuf out, int at, int end, int value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeEnum(ByteBuf out, int at, int end, int value) {
    return writeInt32(out, at, end, value);
  }

  public static int writeUInt32(ByteBuf out, int at, int end, int value) {
    return writeVarint32(out, at, end, value);
  }

  public static int writeInt64(ByteBuf out, int at, int end, long value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeUInt64(ByteBuf out, int at, int end, long value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeSInt32(ByteBuf out, int at, int end, int value) {
    return writeVarint32(out, at, end, (value << 1) ^ (value >> 31));
  }

  public static int writeSInt64(ByteBuf out, int at, int end, long value) {
    return writeVarint64(out, at, end, (value << 1) ^ (value >> 63));
  }

  public static int writeBool(ByteBuf out, int at, int end, boolean value) {
    return writeByte(out, at, end, value ? 1 : 0);
  }

  public static int writeFixed32(ByteBuf out, int at, int end, int value) {
    if (end - at < 4) {
      throw new BufferOverflowException();
    }
    W.setIntLE(out, at, value);
    return at + 4;
  }

  public static int writeSFixed32(ByteBuf out, int at, int end, int value) {
    return writeFixed32(out, at, end, value);
  }

  public static int writeFixed64(ByteBuf out, int at, int end, long value) {
    if (end - at < 8) {
      throw new BufferOverflowException();
    }
    W.setLongLE(out, at, value);
    return at + 8;
  }

  public static int writeSFixed64(ByteBuf out, int at, int end, long value) {
    return writeFixed64(out, at, end, value);
  }

  /** Writes the raw bits, so NaN payloads and -0.0 survive. */
  public static int writeFloat(ByteBuf out, int at, int end, float value) {
    return writeFixed32(out, at, end, Float.floatToRawIntBits(value));
  }

  public static int writeDouble(ByteBuf out, int at, int end, double value) {
    return writeFixed64(out, at, end, Double.doubleToRawLongBits(value));
  }

  // ---- Bytes

  /**
   * Writes {@code length} bytes from {@code src} at {@code offset} ({@code src}'s indexes
   * unaffected); the length prefix was written before.
   *
   * @throws io.netty.util.IllegalReferenceCountException if {@code src} was released
   */
  public static int writeRaw(ByteBuf out, int at, int end, ByteBuf src, int offset, int length) {
    if (length > 0) {
      Utf8.checkAlive(src);
      copy(src, offset, length, out, at, end);
    }
    return at + length;
  }

  /** Writes a length prefix and {@code bytes} (a bytes map value). */
  public static int writeBytes(ByteBuf out, int at, int end, byte[] bytes) {
    at = writeVarint32(out, at, end, bytes.length);
    return writeArray(out, at, end, bytes, 0, bytes.length);
  }

  /** Writes {@code length} bytes of {@code bytes} from {@code offset}. */
  public static int writeArray(ByteBuf out, int at, int end, byte[] bytes, int offset, int length) {
    if (end - at < length) {
      throw new BufferOverflowException();
    }
    out.setBytes(at, bytes, offset, length);
    return at + length;
  }

  /**
   * Whether Netty's bulk copy from direct memory allocates: in Netty's mode without the JDK's
   * internal memory accessor (Netty 4.2 on JDK 24+ by default) it copies through new
   * {@code ByteBuffer} duplicates per call. ({@code hasMemoryAddress()} is no guide: Netty 4.2
   * reports an address either way.)
   */
  static final boolean DIRECT_BULK_COPY_ALLOCATES = !io.netty.util.internal.PlatformDependent.hasUnsafe();

  /** Copies {@code length} bytes of {@code src} at {@code offset} to {@code out} at {@code at}. */
  static void copy(ByteBuf src, int offset, int length, ByteBuf out, int at, int end) {
    if (end - at < length) {
      throw new BufferOverflowException();
    }
    if (src.hasArray()) {
      out.setBytes(at, src.array(), src.arrayOffset() + offset, length);
      return;
    }
    if (!DIRECT_BULK_COPY_ALLOCATES) {
      out.setBytes(at, src, offset, length);
      return;
    }
    // Netty's direct buffers in that mode (Netty 4.2 on JDK 24+) allocate ByteBuffer duplicates
    // per bulk copy: copy 8 bytes per checked read instead (AllocationTest).
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      W.setLongLE(out, at + i, src.getLongLE(offset + i));
    }
    for (; i < length; i++) {
      W.setByte(out, at + i, src.getByte(offset + i));
    }
  }

  /** The writer, for {@link Utf8}'s stores. */
  static BufWriter writer() {
    return W;
  }
}
