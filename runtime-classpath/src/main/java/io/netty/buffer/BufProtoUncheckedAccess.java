package io.netty.buffer;

import io.bufproto.api.spi.Varints;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * BufProto's one intrusion into Netty: a class in package {@code io.netty.buffer}, so that it may
 * read {@link AbstractByteBuf}'s package-private index fields and call its protected unchecked
 * accessors.
 *
 * <p><b>Contract.</b> {@link #readVarint} and {@link #readVarint64After} decode a varint without
 * Netty's per-call checks (reference count, bounds, and for {@code readByte} the accessibility
 * test), and never from outside the buffer's own memory: the readable bytes ({@code readerIndex <=
 * i < writerIndex}), and for a {@link PooledByteBuf} the whole pool element it was given ({@code i
 * < maxLength}, which may lie past its capacity). A varint that runs on past {@code writerIndex}
 * into that element decodes bytes that are not data: its value is meaningless and the reader index
 * is left past {@code writerIndex}, as {@code BufReader}'s contract allows; the parse then cannot
 * end where its message ends and fails as truncated ({@code ProtoCodec.endMessage}, {@code
 * ParseFailure.at} restores the reader index to {@code writerIndex}). The reference count is not
 * checked here: BufProto checks it once per parse ({@code ProtoCodec.beginMessage}), and a buffer
 * may not be released while it is being parsed. In every other case {@link #readVarint} returns
 * {@link #UNHANDLED} and the caller takes Netty's public API, and {@link #readVarint64After} reads
 * with Netty's {@code readByte()} itself:
 *
 * <ul>
 *   <li>buffers that are not {@link AbstractByteBuf} (the leak-aware wrappers, {@code
 *       WrappedByteBuf}, {@code SwappedByteBuf}, ...);
 *   <li>{@link CompositeByteBuf}, including the leak-aware composite wrappers, which extend it but
 *       delegate, so their own index fields are stale;
 *   <li>a varint with fewer than 8 bytes of the buffer's own memory (above) from its start; varints
 *       longer than 8 bytes.
 * </ul>
 *
 * <p>{@link #setLongs} follows the contract of BufProto's {@code BufWriter}: the caller checked the
 * bytes against the space it reserved.
 *
 * <p>Classpath only: the JVM refuses a named module that contains {@code io.netty.buffer}, and
 * package access needs the same class loader as Netty. The provider calls this class once in {@code
 * try/catch (LinkageError)} and reports itself unusable if that fails.
 */
public final class BufProtoUncheckedAccess {

  /** Returned when this class did not decode: the caller must use the public API. */
  public static final long UNHANDLED = Long.MIN_VALUE;

  /**
   * Little-endian 8-byte views of a {@code byte[]}, for the copies of both directions. A constant
   * here, not a parameter: a {@code VarHandle} the JIT cannot see as constant is invoked through a
   * generic method-handle path at every access.
   */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle SHORTS =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);

  private BufProtoUncheckedAccess() {}

  /**
   * Decodes the varint at {@code readerIndex}, advancing the reader index past it, or returns
   * {@link #UNHANDLED} leaving the buffer untouched: a varint of 9 or 10 bytes (its value may
   * legitimately equal {@code Long.MIN_VALUE}), one with fewer than 8 bytes of the buffer's own
   * memory from its start, a buffer class this class does not handle.
   */
  public static long readVarint(ByteBuf buf) {
    return buf instanceof AbstractByteBuf b && !(buf instanceof CompositeByteBuf)
        ? decode(b, b.readerIndex)
        : UNHANDLED;
  }

  /**
   * The rest of a 64-bit varint whose first byte, {@code first} (its continuation bit set), the
   * caller has just read with {@code readByte()}. A second byte that ends it is read here, without
   * Netty's per-call checks: small enough for C2 to inline at each 64-bit field of a parse, so that
   * the 2-byte values of ids and counts cost no call. Anything longer goes to {@link
   * #longVarint64}, out of line.
   */
  public static long readVarint64After(ByteBuf buf, byte first) {
    if (buf instanceof AbstractByteBuf b && !(buf instanceof CompositeByteBuf)) {
      int i = b.readerIndex;
      if (i < b.writerIndex) {
        byte second = b._getByte(i);
        if (second >= 0) {
          b.readerIndex = i + 1;
          return (first & 0x7fL) | ((long) second << 7);
        }
      }
    }
    return longVarint64(buf, first);
  }

  /**
   * A 64-bit varint of three bytes or more (or any varint where {@link #readVarint64After} cannot
   * read): the one 8-byte load where the buffer's own memory allows it, else Netty's {@code
   * readByte()} for each byte from the second.
   *
   * <p>The byte chain is written out, not looped, and that keeps this method over C2's {@code
   * FreqInlineSize} (325 bytes of bytecode): C2 calls it instead of copying it into every 64-bit
   * field's read. Copied into each site (with the 8-byte load's Netty accessors, about 480 bytes
   * each), the reads of a large message's parse fill C2's budget for one compiled method ({@code
   * DesiredMethodLimit}, 8000 bytes) before its last fields, whose reads then become calls ({@code
   * -XX:+PrintInlining}: "size > DesiredMethodLimit"; docs/design/reading-varints.md).
   */
  private static long longVarint64(ByteBuf buf, byte first) {
    if (buf instanceof AbstractByteBuf b && !(buf instanceof CompositeByteBuf)) {
      // decode(b, start) without its 1-byte exit, written out rather than called: a call would
      // bring this method under FreqInlineSize (InliningBudgetTest).
      int start = b.readerIndex - 1;
      if (owned(b) - start >= 8) {
        long word = b._getLongLE(start);
        long stops = ~word & 0x8080808080808080L;
        if (stops != 0) {
          b.readerIndex = start + ((Long.numberOfTrailingZeros(stops) + 1) >>> 3);
          return Varints.compact(word & (stops ^ (stops - 1)));
        }
      }
    }
    long result = first & 0x7fL;
    byte next = buf.readByte();
    result |= (next & 0x7fL) << 7;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 14;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 21;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 28;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 35;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 42;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 49;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 56;
    if (next >= 0) {
      return result;
    }
    next = buf.readByte();
    result |= (next & 0x7fL) << 63;
    if (next >= 0) {
      return result;
    }
    throw Varints.malformed();
  }

  /**
   * The end of the memory {@code b} owns: a pooled buffer owns its whole pool element (often past
   * its capacity), so a wide load is legal to its end, and the parse rejects a varint that ran past
   * {@code writerIndex}.
   */
  private static int owned(AbstractByteBuf b) {
    return b instanceof PooledByteBuf ? ((PooledByteBuf<?>) b).maxLength : b.writerIndex;
  }

  private static long decode(AbstractByteBuf b, int start) {
    if (owned(b) - start < 8) {
      return UNHANDLED;
    }
    long word = b._getLongLE(start);
    if ((word & 0x80) == 0) {
      b.readerIndex = start + 1;
      return word & 0x7f;
    }
    long stops = Varints.stops(word);
    if (stops == 0) {
      return UNHANDLED;
    }
    b.readerIndex = start + Varints.length(stops);
    return Varints.value(word, stops);
  }

  /**
   * A varint of a message ending at {@code end} (within the readable bytes): its first byte read
   * without Netty's checks when it lies before {@code end}, else with Netty's {@code readByte()};
   * the rest as the classpath reader reads it.
   */
  public static int readVarint32(ByteBuf buf, int end) {
    byte x;
    if (buf instanceof AbstractByteBuf b
        && !(buf instanceof CompositeByteBuf)
        && b.readerIndex < end) {
      int i = b.readerIndex;
      x = b._getByte(i);
      b.readerIndex = i + 1;
    } else {
      x = buf.readByte();
    }
    return x >= 0 ? x : (int) Varints.readRemaining(buf, x & 0x7fL);
  }

  /**
   * {@link #readVarint32(ByteBuf, int)} of 64 bits: the rest through {@link #readVarint64After}.
   */
  public static long readVarint64(ByteBuf buf, int end) {
    byte x;
    if (buf instanceof AbstractByteBuf b
        && !(buf instanceof CompositeByteBuf)
        && b.readerIndex < end) {
      int i = b.readerIndex;
      x = b._getByte(i);
      b.readerIndex = i + 1;
    } else {
      x = buf.readByte();
    }
    return x >= 0 ? x : readVarint64After(buf, x);
  }

  /**
   * The next tag of a message ending at {@code end} (within the readable bytes), or 0 at its end: a
   * one-byte tag of a field numbered 1 to 15 read without Netty's checks (the bound is {@code
   * end}), anything else through {@link #readTagSlow}.
   */
  public static int readTag(ByteBuf buf, int end) {
    if (buf instanceof AbstractByteBuf b && !(buf instanceof CompositeByteBuf)) {
      int i = b.readerIndex;
      if (i >= end) {
        return 0;
      }
      byte x = b._getByte(i);
      if (x > 7) {
        b.readerIndex = i + 1;
        return x;
      }
    }
    return readTagSlow(buf, end);
  }

  private static int readTagSlow(ByteBuf buf, int end) {
    if (buf.readerIndex() >= end) {
      return 0;
    }
    byte x = buf.readByte();
    int tag = x >= 0 ? x : (int) Varints.readRemaining(buf, x & 0x7fL);
    if (tag == 0) {
      throw Varints.zeroTag();
    }
    return tag;
  }

  /**
   * Sets the reader index of a buffer whose class this class handles, without Netty's bounds check;
   * the caller guarantees {@code readerIndex <= index <= writerIndex}. Returns false, the buffer
   * untouched, for other classes.
   */
  public static boolean skipTo(ByteBuf buf, int index) {
    // The checked setter reads capacity() (a virtual call) for a check already made:
    // ProtoCodec.readLength bounded the value by its message's end.
    if (!(buf instanceof AbstractByteBuf b) || buf instanceof CompositeByteBuf) {
      return false;
    }
    b.readerIndex = index;
    return true;
  }

  /**
   * Copies {@code length} bytes at {@code index} into {@code dst[0, length)} through Netty's
   * unchecked accessors, 8 bytes per load where there are 8 (the last load overlapping the one
   * before), reading those bytes and no others; returns false, copying nothing, for a buffer this
   * class does not handle. The caller checked the bounds and that the buffer is alive (a lazy
   * string's bytes, see {@code BufReader.copyBytes}).
   */
  public static boolean copyBytes(ByteBuf buf, int index, byte[] dst, int length) {
    if (!(buf instanceof AbstractByteBuf b) || buf instanceof CompositeByteBuf) {
      return false;
    }
    if (length < 8) {
      // At most a 4-, a 2- and a 1-byte load, as the length's bits say.
      int i = 0;
      if ((length & 4) != 0) {
        INTS.set(dst, 0, b._getIntLE(index));
        i = 4;
      }
      if ((length & 2) != 0) {
        SHORTS.set(dst, i, b._getShortLE(index + i));
        i += 2;
      }
      if ((length & 1) != 0) {
        dst[i] = b._getByte(index + i);
      }
      return true;
    }
    int last = length - 8;
    for (int i = 0; i < last; i += 8) {
      LONGS.set(dst, i, b._getLongLE(index + i));
    }
    LONGS.set(dst, last, b._getLongLE(index + last));
    return true;
  }

  // ---- The copy of a composed message, for the unchecked writer. The caller (ProtoWriter, see
  // BufWriter's contract) has checked that the bytes lie in space reserved with ensureWritable
  // and that the buffer is accessible. Buffers this class does not handle take the checked writer.

  /**
   * Stores {@code src[0, length)} at {@code index} as 8-byte stores through Netty's unchecked
   * {@code _setLongLE}, the last one overlapping the one before; {@code 8 <= length}. Returns
   * false, storing nothing, for a buffer whose unchecked accessors do not act on its own memory (a
   * composite, a wrapper).
   */
  public static boolean setLongs(ByteBuf buf, int index, byte[] src, int length) {
    if (!(buf instanceof AbstractByteBuf b) || buf instanceof CompositeByteBuf) {
      return false;
    }
    int last = length - 8;
    for (int i = 0; i < last; i += 8) {
      b._setLongLE(index + i, (long) LONGS.get(src, i));
    }
    b._setLongLE(index + last, (long) LONGS.get(src, last));
    return true;
  }
}
