package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.BufferOverflowException;
import java.nio.ByteOrder;

/**
 * Wire-format writing for generated code; reading and sizes are in {@link ProtoCodec}.
 *
 * <p>Generated {@code writeTo(ByteBuf)} computes the exact size, makes room once and composes the
 * message in a {@code byte[]}: the target's own array when it has one ({@link ByteBuf#hasArray},
 * written in place), else a scratch array kept on the message, copied into the target once by
 * {@link #endWrite} (one Netty call per message: one bounds, reference-count and leak-record check,
 * whatever the buffer's class, wrapped or composite). A message larger than {@link #MAX_SCRATCH}
 * goes through {@link #writeLarge} instead: composed in a chunk of bounded size, copied into the
 * target each time it fills, so that no array as large as the message is allocated ({@link
 * ChunkedWrite}). Every method takes the array, the index {@code at} to write at and the message's
 * {@code end}, and returns the index after what it wrote; stores are plain array stores and
 * little-endian {@code VarHandle} views, so no runtime and no JDK-internal memory access is
 * involved. Why an array, not Netty's stores: an ASCII string is one {@code String.getBytes} (one
 * {@code arraycopy} for a compact string) instead of a store per 8 chars, and every other store
 * skips Netty's per-call checks and the writer's type test (docs/design/writes.md, with the
 * rejected alternative: Netty's stores at an index threaded through the generated code).
 *
 * <p><b>Bounds.</b> Every store checks itself against {@code end}, the end of the space reserved
 * for the message ({@code end - at >= width}; a wide store that may run past the value, e.g. 8
 * bytes for a 3-byte varint, needs 8 bytes before {@code end}); what does not fit takes the
 * byte-at-a-time path, and a byte that does not fit calls {@link ChunkedWrite#flush}: in a chunk it
 * makes room, anywhere else it throws {@link BufferOverflowException}. So even a message changed
 * while being written (a size that no longer matches) never writes outside its space (in a heap
 * buffer's array: outside the bytes it reserved); generated code turns the exception into {@link
 * WriteFailure#modifiedWhileWriting}. Bytes between the value and {@code end} may be written over
 * by a wide store: the caller writes what follows there. No store goes back before the index it was
 * given.
 */
public final class ProtoWriter {

  private ProtoWriter() {}

  private static final io.bufproto.api.spi.BufWriter W = ProtoCodec.WRITER;
  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  // ---- Where the bytes go

  /**
   * The largest message composed in a scratch array kept on the message (so the most any message
   * keeps for writing); a larger one is written by {@link #writeLarge}.
   */
  public static final int MAX_SCRATCH = 4096;

  /**
   * A new scratch array for a message of {@code size} bytes (at most {@link #MAX_SCRATCH}), rounded
   * up so that a message that grows a little does not allocate at every write.
   */
  public static byte[] scratch(int size) {
    return new byte[size <= 128 ? 128 : Integer.highestOneBit(size - 1) << 1];
  }

  /**
   * Writes {@code message} (of {@code size} bytes, more than {@link #MAX_SCRATCH}) at {@code out}'s
   * writer index, where room was made, composed a chunk at a time ({@link ChunkedWrite}); advances
   * the writer index past it.
   *
   * @throws IllegalStateException if another number of bytes was written than announced
   */
  public static void writeLarge(InternalMessage message, ByteBuf out, int size) {
    ChunkedWrite.write(message, out, size);
  }

  /**
   * Completes a write composed in {@code array} (see the class comment): checks that exactly {@code
   * size} bytes were written ({@code written}), copies them from {@code array}'s start into {@code
   * out} at its writer index unless {@code array} is {@code out}'s own (it was written in place),
   * and advances the writer index past them.
   *
   * @throws IllegalStateException if another number of bytes was written than announced (the
   *     message was changed while being written, or a size computation is wrong)
   */
  public static void endWrite(ByteBuf out, byte[] array, int written, int size) {
    if (written != size) {
      throw WriteFailure.modifiedWhileWriting(written, size);
    }
    int at = out.writerIndex();
    if (!out.hasArray()) {
      W.setBytes(out, at, array, size);
    }
    out.writerIndex(at + size);
  }

  // ---- Single bytes and tags

  /** Stores one byte. */
  public static int writeByte(byte[] out, int at, int end, int value) {
    if (at >= end) {
      at = ChunkedWrite.flush(out, at);
    }
    out[at] = (byte) value;
    return at + 1;
  }

  /** Stores two bytes, the low byte of {@code value} first (a two-byte tag). */
  public static int writeShortLE(byte[] out, int at, int end, int value) {
    if (end - at < 2) {
      at = ChunkedWrite.flush(out, at);
    }
    SHORT.set(out, at, (short) value);
    return at + 2;
  }

  // ---- Varints

  /** Writes {@code value} as an unsigned varint of 1 to 5 bytes. */
  public static int writeVarint32(byte[] out, int at, int end, int value) {
    return writeVarint64(out, at, end, value & 0xffffffffL);
  }

  /** Writes {@code value} as an unsigned varint of 1 to 10 bytes. */
  public static int writeVarint64(byte[] out, int at, int end, long value) {
    if ((value & ~0x7fL) == 0 && at < end) {
      out[at] = (byte) value;
      return at + 1;
    }
    if ((value & ~0xffffffffffffffL) == 0 && end - at >= 8) {
      // Up to 8 bytes in one store instead of one per byte; the store may cover bytes after the
      // varint, inside the message, written next. Also in writeVarintRare, on purpose: one copy
      // only measured slower (docs/design/writes.md, "Rejected").
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      LONG.set(out, at, spread(value) | continuation);
      return at + n;
    }
    return writeVarintRare(out, at, end, value);
  }

  /**
   * Out of line, so that the callers above stay small enough to inline into every field write
   * (PrintInlining showed "already compiled into a big method" when this was inlined): varints of 9
   * or 10 bytes, varints after a tag that do not fit the tag's store, and varints within 8 bytes of
   * {@code end}.
   */
  private static int writeVarintRare(byte[] out, int at, int end, long value) {
    if ((value & ~0xffffffffffffffL) == 0 && end - at >= 8) {
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      LONG.set(out, at, spread(value) | continuation);
      return at + n;
    }
    if ((value & ~0xffffffffffffffL) != 0 && end - at >= 10) {
      // 9 or 10 bytes (negative int32/int64 take 10): the first 8 in one store, then the rest.
      LONG.set(out, at, spread(value) | 0x8080808080808080L);
      int high = (int) (value >>> 56);
      if (high < 0x80) {
        out[at + 8] = (byte) high;
        return at + 9;
      }
      SHORT.set(out, at + 8, (short) (high | 0x80 | 1 << 8));
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
  public static int writeTagVarint32(byte[] out, int at, int end, int tag, int value) {
    if ((value & ~0x7f) == 0 && end - at >= 2) {
      SHORT.set(out, at, (short) (tag | value << 8));
      return at + 2;
    }
    if ((value & ~0x3fff) == 0 && end - at >= 3) {
      SHORT.set(out, at, (short) (tag | (value | 0x80) << 8));
      out[at + 2] = (byte) (value >>> 7);
      return at + 3;
    }
    return writeTagVarintSlow(out, at, end, tag, value & 0xffffffffL);
  }

  /** Writes the one-byte {@code tag} and {@code value} as an unsigned varint of up to 10 bytes. */
  public static int writeTagVarint64(byte[] out, int at, int end, int tag, long value) {
    if ((value & ~0x7fL) == 0 && end - at >= 2) {
      SHORT.set(out, at, (short) (tag | (int) value << 8));
      return at + 2;
    }
    if ((value & ~0x3fffL) == 0 && end - at >= 3) {
      SHORT.set(out, at, (short) (tag | ((int) value | 0x80) << 8));
      out[at + 2] = (byte) (value >>> 7);
      return at + 3;
    }
    return writeTagVarintSlow(out, at, end, tag, value);
  }

  private static int writeTagVarintSlow(byte[] out, int at, int end, int tag, long value) {
    if ((value & ~0x1ffffffffffffL) == 0 && end - at >= 8) {
      // Tag and a varint of 2 to 7 bytes (49 bits): one store, tag in the first byte.
      int n = ProtoCodec.varint64Size(value);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      LONG.set(out, at, tag | (spread(value) | continuation) << 8);
      return at + 1 + n;
    }
    return writeVarintRare(out, writeByte(out, at, end, tag), end, value);
  }

  /** Writes the one-byte {@code tag} and 4 little-endian bytes. */
  private static int writeTagFixed32(byte[] out, int at, int end, int tag, int bits) {
    if (end - at >= 8) {
      LONG.set(out, at, tag | (bits & 0xffffffffL) << 8);
      return at + 5;
    }
    return writeFixed32(out, writeByte(out, at, end, tag), end, bits);
  }

  /** Negative values are sign-extended to ten bytes, as protobuf-java does. */
  public static int writeInt32(byte[] out, int at, int end, int tag, int value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeEnum(byte[] out, int at, int end, int tag, int value) {
    return writeInt32(out, at, end, tag, value);
  }

  public static int writeUInt32(byte[] out, int at, int end, int tag, int value) {
    return writeTagVarint32(out, at, end, tag, value);
  }

  public static int writeSInt32(byte[] out, int at, int end, int tag, int value) {
    return writeTagVarint32(out, at, end, tag, (value << 1) ^ (value >> 31));
  }

  public static int writeInt64(byte[] out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeUInt64(byte[] out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, value);
  }

  public static int writeSInt64(byte[] out, int at, int end, int tag, long value) {
    return writeTagVarint64(out, at, end, tag, (value << 1) ^ (value >> 63));
  }

  public static int writeBool(byte[] out, int at, int end, int tag, boolean value) {
    return writeShortLE(out, at, end, tag | (value ? 1 << 8 : 0));
  }

  public static int writeFixed32(byte[] out, int at, int end, int tag, int value) {
    return writeTagFixed32(out, at, end, tag, value);
  }

  public static int writeSFixed32(byte[] out, int at, int end, int tag, int value) {
    return writeTagFixed32(out, at, end, tag, value);
  }

  public static int writeFloat(byte[] out, int at, int end, int tag, float value) {
    return writeTagFixed32(out, at, end, tag, Float.floatToRawIntBits(value));
  }

  // Tag and 8 bytes are 9: two stores either way.
  public static int writeFixed64(byte[] out, int at, int end, int tag, long value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, value);
  }

  public static int writeSFixed64(byte[] out, int at, int end, int tag, long value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, value);
  }

  public static int writeDouble(byte[] out, int at, int end, int tag, double value) {
    return writeFixed64(out, writeByte(out, at, end, tag), end, Double.doubleToRawLongBits(value));
  }

  // ---- Values without a tag (packed elements, map entries, tags of two bytes or more)

  /** int32 and enum: negative values are sign-extended to ten bytes, as protobuf-java does. */
  public static int writeInt32(byte[] out, int at, int end, int value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeEnum(byte[] out, int at, int end, int value) {
    return writeInt32(out, at, end, value);
  }

  public static int writeUInt32(byte[] out, int at, int end, int value) {
    return writeVarint32(out, at, end, value);
  }

  public static int writeInt64(byte[] out, int at, int end, long value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeUInt64(byte[] out, int at, int end, long value) {
    return writeVarint64(out, at, end, value);
  }

  public static int writeSInt32(byte[] out, int at, int end, int value) {
    return writeVarint32(out, at, end, (value << 1) ^ (value >> 31));
  }

  public static int writeSInt64(byte[] out, int at, int end, long value) {
    return writeVarint64(out, at, end, (value << 1) ^ (value >> 63));
  }

  public static int writeBool(byte[] out, int at, int end, boolean value) {
    return writeByte(out, at, end, value ? 1 : 0);
  }

  public static int writeFixed32(byte[] out, int at, int end, int value) {
    if (end - at < 4) {
      at = ChunkedWrite.flush(out, at);
    }
    INT.set(out, at, value);
    return at + 4;
  }

  public static int writeSFixed32(byte[] out, int at, int end, int value) {
    return writeFixed32(out, at, end, value);
  }

  public static int writeFixed64(byte[] out, int at, int end, long value) {
    if (end - at < 8) {
      at = ChunkedWrite.flush(out, at);
    }
    LONG.set(out, at, value);
    return at + 8;
  }

  public static int writeSFixed64(byte[] out, int at, int end, long value) {
    return writeFixed64(out, at, end, value);
  }

  /** Writes the raw bits, so NaN payloads and -0.0 survive. */
  public static int writeFloat(byte[] out, int at, int end, float value) {
    return writeFixed32(out, at, end, Float.floatToRawIntBits(value));
  }

  public static int writeDouble(byte[] out, int at, int end, double value) {
    return writeFixed64(out, at, end, Double.doubleToRawLongBits(value));
  }

  // ---- Bytes

  /**
   * Writes {@code length} bytes from {@code src} at {@code offset} ({@code src}'s indexes
   * unaffected); the length prefix was written before.
   *
   * @throws io.netty.util.IllegalReferenceCountException if {@code src} was released
   */
  public static int writeRaw(byte[] out, int at, int end, ByteBuf src, int offset, int length) {
    if (length > 0) {
      Buffers.checkAlive(src);
    }
    return writeLive(out, at, end, src, offset, length);
  }

  /**
   * Generated-code API: writes the {@code length} bytes at {@code offset} of the buffer {@code src}
   * parsed (a message written as it was received).
   */
  public static int writeParsed(
      byte[] out, int at, int end, ParsedBuffer src, int offset, int length) {
    return writeLive(out, at, end, src.buffer(), offset, length);
  }

  /** {@link #writeRaw} from a buffer checked to be alive (a {@link ParsedBuffer#buffer()}). */
  static int writeLive(byte[] out, int at, int end, ByteBuf src, int offset, int length) {
    if (length > 0) {
      if (end - at < length) {
        return ChunkedWrite.writeThrough(out, at, src, offset, length);
      }
      Buffers.copy(src, offset, length, out, at);
    }
    return at + length;
  }

  /**
   * Writes a string field's bytes (its length prefix was written before) and returns the index
   * after them: copied from {@code src} at {@code srcOffset} when the value was parsed and not
   * changed ({@code srcOffset >= 0}), else encoded from {@code value} ({@link Utf8#write}). {@code
   * word} is the value's {@link Utf8#scan length word} (for a parsed value its byte length, which
   * is the same).
   */
  public static int writeString(
      byte[] out, int at, int end, String value, int word, ParsedBuffer src, int srcOffset) {
    if (srcOffset >= 0) {
      return writeLive(out, at, end, src.buffer(), srcOffset, word);
    }
    return Utf8.write(out, at, end, value, word);
  }

  /** Writes a length prefix and {@code bytes} (a bytes map value). */
  public static int writeBytes(byte[] out, int at, int end, byte[] bytes) {
    at = writeVarint32(out, at, end, bytes.length);
    return writeArray(out, at, end, bytes, 0, bytes.length);
  }

  /** Writes {@code length} bytes of {@code bytes} from {@code offset}. */
  public static int writeArray(byte[] out, int at, int end, byte[] bytes, int offset, int length) {
    if (end - at < length) {
      return ChunkedWrite.writeThrough(out, at, bytes, offset, length);
    }
    System.arraycopy(bytes, offset, out, at, length);
    return at + length;
  }
}
