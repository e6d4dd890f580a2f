package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.FieldMask;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf_test_messages.proto2.TestAllTypesProto2;
import com.google.protobuf_test_messages.proto2.TestMessagesProto2;
import com.google.protobuf_test_messages.proto3.TestAllTypesProto3;
import com.google.protobuf_test_messages.proto3.TestMessagesProto3;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.format.ProtoJson;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Where protobuf-java's JsonFormat and TextFormat break protobuf's spec, the spec decides: each
 * input here is one of protobuf's conformance suite (v33.2) that protobuf-java gets wrong (its
 * {@code failure_list_java.txt}), or a case of the same rule. protobuf-java's own result is
 * asserted beside ours, so a protobuf-java that starts to follow the spec shows here. JSON that
 * only the spec refuses still parses, byte-identically to JsonFormat, with {@code
 * acceptingJsonFormatLeniency()}.
 */
class SpecOverProtobufJavaTest {

  private static final TestMessagesProto3.TestAllTypesProto3 THEIRS =
      TestMessagesProto3.TestAllTypesProto3.getDefaultInstance();

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"optionalBool\": \"true\"}", // BoolFieldDoubleQuotedTrue
        "{\"optionalBool\": \"false\"}", // BoolFieldDoubleQuotedFalse
        "{\"optionalString\": 12345}", // StringFieldNotAString
        "{\"repeatedString\": [\"1\", 2, \"3\", \"4\"]}", // ...ExpectingStringsGotInt
        "{\"repeatedString\": [\"1\", \"2\", false, \"4\"]}", // ...ExpectingStringsGotBool
        "{\"optionalString\": \"\\uD800\"}", // StringFieldUnpairedHighSurrogate
        "{\"optionalString\": \"\\uDC00\"}", // StringFieldUnpairedLowSurrogate
        "{\"optionalString\": \"\\uDE01\\uD83D\"}", // StringFieldSurrogateInWrongOrder
        "{\"optionalNestedMessage\": {\"a\": 1}, \"optionalNestedMessage\": {}}", // FieldNameDuplicate
        "{\"optionalFieldMask\": \"foo,bar_bar\"}", // FieldMaskInvalidCharacter
        "{\"mapStringString\": {\"a\": \"1\", \"a\": \"2\"}}", // a map key given twice
        "{\"optionalInt32\": [7]}", // one value as a one-element array
        "{\"optionalBytes\": 12}", // bytes from a number
        "{\"optionalFieldMask\": 12}", // a FieldMask from a number
        "{\"optionalDuration\": [\"1s\"]}", // a Duration in an array
      })
  void jsonThatOnlyTheSpecRefusesIsRefusedAndParsesLeniently(String json) throws Exception {
    InvalidProtobufException e =
        assertThrows(
            InvalidProtobufException.class,
            () -> ProtoJson.parser().parse(json, new TestAllTypesProto3()));
    assertTrue(e.getMessage().contains("acceptingJsonFormatLeniency()"), e.getMessage());

    Message.Builder b = THEIRS.newBuilderForType();
    JsonFormat.parser().merge(json, b);
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ProtoJson.parser().acceptingJsonFormatLeniency().parse(json, ours);
    assertArrayEquals(b.build().toByteArray(), ours.toByteArray());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"optionalBool\": true}",
        "{\"optionalString\": \"\\uD83D\\uDE01\"}", // StringFieldSurrogatePair
        "{\"optionalInt32\": \"12\", \"optionalUint64\": 1e2, \"optionalFloat\": \"1.5\"}",
        "{\"optionalNestedEnum\": 1, \"repeatedNestedEnum\": [\"BAR\", 2]}",
        "{\"mapBoolBool\": {\"true\": true, \"false\": false}, \"mapInt32Int32\": {\"-1\": 2}}",
        "{\"optionalFieldMask\": \"foo,barBaz,a.bC\"}", // FieldMask
        "{\"optionalFieldMask\": \"\"}", // EmptyFieldMask
        "{\"optionalValue\": \"x\", \"optionalBytes\": \"-_\"}",
      })
  void jsonTheSpecAllowsParsesAsJsonFormatParsesIt(String json) throws Exception {
    Message.Builder b = THEIRS.newBuilderForType();
    JsonFormat.parser().merge(json, b);
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ProtoJson.parser().parse(json, ours);
    assertArrayEquals(b.build().toByteArray(), ours.toByteArray());
  }

  @Test
  void malformedUtf8InAJsonBufferIsRefusedUnlessLenient() {
    byte[] json = {
      '{',
      '"',
      'o',
      'p',
      't',
      'i',
      'o',
      'n',
      'a',
      'l',
      'S',
      't',
      'r',
      'i',
      'n',
      'g',
      '"',
      ':',
      '"',
      (byte) 0xc0,
      '"',
      '}'
    };
    assertThrows(
        InvalidProtobufException.class,
        () -> ProtoJson.parser().parse(Unpooled.wrappedBuffer(json), new TestAllTypesProto3()));
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ProtoJson.parser().acceptingJsonFormatLeniency().parse(Unpooled.wrappedBuffer(json), ours);
    assertEquals("\uFFFD", ours.getOptionalString());
  }

  /** FieldMaskPathsDontRoundTrip, ...NumbersDontRoundTrip, ...TooManyUnderscore, and others. */
  @ParameterizedTest
  @ValueSource(strings = {"fooBar", "foo_3_bar", "foo__bar", "foo_", "a.B"})
  void fieldMaskPathsWithoutAJsonFormAreRefusedByThePrinter(String path) throws Exception {
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ours.getOptionalFieldMask().addPath(path);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ProtoJson.printer().print(ours));
    assertTrue(e.getMessage().contains(path), e.getMessage());
    // protobuf-java prints a path that reads back as another one.
    String theirs =
        JsonFormat.printer()
            .print(
                THEIRS.toBuilder()
                    .setOptionalFieldMask(FieldMask.newBuilder().addPaths(path))
                    .build());
    Message.Builder back = THEIRS.newBuilderForType();
    JsonFormat.parser().merge(theirs, back);
    assertTrue(
        !((TestMessagesProto3.TestAllTypesProto3) back.build())
            .getOptionalFieldMask()
            .getPaths(0)
            .equals(path));
  }

  @Test
  void fieldMaskPathsWithAJsonFormPrintAsJsonFormatPrintsThem() throws Exception {
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    for (String path : new String[] {"foo_bar", "a.b_c.d1", "x9_y"}) {
      ours.getOptionalFieldMask().addPath(path);
    }
    String theirs =
        JsonFormat.printer()
            .print(
                THEIRS.toBuilder()
                    .setOptionalFieldMask(
                        FieldMask.newBuilder()
                            .addPaths("foo_bar")
                            .addPaths("a.b_c.d1")
                            .addPaths("x9_y"))
                    .build());
    assertEquals(theirs, ProtoJson.printer().print(ours));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "optional_float: 012", // FloatFieldNoOctal
        "optional_float: -012", // FloatFieldNoNegativeOctal
        "optional_double: 01.5",
        "optional_string: '\\300'", // StringFieldBadUTF8Octal
        "optional_string: '\\xc0'", // StringFieldBadUTF8Hex
        "repeated_string: ['a', '\\xed\\xa0\\x80']", // an encoded surrogate
        "map_string_string { key: 'a' value: '\\300' }",
        "map_string_string { key: '\\300' value: 'a' }",
      })
  void textThatOnlyTheSpecRefusesIsRefused(String text) throws Exception {
    TextFormat.merge(text, THEIRS.newBuilderForType()); // protobuf-java accepts it
    assertThrows(
        InvalidProtobufException.class, () -> new TestAllTypesProto3().parseFromTextFormat(text));
  }

  /** ReservedFieldName.*: the suite's ten values, and one between other fields. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "true",
        "-123",
        "0.123",
        "ENUM_VALUE",
        "\"hello\"",
        "{ a: 123 }",
        "< a: 123 >",
        "[-123, 456]",
        "[0.123, 1e-10] ",
        "[\"hello\", \"world\"]",
        "{ a: 1 b { c: [1, 'x' 'y'] } [d.e]: 2 };",
      })
  void aReservedNameIsSkippedWhereProtobufJavaRefusesIt(String value) throws Exception {
    String text = "optional_int32: 1\nreserved_field: " + value + "\noptional_int64: 2";
    assertThrows(
        TextFormat.ParseException.class, () -> TextFormat.merge(text, THEIRS.newBuilderForType()));
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ours.parseFromTextFormat(text);
    assertArrayEquals(
        THEIRS.toBuilder().setOptionalInt32(1).setOptionalInt64(2).build().toByteArray(),
        ours.toByteArray());
  }

  /** Where UTF-8 is not required (proto2 strings and map values, bytes), as protobuf-java. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "optional_string: '\\300'",
        "map_string_string { key: 'a' value: '\\300' }",
        "optional_bytes: '\\300'"
      })
  void malformedUtf8StaysAcceptedWhereTheSpecAllowsIt(String text) throws Exception {
    Message.Builder theirs = TestMessagesProto2.TestAllTypesProto2.newBuilder();
    TextFormat.merge(text, theirs);
    TestAllTypesProto2 ours = new TestAllTypesProto2();
    ours.parseFromTextFormat(text);
    assertArrayEquals(theirs.build().toByteArray(), ours.toByteArray());
  }

  @Test
  void proto3BytesKeepMalformedUtf8() throws Exception {
    String text = "optional_bytes: '\\300'";
    Message.Builder theirs = THEIRS.newBuilderForType();
    TextFormat.merge(text, theirs);
    TestAllTypesProto3 ours = new TestAllTypesProto3();
    ours.parseFromTextFormat(text);
    assertArrayEquals(theirs.build().toByteArray(), ours.toByteArray());
  }
}
