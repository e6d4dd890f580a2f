package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.*;

@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class CopyExperiment {
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  ByteBuf out;
  byte[] scratch = new byte[128];
  long v = 0x0102030405060708L;

  @Setup
  public void setUp() {
    out = PooledByteBufAllocator.DEFAULT.directBuffer(256);
  }

  @TearDown
  public void tearDown() {
    out.release();
  }

  private int fill() {
    LONG.set(scratch, 0, v);
    LONG.set(scratch, 3, v + 1);
    LONG.set(scratch, 9, v + 2);
    LONG.set(scratch, 14, v + 3);
    return 22;
  }

  @Benchmark
  public int fillOnly() {
    return fill();
  }

  @Benchmark
  public int fillAndCopy() {
    int n = fill();
    out.clear();
    out.ensureWritable(n);
    out.setBytes(out.writerIndex(), scratch, 0, n);
    out.writerIndex(n);
    return n;
  }

  @Benchmark
  public int copyOnly() {
    out.clear();
    out.ensureWritable(22);
    out.setBytes(out.writerIndex(), scratch, 0, 22);
    out.writerIndex(22);
    return 22;
  }

  @Benchmark
  public int fillAndCopyByLongs() {
    int n = fill();
    out.clear();
    out.ensureWritable(n);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      out.setLongLE(i, (long) LONG.get(scratch, i));
    }
    for (; i < n; i++) {
      out.setByte(i, scratch[i]);
    }
    out.writerIndex(n);
    return n;
  }
}
