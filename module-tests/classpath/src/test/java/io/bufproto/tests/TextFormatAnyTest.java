package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf_test_messages.proto3.TestAllTypesProto3;
import com.google.protobuf_test_messages.proto3.TestMessagesProto3;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.format.ProtoText;
import io.bufproto.api.format.TypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * An {@code Any} in text format, expanded ({@code [type_url] { ... }}) through a type registry,
 * against protobuf-java's {@code TextFormat} with the same registry: the conformance suite's inputs
 * (AnyField, AnyFieldWithRawBytes, AnyFieldWithInvalidType) and a few more. The property tests
 * compare random messages (TextFormatProperties, TextParseProperties).
 */
class TextFormatAnyTest {

  private static final com.google.protobuf.TypeRegistry THEIR_TYPES =
      com.google.protobuf.TypeRegistry.newBuilder()
          .add(TestMessagesProto3.TestAllTypesProto3.getDescriptor())
          .build();

  private static final TypeRegistry OUR_TYPES = TypeRegistry.of(TestAllTypesProto3._schema());

  private static final TextFormat.Parser THEIR_PARSER =
      TextFormat.Parser.newBuilder().setTypeRegistry(THEIR_TYPES).build();

  @ParameterizedTest
  @ValueSource(
      strings = {
        // AnyField
        "optional_any: {\n  [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3]"
            + "\n  { optional_int32: 12345\n  }\n}",
        // AnyFieldWithRawBytes
        "optional_any: {\n  type_url:\n  \"type.googleapis.com/protobuf_test_messages.proto3"
            + ".TestAllTypesProto3\" value:\n  \"\\b\\271`\"\n}",
        // fields out of number order, a message given twice (merged), nested Anys, angle brackets
        "optional_any < [x.y/protobuf_test_messages.proto3.TestAllTypesProto3]: <"
            + " repeated_int32: [3, 1] optional_string: 'a' optional_nested_message { a: 1 }"
            + " optional_int32: 7 optional_nested_message { corecursive { optional_int64: 2 } }"
            + " repeated_int32: 2 optional_any { [a/protobuf_test_messages.proto3"
            + ".TestAllTypesProto3] { oneof_uint32: 1 oneof_string: 'z' } } > >",
        "repeated_nested_message { corecursive { optional_any {"
            + " [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3] { } } } }",
      })
  void expandedAnyParsesAndPrintsAsProtobufJava(String text) throws Exception {
    Message.Builder b = TestMessagesProto3.TestAllTypesProto3.newBuilder();
    THEIR_PARSER.merge(text, b);
    Message theirs = b.build();
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ProtoText.parser().usingTypeRegistry(OUR_TYPES).parse(text, ours);
    assertArrayEquals(theirs.toByteArray(), ours.toByteArray());

    assertEquals(
        TextFormat.printer().usingTypeRegistry(THEIR_TYPES).printToString(theirs),
        ProtoText.printer().usingTypeRegistry(OUR_TYPES).print(ours));
    assertEquals(
        TextFormat.printer()
            .usingTypeRegistry(THEIR_TYPES)
            .emittingSingleLine(true)
            .printToString(theirs),
        ProtoText.printer().usingTypeRegistry(OUR_TYPES).emittingSingleLine(true).print(ours));
    // Without a registry the Any prints as its two fields, as protobuf-java's does.
    assertEquals(TextFormat.printer().printToString(theirs), ProtoText.print(ours));
  }

  @Test
  void anExpandedAnyOfATypeNotInTheRegistryIsRefused() {
    // AnyFieldWithInvalidType
    String text =
        "optional_any: {\n  [type.googleapis.com/unknown] {\n optional_int32: 12345\n }\n}";
    assertThrows(
        TextFormat.ParseException.class,
        () -> THEIR_PARSER.merge(text, TestMessagesProto3.TestAllTypesProto3.newBuilder()));
    assertThrows(
        InvalidProtobufException.class,
        () ->
            ProtoText.parser().usingTypeRegistry(OUR_TYPES).parse(text, new TestAllTypesProto3()));
  }

  @Test
  void withoutARegistryAnExpandedAnyIsRefused() {
    String text =
        "optional_any { [type.googleapis.com/protobuf_test_messages.proto3.TestAllTypesProto3]"
            + " { optional_int32: 1 } }";
    assertThrows(
        TextFormat.ParseException.class,
        () -> TextFormat.merge(text, TestMessagesProto3.TestAllTypesProto3.newBuilder()));
    assertThrows(
        InvalidProtobufException.class, () -> ProtoText.parse(text, new TestAllTypesProto3()));
  }
}
