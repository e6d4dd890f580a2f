package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.ResourceLeakDetector;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.common.api.proto.PulsarApi;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * MessageMetadata parsed from seven buffer classes in turn (pooled direct and heap, unpooled direct
 * and heap, a slice, a duplicate, and a pooled direct buffer in Netty's leak-aware wrapper, which
 * its default SIMPLE level puts around one allocation in 128), as a server sees them: every call
 * site in the parse sees several receiver classes, unlike the one-buffer benchmarks. Score: parses
 * per microsecond. Compare runtimes with -jvmArgsAppend
 * -Dbufproto.runtime=checked|module|classpath.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class MixedBuffersBenchmark {

  private static final int KINDS = 7;

  private final ByteBuf[] buffers = new ByteBuf[KINDS];
  private ByteBuf frame;
  private int size;
  private final io.bufproto.jmh.bp.MessageMetadata bp = new io.bufproto.jmh.bp.MessageMetadata();
  private final org.apache.pulsar.common.api.proto.MessageMetadata lp =
      new org.apache.pulsar.common.api.proto.MessageMetadata();

  @Setup(Level.Trial)
  public void setUp() {
    byte[] bytes = new MessageMetadataBenchmark().pjBuild().toByteArray();
    size = bytes.length;
    PooledByteBufAllocator pool = PooledByteBufAllocator.DEFAULT;
    frame = pool.directBuffer(size + 64).writeZero(32).writeBytes(bytes);
    sixClasses(buffers, frame, bytes);
    buffers[6] = leakAware(pool, bytes);
    // The same class loading in every arm.
    Object unused = PulsarApi.MessageMetadata.getDefaultInstance();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    for (int i = 0; i < 4; i++) {
      buffers[i].release();
    }
    buffers[6].release();
    frame.release();
  }

  /**
   * {@code bytes} in six buffer classes, into {@code into[0..5]}: pooled direct and heap, unpooled
   * direct and heap, a slice of {@code frame} (which holds them at index 32) and a duplicate. The
   * first four are the caller's to release.
   */
  static void sixClasses(ByteBuf[] into, ByteBuf frame, byte[] bytes) {
    int size = bytes.length;
    PooledByteBufAllocator pool = PooledByteBufAllocator.DEFAULT;
    into[0] = pool.directBuffer(size).writeBytes(bytes);
    into[1] = pool.heapBuffer(size).writeBytes(bytes);
    into[2] = Unpooled.directBuffer(size).writeBytes(bytes);
    into[3] = Unpooled.buffer(size).writeBytes(bytes);
    into[4] = frame.slice(32, size);
    into[5] = into[1].duplicate();
  }

  /** A pooled direct buffer that Netty's leak detector (level SIMPLE) chose to wrap. */
  private static ByteBuf leakAware(PooledByteBufAllocator pool, byte[] bytes) {
    ResourceLeakDetector.Level before = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.SIMPLE);
    try {
      while (true) {
        ByteBuf b = pool.directBuffer(bytes.length);
        if (b.getClass().getSimpleName().contains("LeakAware")) {
          return b.writeBytes(bytes);
        }
        b.release();
      }
    } finally {
      ResourceLeakDetector.setLevel(before);
    }
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public int bufproto_mixed() {
    int n = 0;
    for (ByteBuf b : buffers) {
      b.readerIndex(0);
      bp.parseFrom(b, size);
      n += bp.getPropertiesCount();
    }
    return n;
  }

  @Benchmark
  @OperationsPerInvocation(KINDS)
  public int lightproto_mixed() {
    int n = 0;
    for (ByteBuf b : buffers) {
      b.readerIndex(0);
      lp.parseFrom(b, size);
      n += lp.getPropertiesCount();
    }
    return n;
  }
}
