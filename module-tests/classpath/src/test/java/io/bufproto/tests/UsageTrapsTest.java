package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf_test_messages.proto3.TestAllTypesProto3;
import com.google.protobuf_test_messages.proto3.TestMessagesProto3;
import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** What users did wrong with the generated API, and what they now get instead of a silent loss. */
class UsageTrapsTest {

  @Test
  void changingTheMessageOfAnUnsetFieldSetsTheField() {
    BaseCommand c = new BaseCommand().setType(BaseCommand.Type.SEND);
    assertEquals(0, c.getSend().getProducerId());
    assertFalse(c.hasSend(), "reading through the getter sets nothing");
    c.getSend().setProducerId(5).setSequenceId(7);
    c.getMessage().setConsumerId(4).getMessageId().setLedgerId(1).setEntryId(2); // two levels down
    assertTrue(c.hasSend());
    assertTrue(c.hasMessage());
    assertTrue(c.getMessage().hasMessageId());
    PulsarApi.BaseCommand.Builder expected =
        PulsarApi.BaseCommand.newBuilder()
            .setType(PulsarApi.BaseCommand.Type.SEND)
            .setSend(PulsarApi.CommandSend.newBuilder().setProducerId(5).setSequenceId(7))
            .setMessage(
                PulsarApi.CommandMessage.newBuilder()
                    .setConsumerId(4)
                    .setMessageId(
                        PulsarApi.MessageIdData.newBuilder().setLedgerId(1).setEntryId(2)));
    assertArrayEquals(expected.build().toByteArray(), c.toByteArray());

    // After a write (every size cached), the same holds for another unset field.
    c.getPing();
    c.getSuccess().setRequestId(3);
    expected.setSuccess(PulsarApi.CommandSuccess.newBuilder().setRequestId(3));
    assertFalse(c.hasPing());
    assertArrayEquals(expected.build().toByteArray(), c.toByteArray());
  }

  @Test
  void changingTheMessageOfAnUnsetOneofMemberSelectsTheMember() {
    TestAllTypesProto3 m = new TestAllTypesProto3().setOneofUint32(3);
    assertEquals(TestAllTypesProto3.OneofFieldCase.ONEOF_UINT32, m.getOneofFieldCase());
    m.getOneofNestedMessage().setA(9);
    assertEquals(TestAllTypesProto3.OneofFieldCase.ONEOF_NESTED_MESSAGE, m.getOneofFieldCase());
    assertArrayEquals(
        TestMessagesProto3.TestAllTypesProto3.newBuilder()
            .setOneofNestedMessage(
                TestMessagesProto3.TestAllTypesProto3.NestedMessage.newBuilder().setA(9))
            .build()
            .toByteArray(),
        m.toByteArray());
  }

  @Test
  void oneofCasesAnswerToLightProtosAndProtobufJavasNames() {
    TestAllTypesProto3 m = new TestAllTypesProto3();
    switch (m.getOneofFieldCase()) {
      case NOT_SET -> {
        // LightProto's name is the enum constant
      }
      default -> throw new AssertionError(m.getOneofFieldCase());
    }
    assertSame(
        TestAllTypesProto3.OneofFieldCase.NOT_SET,
        TestAllTypesProto3.OneofFieldCase.ONEOFFIELD_NOT_SET);
    assertEquals(0, m.getOneofFieldCase().getValue());
    // Every name protobuf-java gives a case, in every oneof of the suite's types, exists in ours.
    for (Case c : ParseDifferential.TYPES) {
      for (com.google.protobuf.Descriptors.Descriptor d :
          descriptorsOf(c.prototype().getDescriptorForType())) {
        for (OneofDescriptor o : d.getRealOneofs()) {
          String caseEnum = javaName(o.getName()) + "Case";
          Set<String> theirs = constants(nested(c.prototype().getClass(), d, caseEnum));
          Class<?> ours = nested(c.ours().get().getClass(), d, caseEnum);
          Set<String> fields =
              Arrays.stream(ours.getFields()).map(f -> f.getName()).collect(Collectors.toSet());
          assertTrue(
              fields.containsAll(theirs),
              d.getFullName() + "." + o.getName() + ": " + theirs + " vs " + fields);
          assertTrue(fields.contains("NOT_SET"), d.getFullName() + "." + o.getName());
        }
      }
    }
  }

  @Test
  void toStringNeverThrowsAfterTheBufferIsReleased() {
    byte[] bytes =
        TestMessagesProto3.TestAllTypesProto3.newBuilder()
            .setOptionalInt32(1)
            .setOptionalString("lazy")
            .setOptionalBytes(ByteString.copyFromUtf8("bytes"))
            .addRepeatedString("a")
            .putMapStringString("k", "v")
            .setOptionalNestedMessage(
                TestMessagesProto3.TestAllTypesProto3.NestedMessage.newBuilder()
                    .setCorecursive(
                        TestMessagesProto3.TestAllTypesProto3.newBuilder()
                            .setOptionalString("deep")))
            .build()
            .toByteArray();
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
    TestAllTypesProto3 m = new TestAllTypesProto3();
    m.parseFrom(buf, buf.readableBytes());
    assertEquals("a", m.getRepeatedStringAt(0)); // decoded (and kept) before the release
    buf.release();

    String printed = m.toString();
    assertTrue(printed.contains("optional_int32: 1"), printed);
    assertTrue(printed.contains("repeated_string: \"a\""), printed);
    assertTrue(
        printed.contains("map_string_string: {key: \"k\", value: \"v\"}"),
        "map strings are decoded by the parse");
    for (String field : new String[] {"optional_string", "optional_bytes"}) {
      assertTrue(
          printed.contains(field + ": <not readable: its buffer was released>"),
          field + " in " + printed);
    }
    assertTrue(
        printed.contains("corecursive: TestAllTypesProto3{optional_string: <not readable"),
        printed);
    assertThrows(
        IllegalReferenceCountException.class, m::getOptionalString, "the getter still says why");
  }

  @Test
  void aSizeTheBufferCannotHoldIsTheCallersArgumentError() {
    byte[] bytes = PulsarApi.CommandSuccess.newBuilder().setRequestId(1).build().toByteArray();
    ByteBuf buf = Unpooled.wrappedBuffer(bytes);
    ProtoMessage<?> m = new io.bufproto.tests.pulsar.CommandSuccess();
    IllegalArgumentException tooLarge =
        assertThrows(IllegalArgumentException.class, () -> m.parseFrom(buf, bytes.length + 1));
    assertEquals(
        "parseFrom: size 3 is more than the buffer's 2 readable bytes (readerIndex 0, writerIndex 2)",
        tooLarge.getMessage());
    IllegalArgumentException negative =
        assertThrows(IllegalArgumentException.class, () -> m.parseFrom(buf, -1));
    assertEquals("parseFrom: size -1 is negative", negative.getMessage());
    assertEquals(0, buf.readerIndex(), "nothing read");
    m.parseFrom(buf, bytes.length);
    assertEquals(bytes.length, buf.readerIndex());
  }

  private static java.util.List<com.google.protobuf.Descriptors.Descriptor> descriptorsOf(
      com.google.protobuf.Descriptors.Descriptor d) {
    java.util.List<com.google.protobuf.Descriptors.Descriptor> all = new java.util.ArrayList<>();
    all.add(d);
    for (com.google.protobuf.Descriptors.Descriptor n : d.getNestedTypes()) {
      if (!n.getOptions().getMapEntry()) {
        all.addAll(descriptorsOf(n));
      }
    }
    return all;
  }

  /**
   * The nested class {@code simpleName} of the class generated for {@code d}, from its top-level
   * class.
   */
  private static Class<?> nested(
      Class<?> topLevel, com.google.protobuf.Descriptors.Descriptor d, String simpleName) {
    java.util.Deque<String> path = new java.util.ArrayDeque<>();
    for (com.google.protobuf.Descriptors.Descriptor x = d;
        x.getContainingType() != null;
        x = x.getContainingType()) {
      path.push(x.getName());
    }
    Class<?> c = topLevel;
    path.add(simpleName);
    for (String name : path) {
      c =
          Arrays.stream(c.getClasses())
              .filter(k -> k.getSimpleName().equals(name))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no " + name + " in " + topLevel));
    }
    return c;
  }

  private static Set<String> constants(Class<?> enumClass) {
    return Arrays.stream(enumClass.getEnumConstants())
        .map(e -> ((Enum<?>) e).name())
        .collect(Collectors.toSet());
  }

  /** protoc's Java name of a oneof ({@code oneof_field} is {@code OneofField}). */
  private static String javaName(String protoName) {
    StringBuilder sb = new StringBuilder();
    boolean upper = true;
    for (int i = 0; i < protoName.length(); i++) {
      char ch = protoName.charAt(i);
      if (ch == '_') {
        upper = true;
      } else {
        sb.append(upper ? Character.toUpperCase(ch) : ch);
        upper = Character.isDigit(ch);
      }
    }
    return sb.toString();
  }
}
