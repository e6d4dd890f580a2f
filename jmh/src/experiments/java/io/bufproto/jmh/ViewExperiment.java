package io.bufproto.jmh;

import io.bufproto.api.spi.Varints;
import io.bufproto.api.spi.Wrappers;
import io.bufproto.jmh.ViewCursors.ArrayBase;
import io.bufproto.jmh.ViewCursors.ArrayCursor;
import io.bufproto.jmh.ViewCursors.ArrayLoopCursor;
import io.bufproto.jmh.ViewCursors.Cursor;
import io.bufproto.jmh.ViewCursors.GetByteCursor;
import io.bufproto.jmh.ViewCursors.RegionBase;
import io.bufproto.jmh.ViewCursors.RegionCursor;
import io.bufproto.jmh.ViewCursors.RegionLoopCursor;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Experiment: does a view of the buffer, resolved and checked once per message, read faster than
 * Netty's public {@code readByte()} chain (the module runtime's reader) when a server sees several
 * buffer classes, and not slower on one? Every arm walks every field of a MessageMetadata (varints
 * decoded, fixed and length-delimited values skipped), from six buffer classes in turn ({@code
 * mixed}), one pooled direct buffer ({@code direct}) or one pooled heap buffer ({@code heap}).
 * Arms: {@code chain} (Netty's {@code readByte()}); {@code view} (one object that branches between
 * array and region per byte); {@code cursor} and {@code loop} (one subclass per kind of memory; an
 * 8-byte load, or a constant-trip byte loop, after a byte front); {@code hybrid} (the array cursor,
 * else Netty's {@code getByte(index)}); {@code local_heap} (an upper bound: the position in a
 * local, no limit checks). Findings: docs/design/views.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class ViewExperiment {

  private static final int KINDS = 6;
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private final ByteBuf[] buffers = new ByteBuf[KINDS];
  private ByteBuf frame;
  private final View view = new View();
  private final ArrayCursor arrays = new ArrayCursor();
  private final RegionCursor regions = new RegionCursor();
  private final ArrayLoopCursor arrayLoops = new ArrayLoopCursor();
  private final RegionLoopCursor regionLoops = new RegionLoopCursor();
  private final GetByteCursor gets = new GetByteCursor();

  @Setup
  public void setUp() {
    byte[] bytes = new MessageMetadataBenchmark().pjBuild().toByteArray();
    int size = bytes.length;
    frame = PooledByteBufAllocator.DEFAULT.directBuffer(size + 64).writeZero(32).writeBytes(bytes);
    MixedBuffersBenchmark.sixClasses(buffers, frame, bytes);
    long expected = chain(buffers[0]);
    for (ByteBuf b : buffers) {
      if (chain(b) != expected
          || viewed(b, view) != expected
          || cursored(b, arrays, regions) != expected
          || cursored(b, arrayLoops, regionLoops) != expected
          || hybrid(b, arrayLoops, gets) != expected) {
        throw new AssertionError("arms disagree on " + b.getClass());
      }
    }
  }

  @TearDown
  public void tearDown() {
    for (int i = 0; i < 4; i++) {
      buffers[i].release();
    }
    frame.release();
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public long chain_mixed() {
    long n = 0;
    for (ByteBuf b : buffers) {
      n += chain(b);
    }
    return n;
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public long view_mixed() {
    long n = 0;
    for (ByteBuf b : buffers) {
      n += viewed(b, view);
    }
    return n;
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public long cursor_mixed() {
    long n = 0;
    for (ByteBuf b : buffers) {
      n += cursored(b, arrays, regions);
    }
    return n;
  }

  @Benchmark
  public long cursor_direct() {
    return cursored(buffers[0], arrays, regions);
  }

  @Benchmark
  public long cursor_heap() {
    return cursored(buffers[1], arrays, regions);
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public long loop_mixed() {
    long n = 0;
    for (ByteBuf b : buffers) {
      n += cursored(b, arrayLoops, regionLoops);
    }
    return n;
  }

  @Benchmark
  public long loop_direct() {
    return cursored(buffers[0], arrayLoops, regionLoops);
  }

  @Benchmark
  public long loop_heap() {
    return cursored(buffers[1], arrayLoops, regionLoops);
  }

  @Benchmark
  public long local_heap() {
    ByteBuf b = buffers[1];
    b.readerIndex(0);
    byte[] a = b.array();
    int base = b.arrayOffset();
    int pos = 0;
    int limit = b.writerIndex();
    long acc = 0;
    while (pos < limit) {
      long r = 0;
      for (int shift = 0; ; shift += 7) {
        byte x = a[base + pos++];
        r |= (long) (x & 0x7f) << shift;
        if (x >= 0) {
          break;
        }
      }
      int tag = (int) r;
      switch (tag & 7) {
        case 0 -> {
          r = 0;
          for (int shift = 0; ; shift += 7) {
            byte x = a[base + pos++];
            r |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
              break;
            }
          }
          acc += r;
        }
        case 1 -> pos += 8;
        case 2 -> {
          r = 0;
          for (int shift = 0; ; shift += 7) {
            byte x = a[base + pos++];
            r |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
              break;
            }
          }
          pos += (int) r;
        }
        case 5 -> pos += 4;
        default -> throw new IllegalStateException("wire type " + (tag & 7));
      }
    }
    b.readerIndex(pos);
    return acc;
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public long hybrid_mixed() {
    long n = 0;
    for (ByteBuf b : buffers) {
      n += hybrid(b, arrayLoops, gets);
    }
    return n;
  }

  @Benchmark
  public long hybrid_direct() {
    return hybrid(buffers[0], arrayLoops, gets);
  }

  @Benchmark
  public long chain_heap() {
    return chain(buffers[1]);
  }

  @Benchmark
  public long chain_direct() {
    return chain(buffers[0]);
  }

  @Benchmark
  public long view_direct() {
    return viewed(buffers[0], view);
  }

  // ---- writes: the final copy of a small composed message (BaseCommand + CommandSend, 20 bytes)
  // into a pooled direct buffer, as checked 8-byte stores (the module runtime's CheckedWriter)
  // or through the region's ByteBuffer, checked once (internalNioBuffer).

  private final byte[] composed = new byte[20];

  @Benchmark
  public ByteBuf write_checked() {
    ByteBuf b = buffers[0];
    int last = composed.length - 8;
    for (int i = 0; i < last; i += 8) {
      b.setLongLE(i, (long) LONGS.get(composed, i));
    }
    b.setLongLE(last, (long) LONGS.get(composed, last));
    return b;
  }

  @Benchmark
  public ByteBuf write_view() {
    ByteBuf b = buffers[0];
    ByteBuffer region = b.internalNioBuffer(0, composed.length);
    int at = region.position();
    int last = composed.length - 8;
    for (int i = 0; i < last; i += 8) {
      region.putLong(at + i, Long.reverseBytes((long) LONGS.get(composed, i)));
    }
    region.putLong(at + last, Long.reverseBytes((long) LONGS.get(composed, last)));
    return b;
  }

  // ---- arm 1: Netty's checked readByte() chain, as the module runtime reads

  private static long chain(ByteBuf buf) {
    ByteBuf b = Wrappers.unwrap(buf);
    b.readerIndex(0);
    int end = b.writerIndex();
    long acc = 0;
    while (b.readerIndex() < end) {
      int tag = (int) chainVarint(b);
      switch (tag & 7) {
        case 0 -> acc += chainVarint(b);
        case 1 -> b.readerIndex(b.readerIndex() + 8);
        case 2 -> {
          int len = (int) chainVarint(b);
          b.readerIndex(b.readerIndex() + len);
        }
        case 5 -> b.readerIndex(b.readerIndex() + 4);
        default -> throw new IllegalStateException("wire type " + (tag & 7));
      }
    }
    return acc;
  }

  /** The module runtime's decode (ByteChainReader): a readByte() front, then Varints' chain. */
  private static long chainVarint(ByteBuf b) {
    byte first = b.readByte();
    return first >= 0 ? first : Varints.readRemaining(b, first & 0x7fL);
  }

  // ---- arm 2: a view resolved and checked once per message

  /** The message's bytes: {@code array[base + i]} or {@code nio.get(base + i)}, i below limit. */
  static final class View {
    byte[] array;
    ByteBuffer nio;
    int base;
    int pos;
    int limit;

    /** False when the buffer has neither an array nor a single NIO region (a composite). */
    boolean resolve(ByteBuf b) {
      int from = b.readerIndex();
      limit = b.writerIndex();
      pos = from;
      if (b.hasArray()) {
        array = b.array();
        nio = null;
        base = b.arrayOffset();
        return true;
      }
      if (b.nioBufferCount() == 1) {
        array = null;
        nio = b.internalNioBuffer(from, limit - from);
        base = nio.position() - from;
        return true;
      }
      return false;
    }

    byte next() {
      int i = pos;
      if (i >= limit) {
        throw new IndexOutOfBoundsException("truncated");
      }
      pos = i + 1;
      byte[] a = array;
      return a != null ? a[base + i] : nio.get(base + i);
    }

    long varint() {
      long result = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        byte x = next();
        result |= (long) (x & 0x7f) << shift;
        if (x >= 0) {
          return result;
        }
      }
      throw new IllegalStateException("malformed varint");
    }

    void skip(int n) {
      if (n > limit - pos) {
        throw new IndexOutOfBoundsException("truncated");
      }
      pos += n;
    }
  }

  private static long viewed(ByteBuf buf, View v) {
    ByteBuf b = Wrappers.unwrap(buf);
    b.readerIndex(0);
    if (!v.resolve(b)) {
      return chain(b);
    }
    long acc = 0;
    while (v.pos < v.limit) {
      int tag = (int) v.varint();
      switch (tag & 7) {
        case 0 -> acc += v.varint();
        case 1 -> v.skip(8);
        case 2 -> v.skip((int) v.varint());
        case 5 -> v.skip(4);
        default -> throw new IllegalStateException("wire type " + (tag & 7));
      }
    }
    b.readerIndex(v.pos);
    return acc;
  }

  // ---- arm 3: a cursor resolved once per message, one subclass per kind of memory (no per-byte
  // branch between array and region), a byte front and one 8-byte load for the rest of a varint

  /** The cursor for {@code b}, resolved once, or null (a composite; a region that allocates). */
  private static Cursor open(ByteBuf b, ArrayBase arrays, RegionBase regions) {
    int from = b.readerIndex();
    int to = b.writerIndex();
    if (b.hasArray()) {
      arrays.array = b.array();
      arrays.base = b.arrayOffset();
      arrays.pos = from;
      arrays.limit = to;
      return arrays;
    }
    if (b.isDirect() && b.nioBufferCount() == 1 && b.unwrap() == null) {
      ByteBuffer r = b.internalNioBuffer(from, to - from);
      regions.region = r;
      regions.base = r.position() - from;
      regions.pos = from;
      regions.limit = to;
      return regions;
    }
    return null;
  }

  private static long cursored(ByteBuf buf, ArrayBase arrays, RegionBase regions) {
    ByteBuf b = Wrappers.unwrap(buf);
    b.readerIndex(0);
    Cursor c = open(b, arrays, regions);
    if (c == null) {
      return chain(b);
    }
    long acc = 0;
    while (c.pos < c.limit) {
      int tag = (int) c.varint();
      switch (tag & 7) {
        case 0 -> acc += c.varint();
        case 1 -> c.skip(8);
        case 2 -> c.skip((int) c.varint());
        case 5 -> c.skip(4);
        default -> throw new IllegalStateException("wire type " + (tag & 7));
      }
    }
    b.readerIndex(c.pos);
    return acc;
  }

  // ---- arm 4: the array cursor for heap buffers, Netty's absolute getByte() for the others

  private static long hybrid(ByteBuf buf, ArrayBase arrays, GetByteCursor gets) {
    ByteBuf b = Wrappers.unwrap(buf);
    b.readerIndex(0);
    Cursor c;
    if (b.hasArray()) {
      arrays.array = b.array();
      arrays.base = b.arrayOffset();
      c = arrays;
    } else {
      gets.buf = b;
      c = gets;
    }
    c.pos = b.readerIndex();
    c.limit = b.writerIndex();
    long acc = 0;
    while (c.pos < c.limit) {
      int tag = (int) c.varint();
      switch (tag & 7) {
        case 0 -> acc += c.varint();
        case 1 -> c.skip(8);
        case 2 -> c.skip((int) c.varint());
        case 5 -> c.skip(4);
        default -> throw new IllegalStateException("wire type " + (tag & 7));
      }
    }
    b.readerIndex(c.pos);
    return acc;
  }
}
