package io.netty.buffer;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoCodec;
import io.bufproto.api.spi.Varints;

/**
 * Experiment (issue 5): MessageMetadata parsed into the same plain holder two ways, to measure
 * what an index threaded through the parse (as the write path does) would gain over reading at
 * the buffer's readerIndex through ProtoCodec (what generated code does now).
 */
public final class ReadIndexExperiment {

  private ReadIndexExperiment() {}

  public static final class KV {
    int kOff, kLen, vOff, vLen, bits;
  }

  public static final class MM {
    int pnOff, pnLen, pkOff, pkLen, rfOff, rfLen, compression, uncompressed, batch, bits;
    long seq, pub, eventTime;
    KV[] props = new KV[16];
    int propCount;
    int[] rtOff = new int[8], rtLen = new int[8];
    int rtCount;

    void clear() {
      bits = 0;
      propCount = 0;
      rtCount = 0;
    }

    KV addProp() {
      KV kv = props[propCount];
      if (kv == null) {
        kv = props[propCount] = new KV();
      }
      propCount++;
      kv.bits = 0;
      return kv;
    }

    public int check() {
      return pnLen + propCount + rtCount + (int) seq + bits;
    }
  }

  // ------------------------------------------------------------ A: readerIndex + ProtoCodec

  public static void parseA(MM m, ByteBuf buf, int size) {
    m.clear();
    int end = ProtoCodec.beginMessage(buf, size);
    parseMmA(m, buf, end);
  }

  private static void parseMmA(MM m, ByteBuf buf, int end) {
    while (buf.readerIndex() < end) {
      int tag = ProtoCodec.readTag(buf);
      switch (tag) {
        case 10: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          m.pnOff = off;
          m.pnLen = len;
          ProtoCodec.skipTo(buf, off + len);
          m.bits |= 1;
          break;
        }
        case 16:
          m.seq = ProtoCodec.readUInt64(buf);
          m.bits |= 2;
          break;
        case 24:
          m.pub = ProtoCodec.readUInt64(buf);
          m.bits |= 4;
          break;
        case 34:
          parseKvA(m.addProp(), buf, ProtoCodec.readMessageEnd(buf, end));
          break;
        case 42: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          m.rfOff = off;
          m.rfLen = len;
          ProtoCodec.skipTo(buf, off + len);
          m.bits |= 8;
          break;
        }
        case 50: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          m.pkOff = off;
          m.pkLen = len;
          ProtoCodec.skipTo(buf, off + len);
          m.bits |= 16;
          break;
        }
        case 58: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          int i = m.rtCount++;
          m.rtOff[i] = off;
          m.rtLen[i] = len;
          ProtoCodec.skipTo(buf, off + len);
          break;
        }
        case 64:
          m.compression = ProtoCodec.readEnum(buf);
          m.bits |= 32;
          break;
        case 72:
          m.uncompressed = ProtoCodec.readUInt32(buf);
          m.bits |= 64;
          break;
        case 88:
          m.batch = ProtoCodec.readInt32(buf);
          m.bits |= 128;
          break;
        case 96:
          m.eventTime = ProtoCodec.readUInt64(buf);
          m.bits |= 256;
          break;
        default:
          ProtoCodec.skipField(buf, tag, end);
      }
    }
    ProtoCodec.endMessage(buf, end);
  }

  private static void parseKvA(KV kv, ByteBuf buf, int end) {
    while (buf.readerIndex() < end) {
      int tag = ProtoCodec.readTag(buf);
      switch (tag) {
        case 10: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          kv.kOff = off;
          kv.kLen = len;
          ProtoCodec.skipTo(buf, off + len);
          kv.bits |= 1;
          break;
        }
        case 18: {
          int len = ProtoCodec.readLength(buf, end);
          int off = buf.readerIndex();
          kv.vOff = off;
          kv.vLen = len;
          ProtoCodec.skipTo(buf, off + len);
          kv.bits |= 2;
          break;
        }
        default:
          ProtoCodec.skipField(buf, tag, end);
      }
    }
    ProtoCodec.endMessage(buf, end);
  }

  // ------------------------------------------------------------ B: an index threaded through

  public static void parseB(MM m, ByteBuf buf, int size) {
    m.clear();
    int end = ProtoCodec.beginMessage(buf, size);
    int at = parseMmB(m, buf, buf.readerIndex(), end);
    buf.readerIndex(at);
  }

  private static int parseMmB(MM m, ByteBuf buf, int at, int end) {
    while (at < end) {
      long r;
      int tag;
      long w = word(buf, at, end);
      if ((w & 0x80) == 0) {
        tag = (int) w & 0x7f;
        at++;
      } else {
        r = varint32(buf, at, end);
        tag = (int) (r >>> 32);
        at = (int) r;
      }
      switch (tag) {
        case 10: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          m.pnOff = at;
          m.pnLen = len;
          at += len;
          m.bits |= 1;
          break;
        }
        case 16:
          m.seq = varint64(buf, at, end);
          at = varintEnd(buf, at, end);
          m.bits |= 2;
          break;
        case 24:
          m.pub = varint64(buf, at, end);
          at = varintEnd(buf, at, end);
          m.bits |= 4;
          break;
        case 34: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          at = parseKvB(m.addProp(), buf, at, at + len);
          break;
        }
        case 42: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          m.rfOff = at;
          m.rfLen = len;
          at += len;
          m.bits |= 8;
          break;
        }
        case 50: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          m.pkOff = at;
          m.pkLen = len;
          at += len;
          m.bits |= 16;
          break;
        }
        case 58: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          int i = m.rtCount++;
          m.rtOff[i] = at;
          m.rtLen[i] = len;
          at += len;
          break;
        }
        case 64:
          r = varint32(buf, at, end);
          m.compression = (int) (r >>> 32);
          at = (int) r;
          m.bits |= 32;
          break;
        case 72:
          r = varint32(buf, at, end);
          m.uncompressed = (int) (r >>> 32);
          at = (int) r;
          m.bits |= 64;
          break;
        case 88:
          r = varint32(buf, at, end);
          m.batch = (int) (r >>> 32);
          at = (int) r;
          m.bits |= 128;
          break;
        case 96:
          m.eventTime = varint64(buf, at, end);
          at = varintEnd(buf, at, end);
          m.bits |= 256;
          break;
        default:
          throw new IllegalStateException("experiment: tag " + tag);
      }
    }
    return at;
  }

  private static int parseKvB(KV kv, ByteBuf buf, int at, int end) {
    while (at < end) {
      long r;
      int tag;
      long w = word(buf, at, end);
      if ((w & 0x80) == 0) {
        tag = (int) w & 0x7f;
        at++;
      } else {
        r = varint32(buf, at, end);
        tag = (int) (r >>> 32);
        at = (int) r;
      }
      switch (tag) {
        case 10: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          kv.kOff = at;
          kv.kLen = len;
          at += len;
          kv.bits |= 1;
          break;
        }
        case 18: {
          r = length(buf, at, end);
          int len = (int) (r >>> 32);
          at = (int) r;
          kv.vOff = at;
          kv.vLen = len;
          at += len;
          kv.bits |= 2;
          break;
        }
        default:
          throw new IllegalStateException("experiment: tag " + tag);
      }
    }
    if (at != end) {
      throw InvalidProtobufException.truncated();
    }
    return at;
  }

  /**
   * The 8 bytes from {@code at}, or near writerIndex the bytes up to it (zeros above), for a
   * buffer this class handles and {@code at < end}; else UNHANDLED-like flag via {@code ok}.
   */
  private static boolean handles(ByteBuf buf) {
    return buf instanceof AbstractByteBuf && !(buf instanceof CompositeByteBuf);
  }

  /** The 32-bit varint at {@code at}: its value in the high half, the index after it low. */
  static long varint32(ByteBuf buf, int at, int end) {
    if (handles(buf) && at < end) {
      AbstractByteBuf b = (AbstractByteBuf) buf;
      int from = Math.min(at, b.writerIndex - 8);
      if (from >= 0) {
        long w = b._getLongLE(from) >>> (8 * (at - from));
        if ((w & 0x80) == 0) {
          return (w & 0x7f) << 32 | (at + 1);
        }
        return wide32(buf, w, at, end);
      }
    }
    return slow32(buf, at, end);
  }

  private static long wide32(ByteBuf buf, long w, int at, int end) {
    long stops = Varints.stops(w);
    int n = Varints.length(stops);
    if (stops != 0 && n <= end - at) {
      return Varints.value(w, stops) << 32 | (at + n);
    }
    return slow32(buf, at, end);
  }

  /** The word at {@code at}, or 0x80 (not a one-byte varint) when this class cannot load it. */
  static long word(ByteBuf buf, int at, int end) {
    if (handles(buf)) {
      AbstractByteBuf b = (AbstractByteBuf) buf;
      int from = Math.min(at, b.writerIndex - 8);
      if (from >= 0) {
        return b._getLongLE(from) >>> (8 * (at - from));
      }
    }
    return 0x80;
  }

  /** A length prefix: checked non-negative and within {@code end}. */
  static long length(ByteBuf buf, int at, int end) {
    long r = varint32(buf, at, end);
    int len = (int) (r >>> 32);
    if (len < 0 || len > end - (int) r) {
      throw InvalidProtobufException.truncated();
    }
    return r;
  }

  static long varint64(ByteBuf buf, int at, int end) {
    if (handles(buf) && at < end) {
      AbstractByteBuf b = (AbstractByteBuf) buf;
      int from = Math.min(at, b.writerIndex - 8);
      if (from >= 0) {
        long w = b._getLongLE(from) >>> (8 * (at - from));
        long stops = Varints.stops(w);
        if (stops != 0 && Varints.length(stops) <= end - at) {
          return Varints.value(w, stops);
        }
      }
    }
    return slow64(buf, at, end);
  }

  static int varintEnd(ByteBuf buf, int at, int end) {
    if (handles(buf) && at < end) {
      AbstractByteBuf b = (AbstractByteBuf) buf;
      int from = Math.min(at, b.writerIndex - 8);
      if (from >= 0) {
        long w = b._getLongLE(from) >>> (8 * (at - from));
        int n = Varints.length(Varints.stops(w));
        if (n <= end - at) {
          return at + n;
        }
      }
    }
    return slowEnd(buf, at, end);
  }

  private static long slow32(ByteBuf buf, int at, int end) {
    long v = slow64(buf, at, end);
    return v << 32 | slowEnd(buf, at, end);
  }

  private static long slow64(ByteBuf buf, int at, int end) {
    long v = 0;
    for (int i = 0; i < 10; i++) {
      if (at + i >= end) {
        throw InvalidProtobufException.truncated();
      }
      byte x = buf.getByte(at + i);
      v |= (long) (x & 0x7f) << (7 * i);
      if (x >= 0) {
        return v;
      }
    }
    throw InvalidProtobufException.malformedVarint();
  }

  private static int slowEnd(ByteBuf buf, int at, int end) {
    for (int i = 0; i < 10; i++) {
      if (at + i >= end) {
        throw InvalidProtobufException.truncated();
      }
      if (buf.getByte(at + i) >= 0) {
        return at + i + 1;
      }
    }
    throw InvalidProtobufException.malformedVarint();
  }

  /** Both arms on the same input: the same holder contents, the same reader index. */
  public static String verify(ByteBuf buf, int size) {
    MM a = new MM();
    MM b = new MM();
    int start = buf.readerIndex();
    parseA(a, buf, size);
    int endA = buf.readerIndex();
    buf.readerIndex(start);
    parseB(b, buf, size);
    int endB = buf.readerIndex();
    buf.readerIndex(start);
    return java.util.Arrays.toString(new long[] {endA, a.pnOff, a.pnLen, a.seq, a.pub, a.propCount, a.props[0].kOff, a.props[0].vLen, a.pkLen, a.rtCount, a.rtLen[1], a.compression, a.uncompressed, a.batch, a.eventTime, a.bits})
        + "\n" + java.util.Arrays.toString(new long[] {endB, b.pnOff, b.pnLen, b.seq, b.pub, b.propCount, b.props[0].kOff, b.props[0].vLen, b.pkLen, b.rtCount, b.rtLen[1], b.compression, b.uncompressed, b.batch, b.eventTime, b.bits});
  }
}
