package io.bufproto.jmh;

import io.bufproto.jmh.bp.BaseCommand;
import io.bufproto.netty.Framing;
import io.bufproto.netty.ProtoFrameDecoder;
import io.bufproto.netty.ProtoFrameEncoder;
import io.bufproto.netty.ProtoMessageHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.protobuf.ProtobufDecoder;
import io.netty.handler.codec.protobuf.ProtobufEncoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32FrameDecoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32LengthFieldPrepender;
import java.util.concurrent.TimeUnit;
import org.apache.pulsar.common.api.proto.PulsarApi;
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
 * Pulsar's BaseCommand with a CommandSend through a Netty pipeline ({@link EmbeddedChannel}),
 * varint32-framed: BufProto's handlers (bufproto-netty) against Netty's protobuf handlers with
 * protobuf-java. Encode: a filled message written, the frame taken off the channel and released.
 * Decode: a frame (a retained duplicate of one pooled direct buffer) read in, parsed, one field
 * read. Score: messages per microsecond.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class PipelineBenchmark {

  private final BaseCommand bp = new BaseCommand();
  private PulsarApi.BaseCommand pj;
  private ByteBuf frame;
  private long lastSequenceId;

  private EmbeddedChannel bpEncoder;
  private EmbeddedChannel pjEncoder;
  private EmbeddedChannel bpDecoder;
  private EmbeddedChannel pjDecoder;

  @Setup(Level.Trial)
  public void setUp() {
    BaseCommandBenchmark shape = new BaseCommandBenchmark();
    pj = (PulsarApi.BaseCommand) shape.pjBuild();
    bp.parseFrom(pj.toByteArray());
    bp.materialize();
    frame = PooledByteBufAllocator.DEFAULT.directBuffer();
    bp.writeDelimitedTo(frame);

    bpEncoder = new EmbeddedChannel(new ProtoFrameEncoder(Framing.VARINT32));
    pjEncoder =
        new EmbeddedChannel(new ProtobufVarint32LengthFieldPrepender(), new ProtobufEncoder());
    bpDecoder =
        new EmbeddedChannel(
            new ProtoFrameDecoder(Framing.VARINT32, 1 << 20),
            new ProtoMessageHandler<>(new BaseCommand()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) {
                lastSequenceId = cmd.getSend().getSequenceId();
              }
            });
    pjDecoder =
        new EmbeddedChannel(
            new ProtobufVarint32FrameDecoder(),
            new ProtobufDecoder(PulsarApi.BaseCommand.getDefaultInstance()));
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    frame.release();
    bpEncoder.finishAndReleaseAll();
    pjEncoder.finishAndReleaseAll();
    bpDecoder.finishAndReleaseAll();
    pjDecoder.finishAndReleaseAll();
  }

  @Benchmark
  public int bufproto_encode() {
    bpEncoder.writeOutbound(bp);
    ByteBuf out = bpEncoder.readOutbound();
    int n = out.readableBytes();
    out.release();
    return n;
  }

  @Benchmark
  public int protobuf_encode() {
    pjEncoder.writeOutbound(pj);
    ByteBuf out = pjEncoder.readOutbound();
    int n = out.readableBytes();
    out.release();
    return n;
  }

  @Benchmark
  public long bufproto_decode() {
    bpDecoder.writeInbound(frame.retainedDuplicate());
    return lastSequenceId;
  }

  @Benchmark
  public long protobuf_decode() {
    pjDecoder.writeInbound(frame.retainedDuplicate());
    PulsarApi.BaseCommand m = pjDecoder.readInbound();
    return m.getSend().getSequenceId();
  }
}
