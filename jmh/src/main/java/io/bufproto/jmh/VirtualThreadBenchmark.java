package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a request costs a server that runs each one on a new virtual thread: a parse of a {@code
 * Frame} (a 34-byte topic name and a point) from a pooled direct buffer and its {@code getName()},
 * and the write of a 10 KiB {@code Frame} (880 points) into a pooled direct buffer. Each runs on
 * the benchmark's own (platform) thread, and on a virtual thread started and joined per operation;
 * {@code virtualThreadAlone} is the thread with nothing to do. {@code
 * bufproto_parseExtendableOnNewVirtualThread} parses, without a registry, a message with extension
 * ranges holding extension fields (so unknown to the parse). Run with {@code -prof gc} on JDK 21 or
 * later: the bytes allocated per operation beyond the thread's are the point (a per-thread cache is
 * allocated again by every new thread). On JDK 17 the virtual-thread rows throw {@code
 * UnsupportedOperationException}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class VirtualThreadBenchmark {

  private static final String NAME = "persistent://public/default/topic0"; // 34 bytes
  private static final int POINTS = 880;

  private final io.bufproto.jmh.bp.Frame bpRead = new io.bufproto.jmh.bp.Frame();
  private final io.bufproto.jmh.shapes.Frame lpRead = new io.bufproto.jmh.shapes.Frame();
  private final io.bufproto.jmh.bp.Frame bpLarge = new io.bufproto.jmh.bp.Frame();
  private final io.bufproto.jmh.shapes.Frame lpLarge = new io.bufproto.jmh.shapes.Frame();

  private MethodHandle startVirtualThread;
  private ByteBuf small;
  private int smallSize;
  private ByteBuf out;
  private final io.bufproto.jmh.bp.Envelope envelope = new io.bufproto.jmh.bp.Envelope();
  private ByteBuf extended;

  /** What a task on another thread leaves for the benchmark thread, read after the join. */
  private int result;

  private final Runnable nothing = () -> result = 1;
  private final Runnable bpParse = () -> result = bufproto_parseGetName();
  private final Runnable lpParse = () -> result = lightproto_parseGetName();
  private final Runnable bpWrite = () -> result = bufproto_writeLarge();
  private final Runnable lpWrite = () -> result = lightproto_writeLarge();
  private final Runnable bpParseExtendable = () -> result = bufproto_parseExtendable();

  @Setup
  public void setUp() throws ReflectiveOperationException {
    if (Runtime.version().feature() >= 21) {
      // Compiled for JDK 17: the JDK 21 method is looked up.
      startVirtualThread =
          MethodHandles.publicLookup()
              .findStatic(
                  Thread.class,
                  "startVirtualThread",
                  MethodType.methodType(Thread.class, Runnable.class));
    }
    io.bufproto.jmh.bp.Frame f = new io.bufproto.jmh.bp.Frame().setName(NAME);
    f.setPoint().setX(120).setY(-7).setZ(3000);
    small = PooledByteBufAllocator.DEFAULT.directBuffer(64);
    smallSize = f.writeTo(small);
    bpLarge.setName(NAME).setPoint().setX(1).setY(2);
    lpLarge.setName(NAME).setPoint().setX(1).setY(2);
    for (int i = 0; i < POINTS; i++) {
      bpLarge.addPath().setX(1000 + i).setY(70_000 + i).setZ(i);
      lpLarge.addPath().setX(1000 + i).setY(70_000 + i).setZ(i);
    }
    out = PooledByteBufAllocator.DEFAULT.directBuffer(16 * 1024);
    byte[] env =
        io.bufproto.jmh.shapes.ExtensionProtos.Envelope.newBuilder()
            .setId("req-20261205-000042")
            .setExtension(io.bufproto.jmh.shapes.ExtensionProtos.deadlineMs, 1_764_900_000_250L)
            .build()
            .toByteArray();
    extended = PooledByteBufAllocator.DEFAULT.directBuffer(env.length).writeBytes(env);
    int bp = bufproto_writeLarge();
    int lp = lightproto_writeLarge();
    if (bp != lp || bp < 10 * 1024 || bufproto_parseGetName() != lightproto_parseGetName()) {
      throw new IllegalStateException("the libraries disagree: " + bp + " / " + lp + " bytes");
    }
  }

  @TearDown
  public void tearDown() {
    small.release();
    out.release();
    extended.release();
  }

  @Benchmark
  public int bufproto_parseGetName() {
    small.readerIndex(0);
    bpRead.parseFrom(small, smallSize);
    return bpRead.getName().length();
  }

  @Benchmark
  public int lightproto_parseGetName() {
    small.readerIndex(0);
    lpRead.parseFrom(small, smallSize);
    return lpRead.getName().length();
  }

  @Benchmark
  public int bufproto_writeLarge() {
    out.clear();
    return bpLarge.writeTo(out);
  }

  @Benchmark
  public int lightproto_writeLarge() {
    out.clear();
    return lpLarge.writeTo(out);
  }

  @Benchmark
  public int bufproto_parseExtendable() {
    extended.readerIndex(0);
    envelope.parseFrom(extended, extended.writerIndex());
    return envelope.getSerializedSize();
  }

  @Benchmark
  public int bufproto_parseExtendableOnNewVirtualThread() throws Throwable {
    return onNewVirtualThread(bpParseExtendable);
  }

  @Benchmark
  public int virtualThreadAlone() throws Throwable {
    return onNewVirtualThread(nothing);
  }

  @Benchmark
  public int bufproto_parseGetNameOnNewVirtualThread() throws Throwable {
    return onNewVirtualThread(bpParse);
  }

  @Benchmark
  public int lightproto_parseGetNameOnNewVirtualThread() throws Throwable {
    return onNewVirtualThread(lpParse);
  }

  @Benchmark
  public int bufproto_writeLargeOnNewVirtualThread() throws Throwable {
    return onNewVirtualThread(bpWrite);
  }

  @Benchmark
  public int lightproto_writeLargeOnNewVirtualThread() throws Throwable {
    return onNewVirtualThread(lpWrite);
  }

  private int onNewVirtualThread(Runnable task) throws Throwable {
    if (startVirtualThread == null) {
      throw new UnsupportedOperationException("virtual threads need JDK 21");
    }
    Thread t = (Thread) startVirtualThread.invokeExact(task);
    t.join();
    return result;
  }
}
