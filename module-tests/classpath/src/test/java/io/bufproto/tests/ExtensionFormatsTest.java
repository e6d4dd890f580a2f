package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
import org.junit.jupiter.api.Test;

/**
 * Extensions in the text and JSON formats, {@code [pkg.ext]}, with an extension registry: text
 * printed and parsed as protobuf-java's TextFormat does with one (on random messages of every
 * extendable type of unittest.proto), JSON as protobuf's spec and conformance suite name them.
 */
class ExtensionFormatsTest {

  private static final com.google.protobuf.ExtensionRegistry THEIRS = ExtensionProperties.THEIRS;
  private static final ExtensionRegistry OURS = ExtensionProperties.OURS;

  /** A message and its protobuf-java twin, parsed with the registries. */
  record Pair(ExtensionProperties.Type type, Message theirs, ProtoMessage<?> ours) {}

  /**
   * Random messages of every extendable type of unittest.proto, {@code seeds} of each, without the
   * stray unknown fields (TextFormat.merge refuses the numbers it prints; JSON drops them) and
   * without those protobuf-java does not parse.
   */
  private static java.util.List<Pair> messages(int seeds) {
    java.util.List<Pair> out = new java.util.ArrayList<>();
    for (long seed = 0; seed < seeds; seed++) {
      for (ExtensionProperties.Type type : ExtensionProperties.TYPES) {
        Message pj =
            new RandomMessages(seed ^ type.name().hashCode(), 2, true)
                .nextWithExtensions(type.prototype(), type.extensions());
        byte[] bytes =
            pj.toBuilder()
                .setUnknownFields(com.google.protobuf.UnknownFieldSet.getDefaultInstance())
                .build()
                .toByteArray();
        Message theirs;
        try {
          theirs = pj.getParserForType().parseFrom(bytes, THEIRS);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
          continue; // ExtensionProperties covers what does not parse
        }
        ProtoMessage<?> ours = type.newOurs();
        ours.parseFrom(theirs.toByteArray(), OURS);
        out.add(new Pair(type, theirs, ours));
      }
    }
    return out;
  }

  @Test
  void textPrintsAndParsesExtensionsAsProtobufJava() throws Exception {
    ProtoText.Printer printer = ProtoText.printer().usingExtensionRegistry(OURS);
    ProtoText.Parser parser = ProtoText.parser().usingExtensionRegistry(OURS);
    int compared = 0;
    for (Pair p : messages(30)) {
      String text = TextFormat.printer().printToString(p.theirs());
      assertEquals(text, printer.print(p.ours()), p.type().name());

      Message.Builder b = p.theirs().newBuilderForType();
      TextFormat.merge(text, THEIRS, b);
      byte[] expected = b.buildPartial().toByteArray();
      ProtoMessage<?> parsed = p.type().newOurs();
      parser.parse(text, parsed);
      assertArrayEquals(expected, parsed.toByteArray(), () -> p.type().name() + ":\n" + text);
      compared++;
    }
    assertTrue(compared > 200, "compared " + compared);
  }

  @Test
  void withoutARegistryExtensionsPrintAsUnknownFieldsAndBracketsAreRefused() throws Exception {
    var theirs =
        proto2_unittest.UnittestProto.TestAllExtensions.newBuilder()
            .setExtension(proto2_unittest.UnittestProto.optionalInt32Extension, 7)
            .build();
    proto2_unittest.TestAllExtensions ours = new proto2_unittest.TestAllExtensions();
    ours.parseFrom(theirs.toByteArray(), OURS);
    assertEquals(
        TextFormat.printer()
            .printToString(
                proto2_unittest.UnittestProto.TestAllExtensions.parseFrom(theirs.toByteArray())),
        ProtoText.print(ours));
    InvalidProtobufException e =
        assertThrows(
            InvalidProtobufException.class,
            () -> ProtoText.parse("[proto2_unittest.optional_int32_extension]: 7", ours));
    assertTrue(e.getMessage().contains("not found in the ExtensionRegistry"), e.getMessage());
  }

  @Test
  void unknownFieldsMayBeLeftOutOfText() {
    proto2_unittest.TestAllExtensions m = new proto2_unittest.TestAllExtensions();
    m.setExtension(proto2_unittest.UnittestExtensions.optionalInt32Extension, 7);
    m.parseFrom(m.toByteArray()); // no registry: an unknown field
    assertEquals("1: 7\n", ProtoText.printer().print(m));
    assertEquals("", ProtoText.printer().printingUnknownFields(false).print(m));
    assertEquals(
        "[proto2_unittest.optional_int32_extension]: 7\n",
        ProtoText.printer().printingUnknownFields(false).usingExtensionRegistry(OURS).print(m));
  }

  @Test
  void jsonNamesExtensionsInBrackets() {
    // protobuf's conformance test FieldNameExtension (RECOMMENDED; protobuf-java's JsonFormat
    // fails it): an extension named in brackets parses, and prints under that name.
    String json = "{\"[protobuf_test_messages.proto2.extension_int32]\": 1}";
    ExtensionRegistry registry = ExtensionRegistry.newInstance();
    com.google.protobuf_test_messages.proto2.TestMessagesProto2Extensions.registerAllExtensions(
        registry);
    var m = new com.google.protobuf_test_messages.proto2.TestAllTypesProto2();
    ProtoJson.parser().usingExtensionRegistry(registry).parse(json, m);
    assertEquals(
        1,
        m.getExtension(
                com.google.protobuf_test_messages.proto2.TestMessagesProto2Extensions
                    .extensionInt32)
            .intValue());
    assertEquals(
        "{\n  \"[protobuf_test_messages.proto2.extension_int32]\": 1\n}",
        ProtoJson.printer().usingExtensionRegistry(registry).print(m));
    assertEquals(
        "{\"[protobuf_test_messages.proto2.extension_int32]\":1}",
        ProtoJson.printer()
            .usingExtensionRegistry(registry)
            .preservingProtoFieldNames()
            .omittingInsignificantWhitespace()
            .print(m));
    // Without the registry the name is unknown, as any other.
    assertThrows(InvalidProtobufException.class, () -> ProtoJson.parser().parse(json, m));
  }

  @Test
  void jsonRoundTripsEveryExtensionOfUnittest() throws Exception {
    ProtoJson.Printer printer = ProtoJson.printer().usingExtensionRegistry(OURS);
    ProtoJson.Parser parser = ProtoJson.parser().usingExtensionRegistry(OURS);
    int withExtensions = 0;
    for (Pair p : messages(20)) {
      String json = printer.print(p.ours());
      // JsonFormat prints an extension under its JSON name (no parser reads that back); the spec,
      // and we, under its full name in brackets. Everything else is JsonFormat's text.
      String theirNames = json;
      for (com.google.protobuf.Descriptors.FieldDescriptor fd : p.type().extensions()) {
        theirNames =
            theirNames.replace("\"[" + fd.getFullName() + "]\":", "\"" + fd.getJsonName() + "\":");
      }
      assertEquals(
          com.google.protobuf.util.JsonFormat.printer().print(p.theirs()),
          theirNames,
          p.type().name());
      ProtoMessage<?> back = p.type().newOurs();
      parser.parse(json, back);
      // Read back and printed again, the same message: what JSON holds survives (not NaN
      // payloads, nor -0.0, which JsonFormat's parse, and so ours, reads as 0.0).
      String again = printer.print(back);
      ProtoMessage<?> twice = p.type().newOurs();
      parser.parse(again, twice);
      assertEquals(again, printer.print(twice), p.type().name());
      assertArrayEquals(back.toByteArray(), twice.toByteArray(), p.type().name());
      withExtensions += json.contains("\"[proto2_unittest.") ? 1 : 0;
    }
    assertTrue(withExtensions > 100, "messages printed with extensions: " + withExtensions);
  }
}
