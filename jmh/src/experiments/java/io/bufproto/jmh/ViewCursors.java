package io.bufproto.jmh;

import io.bufproto.api.spi.Varints;
import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The cursors {@link ViewExperiment} walks a message with: one subclass per kind of memory (an
 * array, an NIO region, Netty's absolute {@code getByte}), so that no read branches between them.
 * Findings: docs/design/views.md.
 */
final class ViewCursors {

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private ViewCursors() {}

  abstract static class Cursor {
    int pos;
    int limit;

    abstract long varint();

    final void skip(int n) {
      if (n > limit - pos || n < 0) {
        throw new IndexOutOfBoundsException("truncated");
      }
      pos += n;
    }
  }

  abstract static class ArrayBase extends Cursor {
    byte[] array;
    int base;
  }

  abstract static class RegionBase extends Cursor {
    ByteBuffer region;
    int base;
  }

  /**
   * A byte front, then a loop of constant trip count checking the limit per byte. A loop bounded by
   * min(limit, start + 10) walks about half as fast (JDK 17, heap): C2 makes a variable-bound loop
   * a counted loop with pre-, main and post-loops, costly for 2 or 3 bytes.
   */
  static final class ArrayLoopCursor extends ArrayBase {
    @Override
    long varint() {
      int i = pos;
      if (i >= limit) {
        throw new IndexOutOfBoundsException("truncated");
      }
      byte[] a = array;
      int o = base + i;
      byte x = a[o];
      if (x >= 0) {
        pos = i + 1;
        return x;
      }
      long r = x & 0x7f;
      int room = limit - i;
      for (int k = 1; k < 10; k++) {
        if (k >= room) {
          throw new IndexOutOfBoundsException("truncated");
        }
        x = a[o + k];
        r |= (long) (x & 0x7f) << (7 * k);
        if (x >= 0) {
          pos = i + k + 1;
          return r;
        }
      }
      throw new IllegalStateException("malformed varint");
    }
  }

  /** As {@link ArrayLoopCursor}, through the region's absolute gets. */
  static final class RegionLoopCursor extends RegionBase {
    @Override
    long varint() {
      int i = pos;
      if (i >= limit) {
        throw new IndexOutOfBoundsException("truncated");
      }
      ByteBuffer a = region;
      int o = base + i;
      byte x = a.get(o);
      if (x >= 0) {
        pos = i + 1;
        return x;
      }
      long r = x & 0x7f;
      int room = limit - i;
      for (int k = 1; k < 10; k++) {
        if (k >= room) {
          throw new IndexOutOfBoundsException("truncated");
        }
        x = a.get(o + k);
        r |= (long) (x & 0x7f) << (7 * k);
        if (x >= 0) {
          pos = i + k + 1;
          return r;
        }
      }
      throw new IllegalStateException("malformed varint");
    }
  }

  static final class ArrayCursor extends ArrayBase {

    @Override
    long varint() {
      int i = pos;
      if (i < limit) {
        byte b = array[base + i];
        if (b >= 0) {
          pos = i + 1;
          return b;
        }
        if (limit - i >= 8) {
          long word = (long) LONGS.get(array, base + i);
          long stops = Varints.stops(word);
          if (stops != 0) {
            pos = i + Varints.length(stops);
            return Varints.value(word, stops);
          }
        }
      }
      return slow();
    }

    long slow() {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (pos >= limit) {
          throw new IndexOutOfBoundsException("truncated");
        }
        byte x = array[base + pos++];
        result |= (long) (x & 0x7f) << shift;
        if (x >= 0) {
          return result;
        }
      }
      throw new IllegalStateException("malformed varint");
    }
  }

  static final class RegionCursor extends RegionBase {

    @Override
    long varint() {
      int i = pos;
      if (i < limit) {
        byte b = region.get(base + i);
        if (b >= 0) {
          pos = i + 1;
          return b;
        }
        if (limit - i >= 8) {
          long word = Long.reverseBytes(region.getLong(base + i));
          long stops = Varints.stops(word);
          if (stops != 0) {
            pos = i + Varints.length(stops);
            return Varints.value(word, stops);
          }
        }
      }
      return slow();
    }

    long slow() {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (pos >= limit) {
          throw new IndexOutOfBoundsException("truncated");
        }
        byte x = region.get(base + pos++);
        result |= (long) (x & 0x7f) << shift;
        if (x >= 0) {
          return result;
        }
      }
      throw new IllegalStateException("malformed varint");
    }
  }

  /** As {@link ArrayLoopCursor}, through the buffer's checked {@code getByte(index)}. */
  static final class GetByteCursor extends Cursor {
    ByteBuf buf;

    @Override
    long varint() {
      int i = pos;
      if (i >= limit) {
        throw new IndexOutOfBoundsException("truncated");
      }
      ByteBuf a = buf;
      byte x = a.getByte(i);
      if (x >= 0) {
        pos = i + 1;
        return x;
      }
      long r = x & 0x7f;
      int room = limit - i;
      for (int k = 1; k < 10; k++) {
        if (k >= room) {
          throw new IndexOutOfBoundsException("truncated");
        }
        x = a.getByte(i + k);
        r |= (long) (x & 0x7f) << (7 * k);
        if (x >= 0) {
          pos = i + k + 1;
          return r;
        }
      }
      throw new IllegalStateException("malformed varint");
    }
  }
}
