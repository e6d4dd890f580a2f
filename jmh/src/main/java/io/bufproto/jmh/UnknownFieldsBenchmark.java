package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
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
 * What keeping unknown fields costs a message that has none: the same schema generated with
 * retention on ({@code io.bufproto.jmh}, the default) and off ({@code unknown_fields=drop},
 * {@code io.bufproto.jmh.drop}), parsed from and written to a pooled direct buffer.
 *
 * <p>Decide with interleaved single-fork runs (keep, drop, keep, drop, ...), see the README.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class UnknownFieldsBenchmark {

  private ByteBuf input;
  private ByteBuf output;
  private final Metadata keep = new Metadata();
  private final io.bufproto.jmh.drop.Metadata drop = new io.bufproto.jmh.drop.Metadata();

  @Setup(Level.Trial)
  public void setUp() {
    Metadata m = new Metadata()
        .setProducerName("pulsar-producer-42")
        .setSequenceId(123_456_789_012L)
        .setPublishTime(1_764_000_000_000L)
        .setPartitionKey("key-17")
        .setEventTime(1_764_000_000_123L)
        .setHighestSequenceId(123_456_789_020L)
        .setNumMessagesInBatch(10);
    m.addProperty().setKey("application").setValue("billing");
    m.addProperty().setKey("region").setValue("eu-west-1");
    m.addReplicateTo("east");
    input = PooledByteBufAllocator.DEFAULT.directBuffer(256);
    m.writeTo(input);
    output = PooledByteBufAllocator.DEFAULT.directBuffer(256);
    keep.parseFrom(input.duplicate(), input.readableBytes());
    drop.parseFrom(input.duplicate(), input.readableBytes());
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    input.release();
    output.release();
  }

  @Benchmark
  public Metadata parseKeep() {
    input.readerIndex(0);
    keep.parseFrom(input, input.writerIndex());
    return keep;
  }

  @Benchmark
  public io.bufproto.jmh.drop.Metadata parseDrop() {
    input.readerIndex(0);
    drop.parseFrom(input, input.writerIndex());
    return drop;
  }

  @Benchmark
  public int writeKeep() {
    output.clear();
    return keep.writeTo(output);
  }

  @Benchmark
  public int writeDrop() {
    output.clear();
    return drop.writeTo(output);
  }
}
