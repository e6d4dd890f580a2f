package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.spi.BufProtoRuntime;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.EnumSet;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The compatibility harness: for every message type of the test schemas, random messages are
 * compared with protobuf-java (the oracle) in both directions, byte for byte, over every buffer
 * kind as source and target. Each try checks every message type, so the number of tries ({@code
 * jqwik.tries.default}, from {@code bufproto.tries} in the build; {@code -Pthorough} raises it) is
 * the number of cases per type; the counts are printed at the end.
 */
class CompatibilityProperties {

  private static final Map<String, AtomicInteger> COMPARED = new ConcurrentHashMap<>();
  private static final Map<String, AtomicInteger> NON_CANONICAL = new ConcurrentHashMap<>();

  /** One instance per type, parsed again and again: reuse must not leak state between parses. */
  private static final Map<String, ProtoMessage<?>> REUSED = new ConcurrentHashMap<>();

  /** Runs {@code check} for every message type; a failure names the type. */
  static void forEachType(long seed, TypeCheck check) {
    forEach(Case.ALL, seed, check);
  }

  /** Runs {@code check} for each of {@code types}; a failure names the type. */
  static void forEach(java.util.List<Case> types, long seed, TypeCheck check) {
    for (Case type : types) {
      try {
        check.run(type, seed ^ type.name().hashCode());
      } catch (AssertionError | Exception e) {
        throw new AssertionError(type.name() + ": " + e.getMessage(), e);
      }
    }
  }

  interface TypeCheck {
    void run(Case type, long seed) throws Exception;
  }

  /** Each try compares one random message of every type: tries = cases per type. */
  @Property
  void protobufJavaBytesParseAndWriteBackIdentically(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 6) int size,
      @ForAll BufKind source,
      @ForAll BufKind target) {
    forEachType(seed, (type, s) -> roundTrip(type, s, size, source, target));
  }

  static void roundTrip(Case type, long seed, int size, BufKind source, BufKind target)
      throws InvalidProtocolBufferException {
    Message pj = new RandomMessages(seed, size, true).next(type.prototype());
    byte[] expected = pj.toByteArray();

    // protobuf-java bytes -> ours parse -> ours write == protobuf-java bytes
    ProtoMessage<?> parsed = LazySuite.configure(type.ours().get());
    ByteBuf in = source.source(expected);
    ByteBuf out = target.target(expected.length);
    try {
      int readerBefore = in.readerIndex();
      parsed.parseFrom(in, expected.length);
      assertEquals(
          readerBefore + expected.length, in.readerIndex(), "parse advances readerIndex by size");
      assertEquals(expected.length, parsed.getSerializedSize(), "getSerializedSize after parse");
      int writerBefore = out.writerIndex();
      int written = parsed.writeTo(out);
      assertEquals(expected.length, written, "writeTo returns the bytes written");
      assertArrayEquals(
          expected,
          ByteBufUtil.getBytes(out, writerBefore, written),
          () -> "write after parse of " + pj);

      // ours built through setters -> ours write == protobuf-java bytes; protobuf-java parses it
      // back equal
      ProtoMessage<?> built = type.ours().get();
      OursFiller.fill(built, pj);
      byte[] ours = built.toByteArray();
      assertArrayEquals(expected, ours, () -> "write after setters for " + pj);
      assertEquals(pj, pj.getParserForType().parseFrom(ours));
      assertEquals(expected.length, built.getSerializedSize());

      // equality, hashing, copy, reuse, materialize
      assertEquals(built, parsed);
      assertEquals(built.hashCode(), parsed.hashCode());
      ProtoMessage copy = type.ours().get();
      copy.copyFrom(parsed);
      assertEquals(parsed, copy);
      assertArrayEquals(expected, copy.toByteArray(), "copyFrom");
      assertTrue(parsed.isInitialized());
      assertEquals(
          pj.getParserForType().parseFrom(expected).toString(),
          parsed.toString(),
          "toString() is protobuf-java's");

      ProtoMessage<?> reused =
          REUSED.computeIfAbsent(type.name(), k -> LazySuite.configure(type.ours().get()));
      reused.parseFrom(expected);
      assertArrayEquals(expected, reused.toByteArray(), "reused instance");
      assertEquals(parsed, reused);

      parsed.materialize();
    } finally {
      in.release();
      out.release();
    }
    // Detached: still writes the same bytes with the source buffer gone.
    assertArrayEquals(expected, parsed.toByteArray(), "after materialize and release");
    COMPARED.computeIfAbsent(type.name(), k -> new AtomicInteger()).incrementAndGet();
  }

  /**
   * The same message in legal non-canonical encodings (see {@link Reencoder.Form}): our parse, then
   * write, must give exactly protobuf-java's parse-then-write bytes. Nothing remembered from the
   * input may leak into the output.
   */
  @Property
  void nonCanonicalEncodingsParseAsProtobufJavaParsesThem(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size, @ForAll BufKind source) {
    forEachType(seed, (type, s) -> nonCanonical(type, s, size, source));
  }

  static void nonCanonical(Case type, long seed, int size, BufKind source)
      throws InvalidProtocolBufferException {
    Message pj = new RandomMessages(seed, size, true).next(type.prototype());
    byte[] weird = new Reencoder(seed, EnumSet.allOf(Reencoder.Form.class)).encode(pj);
    Message theirs = pj.getParserForType().parseFrom(weird);
    assertEquals(pj, theirs, "the re-encoding is a valid encoding of the same message");
    byte[] expected = theirs.toByteArray();

    ProtoMessage<?> ours = LazySuite.configure(type.ours().get());
    ByteBuf in = source.source(weird);
    try {
      ours.parseFrom(in, weird.length);
      if (LazySuite.ON) {
        // Unchanged: written as received, as protobuf-java's lazy fields are; then re-encoded.
        assertArrayEquals(weird, ours.toByteArray(), "written as received");
        ours.materialize();
      }
      assertEquals(expected.length, ours.getSerializedSize());
      assertArrayEquals(
          expected, ours.toByteArray(), () -> "parse of " + ByteBufUtil.hexDump(weird));
    } finally {
      in.release();
    }
    NON_CANONICAL.computeIfAbsent(type.name(), k -> new AtomicInteger()).incrementAndGet();
  }

  /**
   * Merging, both ways protobuf-java has it: {@code copyFrom} equals {@code mergeFrom}, and parsing
   * two encodings one after the other (which protobuf-java defines as a merge).
   */
  @Property
  void copyFromAndConcatenationMergeAsProtobufJavaMerges(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 5) int size) {
    forEachType(seed, (type, s) -> merge(type, s, size));
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  private static void merge(Case type, long seed, int size) {
    RandomMessages random = new RandomMessages(seed, size, true);
    Message a = random.next(type.prototype());
    Message b = random.next(type.prototype());
    byte[] expected = a.toBuilder().mergeFrom(b).buildPartial().toByteArray();

    ProtoMessage ours = LazySuite.configure(type.ours().get());
    ours.parseFrom(a.toByteArray());
    ProtoMessage other = type.ours().get();
    other.parseFrom(b.toByteArray());
    ours.copyFrom(other);
    assertArrayEquals(expected, ours.toByteArray(), "copyFrom");

    byte[] ab = new byte[a.getSerializedSize() + b.getSerializedSize()];
    System.arraycopy(a.toByteArray(), 0, ab, 0, a.getSerializedSize());
    System.arraycopy(b.toByteArray(), 0, ab, a.getSerializedSize(), b.getSerializedSize());
    ProtoMessage<?> concatenated = LazySuite.configure(type.ours().get());
    concatenated.parseFrom(ab);
    if (LazySuite.ON) {
      assertArrayEquals(ab, concatenated.toByteArray(), "written as received");
      concatenated.materialize();
    }
    assertArrayEquals(expected, concatenated.toByteArray(), "parse of a then b");
  }

  @AfterContainer
  static void report() {
    Map<String, AtomicInteger> sorted = new TreeMap<>(COMPARED);
    StringBuilder sb =
        new StringBuilder(
            "Compared with protobuf-java (runtime " + BufProtoRuntime.active().name() + "):\n");
    sb.append(String.format("  %-40s %12s %14s%n", "message type", "round trips", "non-canonical"));
    sorted.forEach(
        (k, v) ->
            sb.append(
                String.format(
                    "  %-40s %12d %14d%n",
                    k, v.get(), NON_CANONICAL.getOrDefault(k, new AtomicInteger()).get())));
    System.out.print(sb);
    // Each try covers every type, so no type can be left out by chance.
  }
}
