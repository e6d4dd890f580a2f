package io.bufproto.api;

import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
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
   * Writes {@code s} as UTF-8 at {@code out}'s position; {@code encodedLength} is
   * {@link #encodedLength}{@code (s)}. Unpaired surrogates become {@code '?'}, as in
   * {@code String.getBytes(UTF_8)}, which protobuf-java falls back to for them. Up to 7 bytes
   * between the string's end and {@code out}'s limit may be written over: the caller writes
   * what follows there (the views of {@link ProtoWriter#beginWrite} end where the message ends).
   */
  public static void write(ByteBuffer out, String s, int encodedLength) {
    int start = out.position();
    int n = s.length();
    int i = 0;
    if (encodedLength == n) {
      // Every char is ASCII or an unpaired surrogate: copy ASCII 8 chars per bounds check
      // (heap views write the array). Measured in jmh StringsBenchmark.bufproto_serialize.
      i = out.hasArray() ? asciiToArray(out, s, n) : asciiToBuffer(out, s, n);
    }
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out.put((byte) c);
      } else if (c < 0x800) {
        out.put((byte) (0xc0 | (c >>> 6)));
        out.put((byte) (0x80 | (c & 0x3f)));
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
          int cp = Character.toCodePoint(c, s.charAt(++i));
          out.putInt(0x808080f0 | (cp >>> 18) | ((cp >>> 12) & 0x3f) << 8
              | ((cp >>> 6) & 0x3f) << 16 | (cp & 0x3f) << 24);
        } else {
          out.put((byte) '?');
        }
      } else {
        out.put((byte) (0xe0 | (c >>> 12)));
        out.put((byte) (0x80 | ((c >>> 6) & 0x3f)));
        out.put((byte) (0x80 | (c & 0x3f)));
      }
    }
    if (out.position() - start != encodedLength) {
      throw new IllegalStateException(
          "string changed while being written: " + (out.position() - start) + " != " + encodedLength);
    }
  }

  /** Copies the leading ASCII chars of {@code s} into a heap view; returns how many. */
  private static int asciiToArray(ByteBuffer out, String s, int n) {
    if (out.remaining() < n) {
      throw new java.nio.BufferOverflowException();
    }
    byte[] a = out.array();
    int base = out.arrayOffset() + out.position();
    int i = 0;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      a[base + i] = (byte) c;
    }
    out.position(out.position() + i);
    return i;
  }

  /**
   * Copies the leading ASCII chars of {@code s} with 8-byte absolute puts; returns how many.
   * Strings of 8 chars or more end with one put of their last 8 chars, overlapping the one
   * before; shorter ones take one put when 8 bytes of the target remain (the bytes past the string
   * are overwritten by what follows). Per-byte relative puts cost a position update and bounds
   * check each (Buffer.nextPutIndex was 10% of MessageMetadataBenchmark.bufproto_serialize);
   * interleaved A/B: AddressBook serialize +23%, Strings +20%. Extracting the 8 chars unrolled
   * (eight charAt with constant offsets) instead of the loop measured 7-8% slower.
   */
  private static int asciiToBuffer(ByteBuffer out, String s, int n) {
    int pos = out.position();
    if (n < 8) {
      long w;
      if (out.limit() - pos < 8 || (w = ascii(s, 0, n)) < 0) {
        return 0;
      }
      out.putLong(pos, w);
      out.position(pos + n);
      return n;
    }
    if (out.limit() - pos < n) {
      throw new java.nio.BufferOverflowException();
    }
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long w = ascii(s, i, 8);
      if (w < 0) {
        out.position(pos + i);
        return i;
      }
      out.putLong(pos + i, w);
    }
    if (i < n) {
      long w = ascii(s, n - 8, 8);
      if (w < 0) {
        out.position(pos + i);
        return i;
      }
      out.putLong(pos + n - 8, w);
    }
    out.position(pos + n);
    return n;
  }

  /**
   * {@code count <= 8} ASCII chars from {@code from} as little-endian bytes (the first char in
   * the low byte, as the little-endian view stores it first), or -1 if one is not ASCII.
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
   * Writes a string field's bytes (its length prefix was written before): copied from {@code src}
   * at {@code srcOffset} when the value was parsed and not changed ({@code srcOffset >= 0}), else
   * encoded from {@code value}. {@code length} is the exact UTF-8 length.
   */
  public static void writeValue(ByteBuffer out, String value, int length, ByteBuf src, int srcOffset) {
    if (srcOffset >= 0) {
      if (length > 0) {
        checkAlive(src);
        ProtoWriter.copy(src, srcOffset, length, out);
      }
    } else {
      write(out, value, length);
    }
  }
}
