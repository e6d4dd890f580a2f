package io.bufproto.jmh;

import com.google.protobuf.CodedOutputStream;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.util.Arrays;
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
 * A 4 MiB message written into a pooled direct buffer: Pulsar's topic list (a {@code BaseCommand}
 * holding 72,000 topic names), as a broker fills and sends it. Each library writes the same bytes
 * (checked at setup). Run with {@code -prof gc}: the bytes allocated per write are the point.
 *
 * <ul>
 *   <li>{@code bufproto_write}: composed 64 KiB at a time and copied (ProtoWriter's chunked write);
 *   <li>{@code protobuf_writeNio}: protobuf-java's {@code CodedOutputStream} over the buffer's
 *       {@code nioBuffer()}, written in place;
 *   <li>{@code lightproto_write}: LightProto's {@code writeTo} (0.8.0 composes the message in a
 *       heap array of its size).
 * </ul>
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class LargeWriteBenchmark {

  private static final int TOPICS = 72_000;

  private final io.bufproto.jmh.bp.BaseCommand bp = new io.bufproto.jmh.bp.BaseCommand();
  private final org.apache.pulsar.common.api.proto.BaseCommand lp =
      new org.apache.pulsar.common.api.proto.BaseCommand();
  private PulsarApi.BaseCommand pj;
  private ByteBuf out;
  private int size;

  private static String topic(int i) {
    return "persistent://tenant-"
        + (i % 97)
        + "/namespace-"
        + (i % 13)
        + "/topic-"
        + i
        + "-partition-0";
  }

  @Setup
  public void setup() throws IOException {
    PulsarApi.CommandGetTopicsOfNamespaceResponse.Builder list =
        PulsarApi.CommandGetTopicsOfNamespaceResponse.newBuilder().setRequestId(42);
    io.bufproto.jmh.bp.CommandGetTopicsOfNamespaceResponse bpList =
        bp.setType(io.bufproto.jmh.bp.BaseCommand.Type.GET_TOPICS_OF_NAMESPACE_RESPONSE)
            .setGetTopicsOfNamespaceResponse()
            .setRequestId(42);
    org.apache.pulsar.common.api.proto.CommandGetTopicsOfNamespaceResponse lpList =
        lp.setType(
                org.apache.pulsar.common.api.proto.BaseCommand.Type
                    .GET_TOPICS_OF_NAMESPACE_RESPONSE)
            .setGetTopicsOfNamespaceResponse()
            .setRequestId(42);
    for (int i = 0; i < TOPICS; i++) {
      String t = topic(i);
      list.addTopics(t);
      bpList.addTopic(t);
      lpList.addTopic(t);
    }
    pj =
        PulsarApi.BaseCommand.newBuilder()
            .setType(PulsarApi.BaseCommand.Type.GET_TOPICS_OF_NAMESPACE_RESPONSE)
            .setGetTopicsOfNamespaceResponse(list)
            .build();
    size = pj.getSerializedSize();
    out = PooledByteBufAllocator.DEFAULT.directBuffer(size, size);
    byte[] expected = pj.toByteArray();
    byte[][] written = {
      bytes(bufproto_write()), bytes(protobuf_writeNio()), bytes(lightproto_write())
    };
    for (byte[] w : written) {
      if (!Arrays.equals(expected, w)) {
        throw new IllegalStateException("the libraries wrote different bytes");
      }
    }
    if (size < 4 << 20) {
      throw new IllegalStateException("not 4 MiB: " + size);
    }
  }

  private static byte[] bytes(ByteBuf b) {
    byte[] a = new byte[b.readableBytes()];
    b.getBytes(b.readerIndex(), a);
    return a;
  }

  @TearDown
  public void tearDown() {
    out.release();
  }

  @Benchmark
  public ByteBuf bufproto_write() {
    out.clear();
    bp.writeTo(out);
    return out;
  }

  @Benchmark
  public ByteBuf protobuf_writeNio() throws IOException {
    out.clear();
    CodedOutputStream s = CodedOutputStream.newInstance(out.nioBuffer(0, size));
    pj.writeTo(s);
    s.flush();
    out.writerIndex(size);
    return out;
  }

  @Benchmark
  public ByteBuf lightproto_write() {
    out.clear();
    lp.writeTo(out);
    return out;
  }
}
