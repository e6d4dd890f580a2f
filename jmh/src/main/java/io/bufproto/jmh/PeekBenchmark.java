package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import io.bufproto.api.Projection;
import io.bufproto.jmh.bp.MessageMetadata;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
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
 * A broker's peek at Pulsar's MessageMetadata (what {@code Commands.peekMessageMetadata} is for):
 * read the producer name and the sequence id out of a pooled direct buffer, into a reused message.
 *
 * <ul>
 *   <li>{@code *_peek}: BufProto parses only those two fields ({@code parseFields}; {@code
 *       peekStoppingEarly}: and stops at the first field after them); LightProto and protobuf-java,
 *       which have no such parse, parse everything, then read the two;
 *   <li>{@code *_parseReadAll}: every library parses everything and reads every field, so that no
 *       row wins only by skipping work: BufProto's full parse beside its peek.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class PeekBenchmark {

  private static final Projection PEEK =
      Projection.of(
          MessageMetadata.PRODUCER_NAME_FIELD_NUMBER, MessageMetadata.SEQUENCE_ID_FIELD_NUMBER);
  private static final Projection PEEK_STOPPING_EARLY = PEEK.stoppingEarly();

  private final MessageMetadata bp = new MessageMetadata();
  private final org.apache.pulsar.common.api.proto.MessageMetadata lp =
      new org.apache.pulsar.common.api.proto.MessageMetadata();
  private ByteBuf direct;
  private int size;

  @Setup
  public void setUp() {
    byte[] array = new MessageMetadataBenchmark().pjBuild().toByteArray();
    size = array.length;
    direct = PooledByteBufAllocator.DEFAULT.directBuffer(size).writeBytes(array);
    if (bufproto_peek() != lightproto_peek() || bufproto_peek() != bufproto_peekStoppingEarly()) {
      throw new IllegalStateException("the peeks disagree");
    }
    if (bufproto_parseReadAll() != lightproto_parseReadAll()) {
      throw new IllegalStateException("the full reads disagree");
    }
  }

  @TearDown
  public void tearDown() {
    direct.release();
  }

  // ---- the peek

  @Benchmark
  public long bufproto_peek() {
    direct.readerIndex(0);
    bp.parseFields(direct, size, PEEK);
    return bp.getProducerName().length() + bp.getSequenceId();
  }

  @Benchmark
  public long bufproto_peekStoppingEarly() {
    direct.readerIndex(0);
    bp.parseFields(direct, size, PEEK_STOPPING_EARLY);
    return bp.getProducerName().length() + bp.getSequenceId();
  }

  @Benchmark
  public long lightproto_peek() {
    direct.readerIndex(0);
    lp.parseFrom(direct, size);
    return lp.getProducerName().length() + lp.getSequenceId();
  }

  @Benchmark
  public long protobuf_peek() throws IOException {
    PulsarApi.MessageMetadata m =
        PulsarApi.MessageMetadata.parseFrom(
            CodedInputStream.newInstance(direct.nioBuffer(0, size)));
    return m.getProducerName().length() + m.getSequenceId();
  }

  // ---- parse and read every field

  @Benchmark
  public long bufproto_parseReadAll() {
    direct.readerIndex(0);
    bp.parseFrom(direct, size);
    return readAll(bp);
  }

  /** Reads every field of {@code m} (ForwardBenchmark reads the same). */
  static long readAll(MessageMetadata m) {
    long n = m.getProducerName().length() + m.getSequenceId() + m.getPublishTime();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getPropertyAt(i).getKey().length() + m.getPropertyAt(i).getValue().length();
    }
    n += m.getPartitionKey().length();
    for (int i = 0; i < m.getReplicateTosCount(); i++) {
      n += m.getReplicateToAt(i).length();
    }
    return n
        + m.getCompression().getNumber()
        + m.getUncompressedSize()
        + m.getNumMessagesInBatch()
        + m.getEventTime();
  }

  @Benchmark
  public long lightproto_parseReadAll() {
    direct.readerIndex(0);
    lp.parseFrom(direct, size);
    return readAll(lp);
  }

  /** Reads every field of {@code m}, as {@link #readAll(MessageMetadata)}. */
  static long readAll(org.apache.pulsar.common.api.proto.MessageMetadata m) {
    long n = m.getProducerName().length() + m.getSequenceId() + m.getPublishTime();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getPropertyAt(i).getKey().length() + m.getPropertyAt(i).getValue().length();
    }
    n += m.getPartitionKey().length();
    for (int i = 0; i < m.getReplicateTosCount(); i++) {
      n += m.getReplicateToAt(i).length();
    }
    return n
        + m.getCompression().getValue()
        + m.getUncompressedSize()
        + m.getNumMessagesInBatch()
        + m.getEventTime();
  }

  @Benchmark
  public long protobuf_parseReadAll() throws IOException {
    PulsarApi.MessageMetadata m =
        PulsarApi.MessageMetadata.parseFrom(
            CodedInputStream.newInstance(direct.nioBuffer(0, size)));
    long n = m.getProducerName().length() + m.getSequenceId() + m.getPublishTime();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getProperties(i).getKey().length() + m.getProperties(i).getValue().length();
    }
    n += m.getPartitionKey().length();
    for (int i = 0; i < m.getReplicateToCount(); i++) {
      n += m.getReplicateTo(i).length();
    }
    return n
        + m.getCompression().getNumber()
        + m.getUncompressedSize()
        + m.getNumMessagesInBatch()
        + m.getEventTime();
  }
}
