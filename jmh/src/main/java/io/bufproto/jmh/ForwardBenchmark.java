package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.bufproto.api.Projection;
import io.bufproto.jmh.bp.BaseCommand;
import io.bufproto.jmh.bp.MessageMetadata;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
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
 * A broker's forward of a Pulsar publish: the frame's BaseCommand (a CommandSend) and its
 * MessageMetadata are parsed from a pooled direct buffer, two fields of each are read (the
 * command's type and sequence id, the producer name and sequence id), and both are written to
 * another pooled direct buffer, into reused messages.
 *
 * <ul>
 *   <li>{@code *_forward}: LightProto and protobuf-java parse, read and write everything; BufProto
 *       the same eagerly ({@code bufproto_forward}), with {@code lazyParsing(true)} ({@code
 *       bufproto_forwardLazy}: both messages written as received; their sub-messages, all shorter
 *       than {@code LAZY_DEFER_FROM}, parsed with them), with {@code lazyParsing(0)} ({@code
 *       bufproto_forwardDeferAll}: the command's CommandSend and the metadata's properties deferred
 *       too), and with the metadata peeked ({@code bufproto_forwardPeek}: {@code parseFields} of
 *       the two fields, stopping early, and written as received);
 *   <li>{@code *_readAll}: the same frame parsed and every field read, so that no row wins only by
 *       skipping work: BufProto eagerly and lazily (both ways) beside LightProto.
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class ForwardBenchmark {

  private static final Projection PEEK =
      Projection.of(
              MessageMetadata.PRODUCER_NAME_FIELD_NUMBER, MessageMetadata.SEQUENCE_ID_FIELD_NUMBER)
          .stoppingEarly();

  private final BaseCommand bpCommand = new BaseCommand();
  private final MessageMetadata bpMetadata = new MessageMetadata();
  private final BaseCommand lazyCommand = new BaseCommand().lazyParsing(true);
  private final MessageMetadata lazyMetadata = new MessageMetadata().lazyParsing(true);
  private final BaseCommand deferringCommand = new BaseCommand().lazyParsing(0);
  private final MessageMetadata deferringMetadata = new MessageMetadata().lazyParsing(0);
  private final org.apache.pulsar.common.api.proto.BaseCommand lpCommand =
      new org.apache.pulsar.common.api.proto.BaseCommand();
  private final org.apache.pulsar.common.api.proto.MessageMetadata lpMetadata =
      new org.apache.pulsar.common.api.proto.MessageMetadata();
  private ByteBuf frame;
  private ByteBuf out;
  private int commandSize;
  private int metadataSize;

  @Setup
  public void setUp() {
    byte[] command = new BaseCommandBenchmark().pjBuild().toByteArray();
    byte[] metadata = new MessageMetadataBenchmark().pjBuild().toByteArray();
    commandSize = command.length;
    metadataSize = metadata.length;
    frame =
        PooledByteBufAllocator.DEFAULT
            .directBuffer(command.length + metadata.length)
            .writeBytes(command)
            .writeBytes(metadata);
    out = PooledByteBufAllocator.DEFAULT.directBuffer(2 * frame.readableBytes());
    long bp = bufproto_forward();
    ByteBuf expected = out.copy();
    check(bp, bufproto_forwardLazy(), expected, "lazy");
    check(bp, bufproto_forwardDeferAll(), expected, "deferring");
    check(bp, bufproto_forwardPeek(), expected, "peek");
    check(bp, lightproto_forward(), expected, "LightProto");
    check(bp, protobuf_forward(), expected, "protobuf-java");
    expected.release();
    if (bufproto_readAll() != bufproto_readAllLazy()
        || bufproto_readAll() != bufproto_readAllDeferAll()
        || bufproto_readAll() != lightproto_readAll()) {
      throw new IllegalStateException("the full reads disagree");
    }
  }

  private void check(long read, long otherRead, ByteBuf expected, String which) {
    if (read != otherRead || !expected.equals(out)) {
      throw new IllegalStateException("the forward " + which + " disagrees");
    }
  }

  @TearDown
  public void tearDown() {
    frame.release();
    out.release();
  }

  // ---- the forward

  @Benchmark
  public long bufproto_forward() {
    return forward(bpCommand, bpMetadata, false);
  }

  @Benchmark
  public long bufproto_forwardLazy() {
    return forward(lazyCommand, lazyMetadata, false);
  }

  @Benchmark
  public long bufproto_forwardDeferAll() {
    return forward(deferringCommand, deferringMetadata, false);
  }

  @Benchmark
  public long bufproto_forwardPeek() {
    return forward(lazyCommand, lazyMetadata, true);
  }

  private long forward(BaseCommand command, MessageMetadata metadata, boolean peek) {
    frame.readerIndex(0);
    command.parseFrom(frame, commandSize);
    if (peek) {
      metadata.parseFields(frame, metadataSize, PEEK);
    } else {
      metadata.parseFrom(frame, metadataSize);
    }
    long read =
        command.getType().getNumber()
            + command.getSend().getSequenceId()
            + metadata.getProducerName().length()
            + metadata.getSequenceId();
    out.clear();
    command.writeTo(out);
    metadata.writeTo(out);
    return read;
  }

  @Benchmark
  public long lightproto_forward() {
    frame.readerIndex(0);
    lpCommand.parseFrom(frame, commandSize);
    lpMetadata.parseFrom(frame, metadataSize);
    long read =
        lpCommand.getType().getValue()
            + lpCommand.getSend().getSequenceId()
            + lpMetadata.getProducerName().length()
            + lpMetadata.getSequenceId();
    out.clear();
    lpCommand.writeTo(out);
    lpMetadata.writeTo(out);
    return read;
  }

  @Benchmark
  public long protobuf_forward() {
    try {
      PulsarApi.BaseCommand command =
          PulsarApi.BaseCommand.parseFrom(
              CodedInputStream.newInstance(frame.nioBuffer(0, commandSize)));
      PulsarApi.MessageMetadata metadata =
          PulsarApi.MessageMetadata.parseFrom(
              CodedInputStream.newInstance(frame.nioBuffer(commandSize, metadataSize)));
      long read =
          command.getType().getNumber()
              + command.getSend().getSequenceId()
              + metadata.getProducerName().length()
              + metadata.getSequenceId();
      out.clear();
      ByteBuffer nio = out.internalNioBuffer(0, out.capacity());
      CodedOutputStream cos = CodedOutputStream.newInstance(nio);
      command.writeTo(cos);
      metadata.writeTo(cos);
      cos.flush();
      out.writerIndex(cos.getTotalBytesWritten());
      return read;
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  // ---- parse and read every field

  @Benchmark
  public long bufproto_readAll() {
    return readAll(bpCommand, bpMetadata);
  }

  @Benchmark
  public long bufproto_readAllLazy() {
    return readAll(lazyCommand, lazyMetadata);
  }

  @Benchmark
  public long bufproto_readAllDeferAll() {
    return readAll(deferringCommand, deferringMetadata);
  }

  private long readAll(BaseCommand command, MessageMetadata metadata) {
    frame.readerIndex(0);
    command.parseFrom(frame, commandSize);
    metadata.parseFrom(frame, metadataSize);
    io.bufproto.jmh.bp.CommandSend send = command.getSend();
    long n =
        command.getType().getNumber()
            + send.getProducerId()
            + send.getSequenceId()
            + send.getNumMessages();
    return n + PeekBenchmark.readAll(metadata);
  }

  @Benchmark
  public long lightproto_readAll() {
    frame.readerIndex(0);
    lpCommand.parseFrom(frame, commandSize);
    lpMetadata.parseFrom(frame, metadataSize);
    org.apache.pulsar.common.api.proto.CommandSend send = lpCommand.getSend();
    long n =
        lpCommand.getType().getValue()
            + send.getProducerId()
            + send.getSequenceId()
            + send.getNumMessages();
    return n + PeekBenchmark.readAll(lpMetadata);
  }
}
