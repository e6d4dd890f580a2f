package io.bufproto.api.internal;

import io.bufproto.api.InvalidProtobufException;
import io.netty.buffer.ByteBuf;
import java.nio.BufferOverflowException;
import java.nio.charset.StandardCharsets;

/**
 * UTF-8 for string fields, with exactly the JDK's (and so protobuf-java's) treatment of bad input:
 * an unpaired surrogate is encoded as {@code '?'}, malformed bytes decode to U+FFFD. Netty's {@code
 * ByteBufUtil.writeUtf8} differs on some unpaired surrogates, so it is not used.
 */
public final class Utf8 {

  private Utf8() {}

  /**
   * Scans {@code s} once for what writing it needs, as one int, its <em>length word</em>: the UTF-8
   * length itself when every char is ASCII (below 0x80), else the complement ({@code ~length},
   * negative) of the length. {@link #length} gives the length back; {@link #write} copies an ASCII
   * string with one {@code String.getBytes}. Generated code keeps the word with the value until the
   * value changes, so each string is scanned once.
   */
  public static int scan(String s) {
    int n = s.length();
    int i = 0;
    while (i < n && s.charAt(i) < 0x80) {
      i++;
    }
    return i == n ? n : ~encodedLength(s, i);
  }

  /** The UTF-8 length a {@link #scan length word} stands for. */
  public static int length(int word) {
    return word ^ (word >> 31);
  }

  /** The number of bytes {@link #write} produces for {@code s}. */
  public static int encodedLength(String s) {
    return length(scan(s));
  }

  /** The UTF-8 length of {@code s}, whose chars before {@code i} are ASCII. */
  private static int encodedLength(String s, int i) {
    int n = s.length();
    int len = n;
    for (; i < n; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        continue;
      }
      if (c < 0x800) {
        len += 1;
      } else if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
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
   * Writes {@code s} as UTF-8 at {@code at} and returns the index after it; {@code word} is {@link
   * #scan}{@code (s)}. Unpaired surrogates become {@code '?'}, as in {@code
   * String.getBytes(UTF_8)}, which protobuf-java falls back to for them.
   *
   * <p>An ASCII string is one {@code String.getBytes(int, int, byte[], int)}: for a compact
   * (Latin-1) string one {@code System.arraycopy}, exact UTF-8 because the scan proved every char
   * is below 0x80. This method is kept small so that it inlines at every string field; the per-char
   * encoder is out of line. Rejected: 8 chars assembled per store through {@code charAt} (too big
   * to inline; docs/design/strings.md).
   *
   * @throws BufferOverflowException if the string does not fit before {@code end} (except in a
   *     chunk of {@link ChunkedWrite}, which the string continues after a flush)
   * @throws IllegalStateException if {@code word} does not fit {@code s} (the value was replaced by
   *     another thread while being written; a word of another string of the same length and kind
   *     cannot be told apart, but the bytes still stay within {@code end})
   */
  @SuppressWarnings(
      "deprecation") // getBytes(int, int, byte[], int): exact for ASCII, not for removal
  public static int write(byte[] out, int at, int end, String s, int word) {
    int n = s.length();
    if (word == n && end - at >= n) {
      s.getBytes(0, n, out, at);
      return at + n;
    }
    return writeSlow(out, at, end, s, word);
  }

  /**
   * Non-ASCII strings, strings that do not fit before {@code end} (in a chunk of {@link
   * ChunkedWrite}: the rest goes after a flush; anywhere else: {@link BufferOverflowException}),
   * and the errors of {@link #write}.
   */
  @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int), as in write
  private static int writeSlow(byte[] out, int at, int end, String s, int word) {
    int n = s.length();
    int from = at; // where this string's bytes begin in out
    int flushed = 0; // its bytes already flushed out of a chunk
    if (word >= 0) {
      if (word != n) {
        throw changed(n, word);
      }
      for (int i = 0; i < n; ) {
        if (at == end) {
          at = ChunkedWrite.flush(out, at);
        }
        int k = Math.min(n - i, end - at);
        s.getBytes(i, i + k, out, at);
        i += k;
        at += k;
      }
      return at;
    }
    for (int i = 0; i < n; i++) {
      int c = s.charAt(i);
      if (Character.isSurrogate((char) c)) {
        if (Character.isHighSurrogate((char) c)
            && i + 1 < n
            && Character.isLowSurrogate(s.charAt(i + 1))) {
          c = Character.toCodePoint((char) c, s.charAt(++i));
        } else {
          c = '?'; // unpaired, as String.getBytes(UTF_8) writes it
        }
      }
      int k = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (end - at < k) {
        flushed += at - from;
        at = from = ChunkedWrite.flush(out, at);
      }
      at = put(out, at, c, k);
    }
    int written = flushed + at - from;
    if (written != ~word) {
      throw changed(written, ~word);
    }
    return at;
  }

  /** Stores code point {@code c} as its {@code k} bytes of UTF-8 (room was checked). */
  private static int put(byte[] out, int at, int c, int k) {
    switch (k) {
      case 1 -> out[at] = (byte) c;
      case 2 -> {
        out[at] = (byte) (0xc0 | (c >>> 6));
        out[at + 1] = (byte) (0x80 | (c & 0x3f));
      }
      case 3 -> {
        out[at] = (byte) (0xe0 | (c >>> 12));
        out[at + 1] = (byte) (0x80 | ((c >>> 6) & 0x3f));
        out[at + 2] = (byte) (0x80 | (c & 0x3f));
      }
      default -> {
        out[at] = (byte) (0xf0 | (c >>> 18));
        out[at + 1] = (byte) (0x80 | ((c >>> 12) & 0x3f));
        out[at + 2] = (byte) (0x80 | ((c >>> 6) & 0x3f));
        out[at + 3] = (byte) (0x80 | (c & 0x3f));
      }
    }
    return at + k;
  }

  private static IllegalStateException changed(int written, int length) {
    return new IllegalStateException(
        "string changed while being written: " + written + " != " + length);
  }

  /** The longest string decoded from direct memory through a reused array. */
  private static final int SCRATCH_SIZE = 1024;

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          long[].class, java.nio.ByteOrder.BIG_ENDIAN);
  private static final java.lang.invoke.VarHandle INTS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          int[].class, java.nio.ByteOrder.BIG_ENDIAN);
  private static final java.lang.invoke.VarHandle SHORTS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
          short[].class, java.nio.ByteOrder.BIG_ENDIAN);
  private static final io.bufproto.api.spi.BufReader READER = ProtoCodec.reader();

  /** Each platform thread's scratch, kept for its life. */
  private static final ThreadLocal<byte[]> SCRATCH =
      ThreadLocal.withInitial(() -> new byte[SCRATCH_SIZE]);

  /** The scratches virtual threads take and give back ({@link VirtualThreads}). */
  private static final SharedSlots<byte[]> SHARED_SCRATCH =
      new SharedSlots<>(() -> new byte[SCRATCH_SIZE]);

  /**
   * Decodes the {@code length} bytes of a lazy value at {@code index} in {@code src}.
   *
   * @throws io.netty.util.IllegalReferenceCountException if the message no longer holds that
   *     buffer, or it was released or reused (see {@link ParsedBuffer#buffer()})
   */
  public static String decode(ParsedBuffer src, int index, int length) {
    return decodeLive(src.buffer(), index, length);
  }

  /**
   * Decodes {@code length} bytes at {@code index} (indexes unaffected).
   *
   * @throws io.netty.util.IllegalReferenceCountException if the buffer was released
   */
  public static String decode(ByteBuf buf, int index, int length) {
    Buffers.checkAlive(buf);
    return decodeLive(buf, index, length);
  }

  /**
   * Whether strings decoded from direct memory own the array they were copied into (the JVM was
   * started with {@code --add-exports java.base/jdk.internal.access=ALL-UNNAMED}), rather than
   * being copied through a reused array (a platform thread's own, or one a virtual thread borrows).
   */
  public static boolean decodesIntoOwnedArrays() {
    return OwnedStrings.AVAILABLE;
  }

  /** {@link #decode(ByteBuf, int, int)} of a buffer checked to be alive. */
  private static String decodeLive(ByteBuf buf, int index, int length) {
    if (length == 0) {
      return "";
    }
    if (buf.hasArray()) {
      return new String(buf.array(), buf.arrayOffset() + index, length, StandardCharsets.UTF_8);
    }
    if (OwnedStrings.AVAILABLE) {
      // One copy into the array the String then owns: what LightProto allocates, without the
      // per-thread array's lookup and the constructor's second copy (docs/design/strings.md).
      byte[] bytes = new byte[length];
      copyOut(buf, index, bytes, length);
      return isAscii(bytes, length)
          ? OwnedStrings.latin1(bytes)
          : new String(bytes, StandardCharsets.UTF_8);
    }
    // Direct memory is copied through a reused array (strings up to 1 KiB), so the String is all a
    // getter allocates (AllocationTest); the String constructor copies it anyway.
    if (length > SCRATCH_SIZE) {
      return decodeCopy(buf, index, length, new byte[length]);
    }
    if (VirtualThreads.current()) {
      return decodeShared(buf, index, length);
    }
    return decodeCopy(buf, index, length, SCRATCH.get());
  }

  /**
   * {@link #decodeLive} on a virtual thread: through a shared scratch, or a new array if every one
   * is taken.
   */
  private static String decodeShared(ByteBuf buf, int index, int length) {
    int slot = SHARED_SCRATCH.take(VirtualThreads.probe());
    if (slot < 0) {
      return decodeCopy(buf, index, length, new byte[length]);
    }
    try {
      return decodeCopy(buf, index, length, SHARED_SCRATCH.get(slot));
    } finally {
      SHARED_SCRATCH.give(slot);
    }
  }

  /**
   * Decodes {@code length} bytes at {@code index} through {@code tmp}, as long as that at least.
   */
  private static String decodeCopy(ByteBuf buf, int index, int length, byte[] tmp) {
    copyOut(buf, index, tmp, length);
    // ASCII (the common case) is Latin-1 too: String(byte[], hibyte 0, ...) copies it into a
    // Latin-1 String, small enough to inline (the Charset constructor is not;
    // docs/design/strings.md).
    return isAscii(tmp, length)
        ? asciiString(tmp, length)
        : new String(tmp, 0, length, StandardCharsets.UTF_8);
  }

  /** The String of the first {@code length} bytes of {@code ascii}, all below 0x80. */
  @SuppressWarnings(
      "deprecation") // String(byte[], int, int, int): exact for ASCII, not for removal
  private static String asciiString(byte[] ascii, int length) {
    return new String(ascii, 0, 0, length);
  }

  /**
   * Copies {@code length} bytes at {@code index} into {@code dst}: the runtime's copy if it has
   * one.
   */
  private static void copyOut(ByteBuf buf, int index, byte[] dst, int length) {
    if (!READER.copyBytes(buf, index, dst, length)) {
      Buffers.copy(buf, index, length, dst, 0);
    }
  }

  /** Whether {@code bytes[0, length)} are all below 0x80. */
  private static boolean isAscii(byte[] bytes, int length) {
    long or = 0;
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      or |= (long) LONGS.get(bytes, i);
    }
    // The rest (under 8 bytes) as at most a 4-, a 2- and a 1-byte read; a sign extension sets high
    // bits only for a byte that has its own high bit set.
    if ((length & 4) != 0) {
      or |= (int) INTS.get(bytes, i);
      i += 4;
    }
    if ((length & 2) != 0) {
      or |= (short) SHORTS.get(bytes, i);
      i += 2;
    }
    if ((length & 1) != 0) {
      or |= bytes[i];
    }
    return (or & 0x8080808080808080L) == 0;
  }

  /**
   * Checks that {@code length} bytes at {@code index} are well-formed UTF-8 (no overlong forms, no
   * surrogates, nothing above U+10FFFF), as protobuf-java requires of proto3 strings.
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
      throw ParseFailure.invalidUtf8();
    }
  }

  /**
   * Whether {@code length} bytes at {@code index} are well-formed UTF-8 (see {@link #checkValid}).
   */
  public static boolean isValid(ByteBuf buf, int index, int length) {
    int end = index + length;
    for (int i = index; i < end; i++) {
      if (buf.getByte(i) < 0) {
        return validTail(buf, i, end);
      }
    }
    return true;
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
        if (!continuation((byte) b1)
            || !continuation((byte) b2)
            || (b == 0xe0 && b1 < 0xa0) // overlong
            || (b == 0xed && b1 >= 0xa0)) { // surrogate
          return false;
        }
      } else if (b < 0xf5) {
        if (end - i < 3) {
          return false;
        }
        int b1 = buf.getByte(i++) & 0xff;
        if (!continuation((byte) b1)
            || !continuation(buf.getByte(i++))
            || !continuation(buf.getByte(i++))
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
}
