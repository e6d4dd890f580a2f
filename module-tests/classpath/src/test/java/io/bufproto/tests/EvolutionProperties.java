package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.evo.EvolutionProtos;
import io.bufproto.tests.evo3.Evolution3Protos;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * A newer writer, an older reader: bytes of a newer schema version, parsed with an older one, must
 * be written back exactly as protobuf-java writes them (unknown fields, undeclared closed-enum
 * values, unknown groups and extensions kept, in protobuf-java's order and form).
 */
class EvolutionProperties {

  /** A newer message type, and the older type (protobuf-java's and ours) that reads its bytes. */
  record Pair(Message newer, Message older, Supplier<ProtoMessage<?>> ours) {
    @Override
    public String toString() {
      return newer.getDescriptorForType().getName()
          + " read as "
          + older.getDescriptorForType().getName();
    }
  }

  static final List<Pair> PAIRS =
      List.of(
          new Pair(
              EvolutionProtos.NewRecord.getDefaultInstance(),
              EvolutionProtos.OldRecord.getDefaultInstance(),
              io.bufproto.tests.evo.OldRecord::new),
          new Pair(
              EvolutionProtos.NewRecord.getDefaultInstance(),
              EvolutionProtos.Nothing.getDefaultInstance(),
              io.bufproto.tests.evo.Nothing::new),
          new Pair(
              EvolutionProtos.ExtendedView.getDefaultInstance(),
              EvolutionProtos.Extendable.getDefaultInstance(),
              io.bufproto.tests.evo.Extendable::new),
          new Pair(
              Evolution3Protos.NewItem.getDefaultInstance(),
              Evolution3Protos.OldItem.getDefaultInstance(),
              io.bufproto.tests.evo3.OldItem::new),
          new Pair(
              Evolution3Protos.NewItem.getDefaultInstance(),
              EvolutionProtos.Nothing.getDefaultInstance(),
              io.bufproto.tests.evo.Nothing::new));

  /** Each try checks every pair. */
  @Property
  void anOlderReaderWritesBackWhatProtobufJavaWritesBack(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 5) int size,
      @ForAll boolean nonCanonical,
      @ForAll BufKind source)
      throws InvalidProtocolBufferException {
    for (Pair pair : PAIRS) {
      try {
        olderReader(pair, seed ^ pair.toString().hashCode(), size, nonCanonical, source);
      } catch (AssertionError e) {
        throw new AssertionError(pair + ": " + e.getMessage(), e);
      }
    }
  }

  private static void olderReader(
      Pair pair, long seed, int size, boolean nonCanonical, BufKind source)
      throws InvalidProtocolBufferException {
    Message newer = new RandomMessages(seed, size, true).next(pair.newer());
    byte[] bytes =
        nonCanonical
            ? new Reencoder(seed, EnumSet.allOf(Reencoder.Form.class)).encode(newer)
            : newer.toByteArray();
    Message theirs = pair.older().getParserForType().parseFrom(bytes);
    byte[] expected = theirs.toByteArray();

    ProtoMessage<?> ours = pair.ours().get();
    ByteBuf in = source.source(bytes);
    try {
      ours.parseFrom(in, bytes.length);
      check(pair, ours, bytes, expected);
    } finally {
      in.release();
    }
  }

  /**
   * Random bytes in string fields: protobuf-java and we reject exactly the same inputs (proto3
   * strings, and map keys and values in both syntaxes) and accept the rest byte for byte.
   */
  @Property
  void utf8IsValidatedExactlyWhereProtobufJavaValidatesIt(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size, @ForAll boolean proto3)
      throws InvalidProtocolBufferException {
    java.util.Random random = new java.util.Random(seed);
    Evolution3Protos.BytesView.Builder b = Evolution3Protos.BytesView.newBuilder();
    RandomMessages strings = new RandomMessages(seed, size + 1, true);
    b.setS(utf8ish(random, strings));
    for (int i = 0; i < size; i++) {
      b.addR(utf8ish(random, strings));
      b.putM(i, utf8ish(random, strings));
    }
    if (random.nextBoolean()) {
      b.setChild(Evolution3Protos.BytesView.newBuilder().setS(utf8ish(random, strings)));
    }
    byte[] bytes = b.build().toByteArray();
    Message older =
        proto3
            ? Evolution3Protos.Strings3.getDefaultInstance()
            : EvolutionProtos.Strings2.getDefaultInstance();
    ProtoMessage<?> ours =
        proto3 ? new io.bufproto.tests.evo3.Strings3() : new io.bufproto.tests.evo.Strings2();
    Message theirs;
    try {
      theirs = older.getParserForType().parseFrom(bytes);
    } catch (InvalidProtocolBufferException e) {
      io.bufproto.api.InvalidProtobufException ourError =
          org.junit.jupiter.api.Assertions.assertThrows(
              io.bufproto.api.InvalidProtobufException.class,
              () -> ours.parseFrom(bytes),
              () -> "protobuf-java rejects " + ByteBufUtil.hexDump(bytes));
      org.junit.jupiter.api.Assertions.assertTrue(
          ourError.getMessage().startsWith(e.getMessage() + " [field "),
          () -> "protobuf-java's message, then where: " + ourError.getMessage());
      return;
    }
    ours.parseFrom(bytes);
    assertArrayEquals(theirs.toByteArray(), ours.toByteArray());
  }

  /** UTF-8 of a random string, often with one byte changed, dropped or cut off. */
  private static com.google.protobuf.ByteString utf8ish(
      java.util.Random random, RandomMessages strings) {
    byte[] b = strings.nextString().getBytes(java.nio.charset.StandardCharsets.UTF_8);
    if (b.length > 0 && random.nextBoolean()) {
      int i = random.nextInt(b.length);
      switch (random.nextInt(3)) {
        case 0 -> b[i] = (byte) random.nextInt(256);
        case 1 -> b = java.util.Arrays.copyOf(b, i);
        default -> b[i] = (byte) (0x80 | random.nextInt(0x40));
      }
    }
    return com.google.protobuf.ByteString.copyFrom(b);
  }

  private static void check(Pair pair, ProtoMessage<?> ours, byte[] bytes, byte[] expected) {
    assertEquals(
        expected.length,
        ours.getSerializedSize(),
        () -> "size, input " + ByteBufUtil.hexDump(bytes));
    assertArrayEquals(expected, ours.toByteArray(), () -> "input " + ByteBufUtil.hexDump(bytes));

    // The kept fields survive a copy, compare equal, and a second round trip is stable.
    ProtoMessage copy = pair.ours().get();
    copy.copyFrom(ours);
    assertEquals(ours, copy);
    assertEquals(ours.hashCode(), copy.hashCode());
    assertArrayEquals(expected, copy.toByteArray(), "copyFrom keeps unknown fields");
    ProtoMessage<?> again = pair.ours().get();
    again.parseFrom(expected);
    assertArrayEquals(expected, again.toByteArray());
  }
}
