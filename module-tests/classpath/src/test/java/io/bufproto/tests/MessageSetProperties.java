package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.WireFormat;
import com.google.protobuf_test_messages.proto2.TestAllTypesProto2;
import com.google.protobuf_test_messages.proto2.TestMessagesProto2;
import io.bufproto.api.InvalidProtobufException;
import io.netty.buffer.ByteBuf;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * MessageSet ({@code option message_set_wire_format = true}; protobuf's {@code
 * TestAllTypesProto2.MessageSetCorrect}, whose two extensions are messages): random inputs in every
 * form a parser meets (items in order and reversed, with repeated or extra inner fields, items
 * lacking a type id or a message, plain length-delimited fields, fields of other wire types, two
 * inputs concatenated), alone and nested in {@code TestAllTypesProto2}. BufProto writes back what
 * protobuf-java, parsing without an extension registry as it does by default, writes back; and
 * protobuf-java with the registry reads the extensions' values from BufProto's bytes.
 */
class MessageSetProperties {

  private static final int EXT1 =
      1547769; // MessageSetCorrectExtension1 { optional string str = 25; }
  private static final int EXT2 = 4135312; // MessageSetCorrectExtension2 { optional int32 i = 9; }

  @Property(tries = 300)
  void messageSetsWriteBackAsProtobufJavaWritesThem(@ForAll long seed, @ForAll BufKind source)
      throws Exception {
    Random random = new Random(seed);
    byte[] input =
        concat(
            randomMessageSet(random),
            random.nextInt(4) == 0 ? randomMessageSet(random) : new byte[0]);

    TestAllTypesProto2.MessageSetCorrect ours = new TestAllTypesProto2.MessageSetCorrect();
    TestMessagesProto2.TestAllTypesProto2.MessageSetCorrect theirs;
    try {
      theirs = TestMessagesProto2.TestAllTypesProto2.MessageSetCorrect.parseFrom(input);
    } catch (IllegalArgumentException e) { // a type id of 2^31 or more (ParseDifferential)
      assertEquals(
          ParseDifferential.MESSAGE_SET_TYPE_ID,
          ParseDifferential.firstSentence(
              assertThrows(InvalidProtobufException.class, () -> parse(ours, source, input))
                  .getMessage()));
      return;
    }
    byte[] expected = theirs.toByteArray();
    parse(ours, source, input);
    assertArrayEquals(expected, ours.toByteArray(), "written back");
    assertEquals(expected.length, ours.getSerializedSize());
    assertArrayEquals(
        expected,
        new TestAllTypesProto2.MessageSetCorrect().copyFrom(ours).toByteArray(),
        "copyFrom");

    // With the registry, protobuf-java reads the same extension values from our bytes as from the
    // input.
    var fromInput =
        TestMessagesProto2.TestAllTypesProto2.MessageSetCorrect.parseFrom(input, registry());
    var fromOurs =
        TestMessagesProto2.TestAllTypesProto2.MessageSetCorrect.parseFrom(
            ours.toByteArray(), registry());
    var ext1 =
        TestMessagesProto2.TestAllTypesProto2.MessageSetCorrectExtension1.messageSetExtension;
    var ext2 =
        TestMessagesProto2.TestAllTypesProto2.MessageSetCorrectExtension2.messageSetExtension;
    assertEquals(fromInput.hasExtension(ext1), fromOurs.hasExtension(ext1));
    assertEquals(fromInput.getExtension(ext1), fromOurs.getExtension(ext1));
    assertEquals(fromInput.hasExtension(ext2), fromOurs.hasExtension(ext2));
    assertEquals(fromInput.getExtension(ext2), fromOurs.getExtension(ext2));

    // Nested: TestAllTypesProto2.message_set_correct (field 500).
    ByteArrayOutputStream nested = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(nested);
    out.writeInt32(1, random.nextInt());
    out.writeByteArray(500, input);
    out.flush();
    byte[] outer = nested.toByteArray();
    byte[] outerExpected = TestMessagesProto2.TestAllTypesProto2.parseFrom(outer).toByteArray();
    TestAllTypesProto2 oursOuter = new TestAllTypesProto2();
    parse(oursOuter, source, outer);
    assertArrayEquals(outerExpected, oursOuter.toByteArray(), "nested in TestAllTypesProto2");
    oursOuter.materialize();
    assertArrayEquals(outerExpected, oursOuter.toByteArray(), "nested, after materialize()");
  }

  private static void parse(io.bufproto.api.ProtoMessage<?> m, BufKind source, byte[] bytes) {
    ByteBuf in = source.source(bytes);
    try {
      m.parseFrom(in, bytes.length);
    } finally {
      in.release();
    }
  }

  private static ExtensionRegistry registry() {
    ExtensionRegistry r = ExtensionRegistry.newInstance();
    TestMessagesProto2.registerAllExtensions(r);
    return r;
  }

  /** Random, valid MessageSet bytes, as a writer or a fuzzer may produce them. */
  static byte[] randomMessageSet(Random r) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    int items = r.nextInt(6);
    for (int n = 0; n < items; n++) {
      int typeId = typeId(r);
      byte[] payload = payload(r, typeId);
      switch (r.nextInt(8)) {
        case 0, 1 ->
            out.writeRawMessageSetExtension(
                typeId, com.google.protobuf.ByteString.copyFrom(payload));
        case 2 -> { // message before type id
          out.writeTag(1, WireFormat.WIRETYPE_START_GROUP);
          out.writeByteArray(3, payload);
          out.writeUInt32(2, typeId);
          out.writeTag(1, WireFormat.WIRETYPE_END_GROUP);
        }
        case 3 -> { // repeated type ids and messages (the last counts), other fields inside
          out.writeTag(1, WireFormat.WIRETYPE_START_GROUP);
          out.writeUInt32(2, typeId(r));
          out.writeByteArray(3, payload(r, 0));
          out.writeInt64(4, r.nextLong());
          out.writeFixed32(2, r.nextInt()); // field 2, but not a varint: skipped
          out.writeTag(5, WireFormat.WIRETYPE_START_GROUP);
          out.writeString(1, "inner");
          out.writeTag(5, WireFormat.WIRETYPE_END_GROUP);
          out.writeUInt32(2, typeId);
          out.writeByteArray(3, payload);
          out.writeTag(1, WireFormat.WIRETYPE_END_GROUP);
        }
        case 4 -> // a plain length-delimited field: protobuf-java writes it back as an item
            out.writeByteArray(Math.max(1, typeId & 0x1fffffff), payload);
        case 5 -> { // an item without a type id, with type id 0, or without a message: dropped
          out.writeTag(1, WireFormat.WIRETYPE_START_GROUP);
          int which = r.nextInt(3);
          if (which != 0) {
            out.writeUInt32(2, which == 1 ? 0 : typeId);
          }
          if (which != 2) {
            out.writeByteArray(3, payload);
          }
          out.writeTag(1, WireFormat.WIRETYPE_END_GROUP);
        }
        case 6 -> { // fields of other wire types: kept by protobuf-java, never written
          int number = 1 + r.nextInt(1000);
          switch (r.nextInt(4)) {
            case 0 -> out.writeUInt64(number, r.nextLong());
            case 1 -> out.writeFixed64(number, r.nextLong());
            case 2 -> out.writeFixed32(number, r.nextInt());
            default -> {
              number++; // group 1 is the item
              out.writeTag(number, WireFormat.WIRETYPE_START_GROUP);
              out.writeInt32(1, r.nextInt());
              out.writeTag(number, WireFormat.WIRETYPE_END_GROUP);
            }
          }
        }
        default -> { // a type id written as a 64-bit varint: protobuf-java keeps its low 32 bits
          out.writeTag(1, WireFormat.WIRETYPE_START_GROUP);
          out.writeUInt64(2, (long) r.nextInt(3) << 32 | (typeId & 0xffffffffL));
          out.writeByteArray(3, payload);
          out.writeTag(1, WireFormat.WIRETYPE_END_GROUP);
        }
      }
    }
    out.flush();
    return bytes.toByteArray();
  }

  private static int typeId(Random r) {
    return switch (r.nextInt(5)) {
      case 0 -> EXT1;
      case 1 -> EXT2;
      case 2 -> 1 + r.nextInt(20); // small, so that items of one id meet
      // beyond field numbers too; 2^31 and over (rarely) is rejected
      case 3 -> r.nextInt(10) == 0 ? r.nextInt() | 0x80000000 : r.nextInt() & 0x7fffffff;
      default -> 1 + r.nextInt(1 << 29);
    };
  }

  private static byte[] payload(Random r, int typeId) {
    if (typeId == EXT1) {
      return TestMessagesProto2.TestAllTypesProto2.MessageSetCorrectExtension1.newBuilder()
          .setStr(
              new String(new char[] {(char) ('a' + r.nextInt(26)), (char) (0x400 + r.nextInt(64))}))
          .build()
          .toByteArray();
    }
    if (typeId == EXT2) {
      return TestMessagesProto2.TestAllTypesProto2.MessageSetCorrectExtension2.newBuilder()
          .setI(r.nextInt())
          .build()
          .toByteArray();
    }
    byte[] b = new byte[r.nextInt(12)];
    r.nextBytes(b);
    return b;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
