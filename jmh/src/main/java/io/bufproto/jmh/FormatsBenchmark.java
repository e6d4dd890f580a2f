package io.bufproto.jmh;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * JSON and text format of Pulsar's MessageMetadata ({@link MessageMetadataBenchmark}'s message):
 * BufProto's printers and parsers against protobuf-java's {@code JsonFormat} and {@code
 * TextFormat}, which print the same text. Score: messages per microsecond. Results:
 * docs/guide/json-and-text.md.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public class FormatsBenchmark {

  private final io.bufproto.jmh.bp.MessageMetadata bp = new io.bufproto.jmh.bp.MessageMetadata();
  private PulsarApi.MessageMetadata pj;
  private String json;
  private String text;
  private final JsonFormat.Printer pjJsonPrinter = JsonFormat.printer();
  private final JsonFormat.Parser pjJsonParser = JsonFormat.parser();
  private final ProtoJson.Printer bpJsonPrinter = ProtoJson.printer();
  private final ProtoJson.Parser bpJsonParser = ProtoJson.parser();

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    pj = (PulsarApi.MessageMetadata) new MessageMetadataBenchmark().pjBuild();
    bp.parseFrom(pj.toByteArray());
    json = pjJsonPrinter.print(pj);
    text = TextFormat.printer().printToString(pj);
    if (!json.equals(bpJsonPrinter.print(bp)) || !text.equals(ProtoText.print(bp))) {
      throw new IllegalStateException("the printers disagree");
    }
  }

  @Benchmark
  public String bufproto_toJson() {
    return bpJsonPrinter.print(bp);
  }

  @Benchmark
  public String protobuf_toJson() throws InvalidProtocolBufferException {
    return pjJsonPrinter.print(pj);
  }

  @Benchmark
  public long bufproto_parseJson() {
    bpJsonParser.parse(json, bp);
    return bp.getSequenceId();
  }

  @Benchmark
  public long protobuf_parseJson() throws InvalidProtocolBufferException {
    PulsarApi.MessageMetadata.Builder b = PulsarApi.MessageMetadata.newBuilder();
    pjJsonParser.merge(json, b);
    return b.getSequenceId();
  }

  @Benchmark
  public String bufproto_toText() {
    return ProtoText.print(bp);
  }

  @Benchmark
  public String protobuf_toText() {
    return TextFormat.printer().printToString(pj);
  }

  @Benchmark
  public long bufproto_parseText() {
    ProtoText.parse(text, bp);
    return bp.getSequenceId();
  }

  @Benchmark
  public long protobuf_parseText() throws TextFormat.ParseException {
    PulsarApi.MessageMetadata.Builder b = PulsarApi.MessageMetadata.newBuilder();
    TextFormat.merge(text, b);
    return b.getSequenceId();
  }
}
