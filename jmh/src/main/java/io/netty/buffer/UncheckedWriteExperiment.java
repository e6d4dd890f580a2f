package io.netty.buffer;

import io.bufproto.api.ProtoCodec;
import io.bufproto.jmh.bp.BaseCommand;
import io.bufproto.jmh.bp.CommandSend;
import io.bufproto.jmh.bp.Frame;
import io.bufproto.jmh.bp.Point;

/**
 * An experiment, not a product: Simple's Frame and BaseCommand written the way the generated
 * code writes them, but with an index threaded through and Netty's unchecked
 * {@code AbstractByteBuf._setXxxLE} stores (reachable from this package on the classpath) instead
 * of the little-endian NIO view. It answers one question of issue 5 ("measure unchecked writes in
 * the classpath runtime") before any template is rewritten: {@code *Benchmark.experiment_*} runs
 * beside {@code bufproto_serialize} in the same JMH run. Pooled/unpooled non-composite targets only.
 */
public final class UncheckedWriteExperiment {

  private UncheckedWriteExperiment() {}

  public static int write(Frame f, ByteBuf out) {
    int size = f.getSerializedSize();
    AbstractByteBuf b = begin(out, size);
    int at = b.writerIndex;
    String name = f.getName();
    at = tagVarint32(b, at, 10, name.length());
    at = ascii(b, at, name, name.length());
    Point p = f.getPoint();
    at = tagVarint32(b, at, 18, p._cachedSize());
    at = point(b, at, p);
    for (int i = 0, n = f.getPathsCount(); i < n; i++) {
      Point q = f.getPathAt(i);
      at = tagVarint32(b, at, 26, q._cachedSize());
      at = point(b, at, q);
    }
    at = tagVarint64(b, at, 32, f.getTimestamp());
    return end(b, at, size);
  }

  public static int write(BaseCommand c, ByteBuf out) {
    int size = c.getSerializedSize();
    AbstractByteBuf b = begin(out, size);
    int at = b.writerIndex;
    at = tagVarint32(b, at, 8, c.getType().getNumber());
    CommandSend s = c.getSend();
    at = tagVarint32(b, at, 50, s._cachedSize());
    at = tagVarint64(b, at, 8, s.getProducerId());
    at = tagVarint64(b, at, 16, s.getSequenceId());
    at = tagVarint32(b, at, 24, s.getNumMessages());
    return end(b, at, size);
  }

  private static int point(AbstractByteBuf b, int at, Point p) {
    at = int32(b, at, 8, p.getX());
    at = int32(b, at, 16, p.getY());
    return int32(b, at, 24, p.getZ());
  }

  private static AbstractByteBuf begin(ByteBuf out, int size) {
    out.ensureWritable(size + 8); // room for the 8-byte stores that run past the last byte
    return (AbstractByteBuf) out;
  }

  private static int end(AbstractByteBuf b, int at, int size) {
    if (at != b.writerIndex + size) {
      throw new IllegalStateException("wrote " + (at - b.writerIndex) + ", announced " + size);
    }
    b.writerIndex = at;
    return size;
  }

  private static int int32(AbstractByteBuf b, int at, int tag, int v) {
    return v >= 0 ? tagVarint32(b, at, tag, v) : tagVarint64(b, at, tag, v);
  }

  private static int tagVarint32(AbstractByteBuf b, int at, int tag, int v) {
    if ((v & ~0x7f) == 0) {
      b._setShortLE(at, (short) (tag | v << 8));
      return at + 2;
    }
    return tagVarint64(b, at, tag, v & 0xffffffffL);
  }

  private static int tagVarint64(AbstractByteBuf b, int at, int tag, long v) {
    if ((v & ~0x7fL) == 0) {
      b._setShortLE(at, (short) (tag | (int) v << 8));
      return at + 2;
    }
    if ((v & ~0x1ffffffffffffL) == 0) {
      int n = ProtoCodec.varint64Size(v);
      long continuation = 0x8080808080808080L & ((1L << (8 * (n - 1))) - 1);
      b._setLongLE(at, tag | (spread(v) | continuation) << 8);
      return at + 1 + n;
    }
    b._setByte(at++, tag);
    while ((v & ~0x7fL) != 0) {
      b._setByte(at++, ((int) v & 0x7f) | 0x80);
      v >>>= 7;
    }
    b._setByte(at++, (int) v);
    return at;
  }

  private static long spread(long v) {
    v = (v & 0x000000000fffffffL) | ((v & 0x00fffffff0000000L) << 4);
    v = (v & 0x00003fff00003fffL) | ((v & 0x0fffc0000fffc000L) << 2);
    return (v & 0x007f007f007f007fL) | ((v & 0x3f803f803f803f80L) << 1);
  }

  private static int ascii(AbstractByteBuf b, int at, String s, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      b._setLongLE(at + i, word(s, i, 8));
    }
    if (i < n) {
      b._setLongLE(at + i, word(s, i, n - i));
    }
    return at + n;
  }

  private static long word(String s, int from, int count) {
    long w = 0;
    int any = 0;
    for (int k = 0; k < count; k++) {
      char c = s.charAt(from + k);
      any |= c;
      w |= (long) c << (8 * k);
    }
    if (any >= 0x80) {
      throw new IllegalArgumentException("the experiment writes ASCII only");
    }
    return w;
  }
}
