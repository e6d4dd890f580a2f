package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
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
 * One message shape, every library, every operation, side by side in one run. A subclass per shape
 * supplies the message and the three ways to fill it; the benchmark methods live here so every
 * shape measures exactly the same operations:
 *
 * <ul>
 *   <li>{@code *_serialize}: a filled, reused message into a reused pooled direct buffer; {@code
 *       Heap}: into a reused pooled heap buffer;
 *   <li>{@code *_fillSerialize}: fill (BufProto/LightProto: clear and refill the reused message;
 *       protobuf-java: build a new one), then serialize; each operation fills from the next of
 *       eight equal but distinct copies of every string ({@link Data#next()}), so no row is decided
 *       by a literal's folded UTF-8 scan or by a library remembering the last string it was given;
 *   <li>{@code *_deserialize}: into a reused message (protobuf-java: a new one) from a pooled
 *       direct buffer; {@code Heap}: from a pooled heap buffer; {@code Slice}: from a slice of a
 *       larger pooled buffer, as frame decoders hand frames over; {@code ReadStrings}: then read
 *       every string; protobuf-java {@code deserializeArray}: from a {@code byte[]}, its best case;
 *   <li>{@code baseline_readAllBytes}: reads every input byte once (8 at a time), the floor.
 * </ul>
 *
 * <p>The three encodings of the shape's message are checked to be byte-identical at setup.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
// Leak detection off: at its default level Netty wraps a random 1 in 128 allocations in a
// leak-aware wrapper, so one fork would measure wrapped input buffers and the next not.
@Fork(value = 2, jvmArgsAppend = "-Dio.netty.leakDetection.level=disabled")
public abstract class ShapeBenchmark {

  private static final PooledByteBufAllocator POOL = PooledByteBufAllocator.DEFAULT;

  private ByteBuf direct;
  private ByteBuf heap;
  private ByteBuf frame;
  private ByteBuf slice;
  private ByteBuf out;
  private ByteBuf outHeap;
  private byte[] array;
  private int size;
  private MessageLite pjMessage;

  /** protobuf-java: a new message of the shape, built through its builder. */
  protected abstract MessageLite pjBuild();

  /** protobuf-java: parse one message. */
  protected abstract MessageLite pjParse(CodedInputStream in) throws IOException;

  /** protobuf-java: read every string of a parsed message; returns their total length. */
  protected abstract int pjReadStrings(MessageLite m);

  /** BufProto: the reused message. */
  protected abstract ProtoMessage<?> bp();

  /** BufProto: clear the reused message and fill it like {@link #pjBuild()}. */
  protected abstract void bpFill();

  /** BufProto: read every string of the reused message. */
  protected abstract int bpReadStrings();

  /** LightProto: clear the reused message and fill it like {@link #pjBuild()}. */
  protected abstract void lpFill();

  protected abstract void lpParse(ByteBuf in, int size);

  protected abstract int lpWrite(ByteBuf target);

  protected abstract int lpReadStrings();

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    pjMessage = pjBuild();
    array = pjMessage.toByteArray();
    size = array.length;
    direct = POOL.directBuffer(size).writeBytes(array);
    heap = POOL.heapBuffer(size).writeBytes(array);
    frame = POOL.directBuffer(size + 64).writeZero(32).writeBytes(array).writeZero(32);
    slice = frame.slice(32, size);
    out = POOL.directBuffer(2 * size + 64);
    outHeap = POOL.heapBuffer(2 * size + 64);

    bpFill();
    lpFill();
    check("BufProto", bpBytes());
    out.clear();
    lpWrite(out);
    check("LightProto", ByteBufBytes.of(out));
    bp_parseCheck();
  }

  private byte[] bpBytes() {
    out.clear();
    bp().writeTo(out);
    return ByteBufBytes.of(out);
  }

  private void check(String who, byte[] bytes) {
    if (!Arrays.equals(array, bytes)) {
      throw new IllegalStateException(
          getClass().getSimpleName()
              + ": "
              + who
              + " writes other bytes than protobuf-java ("
              + bytes.length
              + " vs "
              + array.length
              + ")");
    }
  }

  private void bp_parseCheck() {
    direct.readerIndex(0);
    bp().parseFrom(direct, size);
    check("BufProto after a parse", bpBytes());
    bpFill();
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    direct.release();
    heap.release();
    frame.release();
    out.release();
    outHeap.release();
  }

  // ---- BufProto

  @Benchmark
  public int bufproto_serialize() {
    out.clear();
    return bp().writeTo(out);
  }

  @Benchmark
  public int bufproto_serializeHeap() {
    outHeap.clear();
    return bp().writeTo(outHeap);
  }

  @Benchmark
  public int bufproto_fillSerialize() {
    Data.next();
    bpFill();
    out.clear();
    return bp().writeTo(out);
  }

  @Benchmark
  public Object bufproto_deserialize() {
    direct.readerIndex(0);
    bp().parseFrom(direct, size);
    return bp();
  }

  @Benchmark
  public Object bufproto_deserializeHeap() {
    heap.readerIndex(0);
    bp().parseFrom(heap, size);
    return bp();
  }

  @Benchmark
  public Object bufproto_deserializeSlice() {
    slice.readerIndex(0);
    bp().parseFrom(slice, size);
    return bp();
  }

  @Benchmark
  public int bufproto_deserializeReadStrings() {
    direct.readerIndex(0);
    bp().parseFrom(direct, size);
    return bpReadStrings();
  }

  // ---- LightProto

  @Benchmark
  public int lightproto_serialize() {
    out.clear();
    return lpWrite(out);
  }

  @Benchmark
  public int lightproto_serializeHeap() {
    outHeap.clear();
    return lpWrite(outHeap);
  }

  @Benchmark
  public int lightproto_fillSerialize() {
    Data.next();
    lpFill();
    out.clear();
    return lpWrite(out);
  }

  @Benchmark
  public int lightproto_deserialize() {
    direct.readerIndex(0);
    lpParse(direct, size);
    return size;
  }

  @Benchmark
  public int lightproto_deserializeHeap() {
    heap.readerIndex(0);
    lpParse(heap, size);
    return size;
  }

  @Benchmark
  public int lightproto_deserializeSlice() {
    slice.readerIndex(0);
    lpParse(slice, size);
    return size;
  }

  @Benchmark
  public int lightproto_deserializeReadStrings() {
    direct.readerIndex(0);
    lpParse(direct, size);
    return lpReadStrings();
  }

  // ---- protobuf-java

  @Benchmark
  public int protobuf_serialize() throws IOException {
    return pjWrite(pjMessage);
  }

  @Benchmark
  public int protobuf_fillSerialize() throws IOException {
    Data.next();
    return pjWrite(pjBuild());
  }

  private int pjWrite(MessageLite m) throws IOException {
    out.clear();
    ByteBuffer nio = out.internalNioBuffer(0, out.capacity());
    CodedOutputStream cos = CodedOutputStream.newInstance(nio);
    m.writeTo(cos);
    cos.flush();
    int written = cos.getTotalBytesWritten();
    out.writerIndex(written);
    return written;
  }

  @Benchmark
  public MessageLite protobuf_deserialize() throws IOException {
    return pjParse(CodedInputStream.newInstance(direct.nioBuffer(0, size)));
  }

  @Benchmark
  public MessageLite protobuf_deserializeArray() throws IOException {
    return pjParse(CodedInputStream.newInstance(array));
  }

  @Benchmark
  public int protobuf_deserializeReadStrings() throws IOException {
    return pjReadStrings(pjParse(CodedInputStream.newInstance(direct.nioBuffer(0, size))));
  }

  // ---- the floor

  @Benchmark
  public long baseline_readAllBytes() {
    ByteBuf in = direct;
    long acc = 0;
    int i = 0;
    for (; i + 8 <= size; i += 8) {
      acc += in.getLongLE(i);
    }
    for (; i < size; i++) {
      acc += in.getByte(i);
    }
    return acc;
  }
}
