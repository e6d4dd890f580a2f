package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.UnknownFieldSet;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.Projection;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Projected parses ({@code parseFields}) against protobuf-java: for random messages of every test
 * type and a random set of field numbers, the message holds exactly what protobuf-java's full parse
 * holds in those fields (compared through the text format, which prints every field set), and
 * nothing else: no other field, no unknown field, no extension. A oneof with a member asked for is
 * read whole. Stopping early gives the same on protobuf-java's own (ascending) encoding. The
 * message refuses to be written or copied.
 */
class ProjectionProperties {

  private static final CaseCounts COUNTS =
      new CaseCounts("Projected parses compared with protobuf-java", "equal");

  @Property
  void aProjectedParseHoldsWhatProtobufJavaHoldsInTheFieldsAsked(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size, @ForAll BufKind source) {
    CompatibilityProperties.forEachType(seed, (type, s) -> project(type, s, size, source));
  }

  @SuppressWarnings({"rawtypes", "unchecked"}) // copyFrom of the same type, chosen at run time
  private static void project(Case type, long seed, int size, BufKind source) throws Exception {
    byte[] bytes = TextFormatProperties.randomBytes(type, seed, size);
    Message pj = type.prototype().getParserForType().parsePartialFrom(bytes);
    Random random = new Random(seed);
    Set<Integer> asked = new TreeSet<>();
    for (FieldDescriptor f : pj.getDescriptorForType().getFields()) {
      if (random.nextBoolean()) {
        asked.add(f.getNumber());
      }
    }
    // A number no field has matches nothing.
    asked.add(1 + random.nextInt(200));
    Projection projection = Projection.of(asked.stream().mapToInt(Integer::intValue).toArray());
    String expected = TextFormat.printer().printToString(keepOnly(pj, asked));

    ProtoMessage<?> ours = type.ours().get();
    ByteBuf in = source.source(bytes);
    try {
      int before = in.readerIndex();
      ours.parseFields(in, bytes.length, projection);
      assertEquals(before + bytes.length, in.readerIndex(), "advances readerIndex by size");
      TextFormatProperties.assertSameText(expected, ours.toTextFormat());
      // Unchanged, it is written as received: nothing it skipped is lost.
      assertArrayEquals(bytes, ours.toByteArray(), "written as received");
      assertEquals(bytes.length, ours.getSerializedSize());
      ProtoMessage copy = type.ours().get();
      assertThrows(IllegalStateException.class, () -> copy.copyFrom(ours));
      // Changed (here by a copy of an empty message, which changes no field), it refuses.
      ((ProtoMessage) ours).copyFrom(type.ours().get());
      assertThrows(IllegalStateException.class, ours::toByteArray);
      ByteBuf out = io.netty.buffer.Unpooled.buffer();
      assertThrows(IllegalStateException.class, () -> ours.writeTo(out));
      assertEquals(0, out.writerIndex(), "nothing written");
      ours.materialize();
    } finally {
      in.release();
    }
    TextFormatProperties.assertSameText(expected, ours.toTextFormat());

    // Stopping early, on protobuf-java's own encoding (known fields ascending, unknown last).
    byte[] canonical = pj.toByteArray();
    ours.parseFields(
        io.netty.buffer.Unpooled.wrappedBuffer(canonical),
        canonical.length,
        projection.stoppingEarly());
    TextFormatProperties.assertSameText(expected, ours.toTextFormat());

    // Cleared, it is an ordinary message again.
    ours.clear();
    assertEquals(0, ours.getSerializedSize());
    COUNTS.count(type, 0);
  }

  /**
   * {@code pj} with only the fields numbered {@code asked}, and every member of a oneof with a
   * member asked for; no unknown fields (extensions parsed without a registry are among them).
   */
  static Message keepOnly(Message pj, Set<Integer> asked) {
    Set<Integer> read = new TreeSet<>(asked);
    for (OneofDescriptor o : pj.getDescriptorForType().getRealOneofs()) {
      if (o.getFields().stream().anyMatch(f -> asked.contains(f.getNumber()))) {
        o.getFields().forEach(f -> read.add(f.getNumber()));
      }
    }
    Message.Builder b = pj.toBuilder();
    for (FieldDescriptor f : pj.getDescriptorForType().getFields()) {
      if (!read.contains(f.getNumber())) {
        b.clearField(f);
      }
    }
    // Kept: what the parse of an asked field keeps there, as protobuf-java does (the undeclared
    // values of a closed enum, as varints).
    UnknownFieldSet.Builder unknown = UnknownFieldSet.newBuilder();
    for (FieldDescriptor f : pj.getDescriptorForType().getFields()) {
      UnknownFieldSet.Field u = pj.getUnknownFields().getField(f.getNumber());
      if (read.contains(f.getNumber())
          && f.getJavaType() == FieldDescriptor.JavaType.ENUM
          && f.legacyEnumFieldTreatedAsClosed()
          && !u.getVarintList().isEmpty()) {
        UnknownFieldSet.Field.Builder v = UnknownFieldSet.Field.newBuilder();
        u.getVarintList().forEach(v::addVarint);
        unknown.addField(f.getNumber(), v.build());
      }
    }
    return b.setUnknownFields(unknown.build()).buildPartial();
  }

  /**
   * A projection that asks for one member of a oneof and stops early reads on past a plain field
   * numbered below another member: the later member is the one set.
   */
  @Example
  void stoppingEarlyReadsOnToTheLastMemberOfAnAskedOneof() {
    byte[] bytes =
        io.bufproto.tests.p3.Proto3Protos.Choice.newBuilder()
            .setAfter("plain field 20")
            .setOLate("member 30")
            .build()
            .toByteArray();
    io.bufproto.tests.p3.Choice ours = new io.bufproto.tests.p3.Choice();
    ours.parseFields(
        io.netty.buffer.Unpooled.wrappedBuffer(bytes),
        bytes.length,
        Projection.of(io.bufproto.tests.p3.Choice.O_TEXT_FIELD_NUMBER).stoppingEarly());
    assertEquals("member 30", ours.getOLate());
    assertEquals("", ours.getAfter());
  }

  /** Skipped fields are checked for their framing: a truncated one fails the parse. */
  @Property
  void aTruncatedSkippedFieldFails(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 6) int size) {
    CompatibilityProperties.forEachType(
        seed,
        (type, s) -> {
          byte[] bytes = new RandomMessages(s, size, true).next(type.prototype()).toByteArray();
          if (bytes.length == 0) {
            return;
          }
          // Ask for a field number no type of the suite has: every field is skipped.
          ProtoMessage<?> ours = type.ours().get();
          ByteBuf in = io.netty.buffer.Unpooled.wrappedBuffer(bytes, 0, bytes.length - 1);
          InvalidProtobufException e =
              org.junit.jupiter.api.Assertions.assertThrows(
                  InvalidProtobufException.class,
                  () -> ours.parseFields(in, bytes.length - 1, Projection.of(536_870_911)));
          assertTrue(e.getMessage() != null && !e.getMessage().isEmpty());
        });
  }

  @AfterContainer
  static void report() {
    COUNTS.print();
  }
}
