package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * MessageMetadata parsed from and written into pooled direct buffers that Netty's leak detector
 * wrapped at level PARANOID (AdvancedLeakAwareByteBuf: every call on the wrapper records a stack
 * trace), as every buffer is when a service runs with {@code
 * -Dio.netty.leakDetection.level=paranoid}. A reader that goes through the wrapper's public API per
 * byte pays a record per byte.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class LeakAwareBenchmark {

  private ByteBuf in;
  private ByteBuf out;
  private int size;
  private final io.bufproto.jmh.bp.MessageMetadata bp = new io.bufproto.jmh.bp.MessageMetadata();
  private final org.apache.pulsar.common.api.proto.MessageMetadata lp =
      new org.apache.pulsar.common.api.proto.MessageMetadata();

  @Setup(Level.Trial)
  public void setUp() {
    MessageMetadataBenchmark shape = new MessageMetadataBenchmark();
    byte[] bytes = shape.pjBuild().toByteArray();
    size = bytes.length;
    ResourceLeakDetector.Level before = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    try {
      in = PooledByteBufAllocator.DEFAULT.directBuffer(size).writeBytes(bytes);
      out = PooledByteBufAllocator.DEFAULT.directBuffer(2 * size);
    } finally {
      ResourceLeakDetector.setLevel(before);
    }
    if (!in.getClass().getSimpleName().contains("LeakAware")) {
      throw new IllegalStateException("not wrapped: " + in.getClass());
    }
    bp.parseFrom(in.readerIndex(0), size);
    lp.parseFrom(in.readerIndex(0), size);
    bp.materialize();
    lp.materialize();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    in.release();
    out.release();
  }

  @Benchmark
  public Object bufproto_parse() {
    in.readerIndex(0);
    bp.parseFrom(in, size);
    return bp;
  }

  @Benchmark
  public int bufproto_write() {
    out.clear();
    return bp.writeTo(out);
  }

  @Benchmark
  public Object lightproto_parse() {
    in.readerIndex(0);
    lp.parseFrom(in, size);
    return lp;
  }

  @Benchmark
  public int lightproto_write() {
    out.clear();
    return lp.writeTo(out);
  }
}
