package io.bufproto.api;

import io.netty.buffer.ByteBuf;
import io.bufproto.api.spi.BufWriter;
import java.nio.BufferOverflowException;
import io.netty.util.IllegalReferenceCountException;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 for string fields, with exactly the JDK's (and so protobuf-java's) treatment of bad
 * input: an unpaired surrogate is encoded as {@code '?'}, malformed bytes decode to U+FFFD.
 * Netty's {@code ByteBufUtil.writeUtf8} differs on some unpaired surrogates, so it is not used.
 */
public final class Utf8 {

  private Utf8() {}

  /** The number of bytes {@link #write} produces for {@code s}. */
  public static int encodedLength(String s) {
    int n = s.length();
    int len = n;
    int i = 0;
    while (i < n && s.charAt(i) < 0x80) {
      i++;
    }
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        len += 1;
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          len += 2; // 4 bytes for 2 chars
          i++;
        } // else: unpaired, encoded as '?': 1 byte
      } else {
        len += 2;
      }
    }
    return len;
  }

  /**
   * Writes {@code s} as UTF-8 at {@code at} and returns the index after it; {@code encodedLength}
   * is {@link #encodedLength}{@code (s)}. Unpaired surrogates become {@code '?'}, as in
   * {@code String.getBytes(UTF_8)}, which protobuf-java falls back to for them. Bytes between the
   * string's end and {@code end} may be written over (8-byte stores): the caller writes what
   * follows there.
   *
   * @throws BufferOverflowException if the string does not fit before {@code end}
   * @throws IllegalStateException if {@code s} does not encode to {@code encodedLength} bytes (it
   *     was changed after its length was computed)
   */
  public static int write(ByteBuf out, int at, int end, String s, int encodedLength) {
    int start = at;
    int n = s.length();
    int i = 0;
    if (encodedLength == n) {
      // Every char is ASCII or an unpaired surrogate: 8 chars per store while ASCII.
      // Measured in jmh StringsBenchmark.bufproto_serialize.
      i = ascii(out, at, end, s, n);
      at += i;
    }
    BufWriter w = ProtoWriter.writer();
    for (; i < n; i++) {
      if (end - at < 4) {
        return writeTail(out, at, end, s, i, start, encodedLength);
      }
      char c = s.charAt(i);
      if (c < 0x80) {
        w.setByte(out, at++, c);
      } else if (c < 0x800) {
        w.setShortLE(out, at, 0xc0 | (c >>> 6) | (0x80 | (c & 0x3f)) << 8);
        at += 2;
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          w.setIntLE(out, at, 0x808080f0 | (cp >>> 18) | ((cp >>> 12) & 0x3f) << 8
              | ((cp >>> 6) & 0x3f) << 16 | (cp & 0x3f) << 24);
          at += 4;
        } else {
          w.setByte(out, at++, '?');
        }
      } else {
        w.setShortLE(out, at, 0xe0 | (c >>> 12) | (0x80 | ((c >>> 6) & 0x3f)) << 8);
        w.setByte(out, at + 2, 0x80 | (c & 0x3f));
        at += 3;
      }
    }
    return checkWritten(at, start, encodedLength);
  }

  /** The last chars, within 4 bytes of {@code end}: a checked byte at a time. */
  private static int writeTail(ByteBuf out, int at, int end, String s, int i, int start, int encodedLength) {
    int n = s.length();
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        at = ProtoWriter.writeByte(out, at, end, c);
      } else if (c < 0x800) {
        at = ProtoWriter.writeByte(out, at, end, 0xc0 | (c >>> 6));
        at = ProtoWriter.writeByte(out, at, end, 0x80 | (c & 0x3f));
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          at = ProtoWriter.writeByte(out, at, end, 0xf0 | (cp >>> 18));
          at = ProtoWriter.writeByte(out, at, end, 0x80 | ((cp >>> 12) & 0x3f));
          at = ProtoWriter.writeByte(out, at, end, 0x80 | ((cp >>> 6) & 0x3f));
          at = ProtoWriter.writeByte(out, at, end, 0x80 | (cp & 0x3f));
        } else {
          at = ProtoWriter.writeByte(out, at, end, '?');
        }
      } else {
        at = ProtoWriter.writeByte(out, at, end, 0xe0 | (c >>> 12));
        at = ProtoWriter.writeByte(out, at, end, 0x80 | ((c >>> 6) & 0x3f));
        at = ProtoWriter.writeByte(out, at, end, 0x80 | (c & 0x3f));
      }
    }
    return checkWritten(at, start, encodedLength);
  }

  private static int checkWritten(int at, int start, int encodedLength) {
    if (at - start != encodedLength) {
      throw new IllegalStateException(
          "string changed while being written: " + (at - start) + " != " + encodedLength);
    }
    return at;
  }

  /**
   * Stores the leading ASCII chars of {@code s} at {@code at}, 8 per store; returns how many.
   * Strings of 8 chars or more end with one store of their last 8 chars, overlapping the one
   * before; shorter ones take one store when 8 bytes remain before {@code end} (the bytes past
   * the string are written over by what follows). Per-byte stores cost a call and a check each;
   * interleaved A/B of this against per-byte puts: AddressBook serialize +23%, Strings +20%.
   * Extracting the 8 chars unrolled (eight charAt with constant offsets) measured 7-8% slower.
   */
  private static int ascii(ByteBuf out, int at, int end, String s, int n) {
    BufWriter w = ProtoWriter.writer();
    if (n < 8) {
      long word;
      if (end - at < 8 || (word = ascii(s, 0, n)) < 0) {
        return 0;
      }
      w.setLongLE(out, at, word);
      return n;
    }
    if (end - at < n) {
      throw new BufferOverflowException();
    }
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long word = ascii(s, i, 8);
      if (word < 0) {
        return i;
      }
      w.setLongLE(out, at + i, word);
    }
    if (i < n) {
      long word = ascii(s, n - 8, 8);
      if (word < 0) {
        return i;
      }
      w.setLongLE(out, at + n - 8, word);
    }
    return n;
  }

  /**
   * {@code count <= 8} ASCII chars from {@code from} as little-endian bytes (the first char in
   * the low byte, stored first), or -1 if one is not ASCII.
   */
  private static long ascii(String s, int from, int count) {
    long w = 0;
    int any = 0;
    for (int k = 0; k < count; k++) {
      char c = s.charAt(from + k);
      any |= c;
      w |= (long) c << (8 * k);
    }
    return any < 0x80 ? w : -1;
  }

  private static final int SCRATCH_SIZE = 1024;
  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.BIG_ENDIAN);
  private static final ThreadLocal<byte[]> SCRATCH = ThreadLocal.withInitial(() -> new byte[SCRATCH_SIZE]);

  /**
   * Decodes {@code length} bytes at {@code index} (indexes unaffected).
   *
   * @throws IllegalReferenceCountException if the buffer was released
   */
  public static String decode(ByteBuf buf, int index, int length) {
    checkAlive(buf);
    if (length == 0) {
      return "";
    }
    if (buf.hasArray()) {
      return new String(buf.array(), buf.arrayOffset() + index, length, StandardCharsets.UTF_8);
    }
    // Direct memory is copied through a per-thread array (strings up to 1 KiB), so the String is
    // all a getter allocates (AllocationTest); the String constructor copies it anyway.
    byte[] tmp = length <= SCRATCH_SIZE ? SCRATCH.get() : new byte[length];
    if (!ProtoWriter.DIRECT_BULK_COPY_ALLOCATES) {
      buf.getBytes(index, tmp, 0, length);
    } else {
      // Netty 4.2 on JDK 24+ (no internal memory accessor) allocates a ByteBuffer duplicate per
      // bulk getBytes from direct memory: copy 8 bytes per checked read instead.
      int i = 0;
      for (; i + 8 <= length; i += 8) {
        LONGS.set(tmp, i, buf.getLong(index + i));
      }
      for (; i < length; i++) {
        tmp[i] = buf.getByte(index + i);
      }
    }
    return new String(tmp, 0, length, StandardCharsets.UTF_8);
  }

  /**
   * Checks that {@code length} bytes at {@code index} are well-formed UTF-8 (no overlong forms,
   * no surrogates, nothing above U+10FFFF), as protobuf-java requires of proto3 strings.
   *
   * @throws InvalidProtobufException if they are not
   */
  public static void checkValid(ByteBuf buf, int index, int length) {
    // ASCII fast path: eight bytes per bounds-checked read while no high bit is set.
    int i = index;
    int end = index + length;
    while (end - i >= 8 && (buf.getLong(i) & 0x8080808080808080L) == 0) {
      i += 8;
    }
    while (i < end && buf.getByte(i) >= 0) {
      i++;
    }
    if (i < end && !validTail(buf, i, end)) {
      throw new InvalidProtobufException("Protocol message had invalid UTF-8.");
    }
  }

  private static boolean validTail(ByteBuf buf, int i, int end) {
    while (i < end) {
      int b = buf.getByte(i++);
      if (b >= 0) {
        continue;
      }
      b &= 0xff;
      if (b < 0xc2) {
        return false; // continuation byte first, or overlong 2-byte form
      }
      if (b < 0xe0) {
        if (i >= end || !continuation(buf.getByte(i++))) {
          return false;
        }
      } else if (b < 0xf0) {
        if (end - i < 2) {
          return false;
        }
        int b1 = buf.getByte(i++) & 0xff;
        int b2 = buf.getByte(i++);
        if (!continuation((byte) b1) || !continuation((byte) b2)
            || (b == 0xe0 && b1 < 0xa0) // overlong
            || (b == 0xed && b1 >= 0xa0)) { // surrogate
          return false;
        }
      } else if (b < 0xf5) {
        if (end - i < 3) {
          return false;
        }
        int b1 = buf.getByte(i++) & 0xff;
        if (!continuation((byte) b1) || !continuation(buf.getByte(i++)) || !continuation(buf.getByte(i++))
            || (b == 0xf0 && b1 < 0x90) // overlong
            || (b == 0xf4 && b1 >= 0x90)) { // above U+10FFFF
          return false;
        }
      } else {
        return false;
      }
    }
    return true;
  }

  private static boolean continuation(byte b) {
    return (b & 0xc0) == 0x80;
  }

  /** Throws Netty's {@link IllegalReferenceCountException} if {@code buf} was released. */
  public static void checkAlive(ByteBuf buf) {
    if (buf.refCnt() == 0) {
      throw new IllegalReferenceCountException(0);
    }
  }

  /**
   * Writes a string field's bytes (its length prefix was written before) and returns the index
   * after them: copied from {@code src} at {@code srcOffset} when the value was parsed and not
   * changed ({@code srcOffset >= 0}), else encoded from {@code value}. {@code length} is the
   * exact UTF-8 length.
   */
  public static int writeValue(ByteBuf out, int at, int end, String value, int length, ByteBuf src, int srcOffset) {
    if (srcOffset >= 0) {
      return ProtoWriter.writeRaw(out, at, end, src, srcOffset, length);
    }
    return write(out, at, end, value, length);
  }
}
