package io.bufproto.jmh;

import io.bufproto.jmh.bp.MessageMetadata;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.common.api.proto.PulsarApi;
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
 * What a message that retains its parsed buffer costs against one that aliases it (ProtoMessage,
 * "Buffer ownership"), on Pulsar's MessageMetadata from a pooled direct buffer, parsed and cleared
 * as a per-connection handler does it, with and without reading every string:
 *
 * <ul>
 *   <li>{@code aliased_*}: the default: the parse points into the buffer;
 *   <li>{@code retained_*}: {@code retainParsedBuffers(true)}: the parse retains the buffer, the
 *       clear releases it (one atomic increment and one decrement on the buffer's count).
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class OwnershipBenchmark {

  private final MessageMetadata aliased = new MessageMetadata();
  private final MessageMetadata retained = new MessageMetadata().retainParsedBuffers(true);
  private ByteBuf in;
  private int size;

  @Setup
  public void setup() {
    PulsarApi.MessageMetadata.Builder b =
        PulsarApi.MessageMetadata.newBuilder()
            .setProducerName(Data.producer())
            .setSequenceId(Data.SEQUENCE_ID)
            .setPublishTime(Data.PUBLISH_TIME)
            .setPartitionKey(Data.partitionKey());
    for (String[] kv : Data.properties()) {
      b.addProperties(PulsarApi.KeyValue.newBuilder().setKey(kv[0]).setValue(kv[1]));
    }
    byte[] bytes = b.build().toByteArray();
    size = bytes.length;
    in = PooledByteBufAllocator.DEFAULT.directBuffer(size).writeBytes(bytes);
  }

  @TearDown
  public void tearDown() {
    in.release();
  }

  private static int strings(MessageMetadata m) {
    int n = m.getProducerName().length() + m.getPartitionKey().length();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getPropertyAt(i).getKey().length() + m.getPropertyAt(i).getValue().length();
    }
    return n;
  }

  @Benchmark
  public long aliased_parseClear() {
    in.readerIndex(0);
    aliased.parseFrom(in, size);
    long id = aliased.getSequenceId();
    aliased.clear();
    return id;
  }

  @Benchmark
  public long retained_parseClear() {
    in.readerIndex(0);
    retained.parseFrom(in, size);
    long id = retained.getSequenceId();
    retained.clear();
    return id;
  }

  @Benchmark
  public int aliased_parseReadStringsClear() {
    in.readerIndex(0);
    aliased.parseFrom(in, size);
    int n = strings(aliased);
    aliased.clear();
    return n;
  }

  @Benchmark
  public int retained_parseReadStringsClear() {
    in.readerIndex(0);
    retained.parseFrom(in, size);
    int n = strings(retained);
    retained.clear();
    return n;
  }
}
