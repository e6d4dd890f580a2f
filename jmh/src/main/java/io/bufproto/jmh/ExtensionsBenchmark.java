package io.bufproto.jmh;

import com.google.protobuf.ByteString;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.InvalidProtocolBufferException;
import io.bufproto.jmh.bp.Envelope;
import io.bufproto.jmh.bp.ExtensionsExtensions;
import io.bufproto.jmh.shapes.ExtensionProtos;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * A message with four extensions (a string, an int64, packed int32s, a nested message) and a field
 * after their range: parsed with an extension registry and written back, by BufProto and by
 * protobuf-java (both write the same bytes); and the same with one extension read. Score: messages
 * per microsecond. Results: docs/design/extensions.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class ExtensionsBenchmark {

  private final ExtensionRegistry pjRegistry = ExtensionRegistry.newInstance();
  private final io.bufproto.api.ExtensionRegistry bpRegistry =
      io.bufproto.api.ExtensionRegistry.newInstance();
  private final Envelope bp = new Envelope();
  private byte[] bytes;
  private ByteBuf in;
  private final ByteBuf out = Unpooled.directBuffer(256);

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    ExtensionProtos.registerAllExtensions(pjRegistry);
    ExtensionsExtensions.registerAllExtensions(bpRegistry);
    ExtensionProtos.Envelope.Builder b =
        ExtensionProtos.Envelope.newBuilder()
            .setId("req-20261205-000042")
            .setSentAt(1_764_900_000_000L)
            .setPayload(ByteString.copyFrom(new byte[64]))
            .setExtension(ExtensionProtos.traceId, "4bf92f3577b34da6a3ce929d0e0e4736")
            .setExtension(ExtensionProtos.deadlineMs, 1_764_900_000_250L)
            .setExtension(
                ExtensionProtos.routing,
                ExtensionProtos.Routing.newBuilder().setRegion("eu-west-1").setShard(17).build());
    for (int i = 0; i < 6; i++) {
      b.addExtension(ExtensionProtos.hops, 1000 + i);
    }
    bytes = b.build().toByteArray();
    in = Unpooled.directBuffer(bytes.length).writeBytes(bytes);
    bp.parseFrom(in.duplicate(), bytes.length, bpRegistry);
    if (!java.util.Arrays.equals(bytes, bp.toByteArray())) {
      throw new IllegalStateException("BufProto writes other bytes than protobuf-java");
    }
  }

  @Benchmark
  public int bufproto_parseAndWrite() {
    in.readerIndex(0);
    bp.parseFrom(in, bytes.length, bpRegistry);
    out.clear();
    return bp.writeTo(out);
  }

  @Benchmark
  public int protobuf_parseAndWrite() throws InvalidProtocolBufferException {
    return ExtensionProtos.Envelope.parseFrom(bytes, pjRegistry).toByteArray().length;
  }

  @Benchmark
  public String bufproto_parseAndGetTraceId() {
    in.readerIndex(0);
    bp.parseFrom(in, bytes.length, bpRegistry);
    return bp.getExtension(ExtensionsExtensions.traceId);
  }

  @Benchmark
  public String protobuf_parseAndGetTraceId() throws InvalidProtocolBufferException {
    return ExtensionProtos.Envelope.parseFrom(bytes, pjRegistry)
        .getExtension(ExtensionProtos.traceId);
  }
}
