package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.gson.JsonArray;
import com.google.gson.JsonParser;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.util.JsonFormat;
import com.google.protobuf_test_messages.edition2023.TestAllTypesEdition2023;
import com.google.protobuf_test_messages.edition2023.TestMessagesEdition2023;
import com.google.protobuf_test_messages.edition2023.TestMessagesEdition2023Extensions;
import com.google.protobuf_test_messages.proto2.TestAllTypesProto2;
import com.google.protobuf_test_messages.proto2.TestMessagesProto2;
import com.google.protobuf_test_messages.proto3.TestAllTypesProto3;
import com.google.protobuf_test_messages.proto3.TestMessagesProto3;
import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * protobuf's own conformance tests for JSON and text format (v33.2), those whose inputs are string
 * literals, extracted into {@code src/test/resources/conformance} by {@code conformance/extract.py}
 * (the suite's runner is C++ and is not built here). A test that must fail must be refused by our
 * parser; a valid one must parse to the bytes of the message the suite expects, which
 * protobuf-java's TextFormat reads from the suite's expected text (or, for a text test without one,
 * from the input itself). Where protobuf-java breaks the spec, the spec decides: those cases are in
 * SpecOverProtobufJavaTest.
 */
class ConformanceCasesTest {

  @TestFactory
  Stream<DynamicTest> jsonAsProto3() {
    return json(
        cases("json-cases.jsonl").stream(),
        TestMessagesProto3.TestAllTypesProto3::newBuilder,
        TestAllTypesProto3::new);
  }

  @TestFactory
  Stream<DynamicTest> jsonAsProto2() {
    // The valid tests of fields proto2's message has too (the suite runs most for both syntaxes;
    // the well-known types' only for proto3): those protobuf-java's JsonFormat reads into it.
    return json(
        cases("json-cases.jsonl").stream()
            .filter(c -> c[0].equals("FAIL") || jsonFormatParses(c[2])),
        TestMessagesProto2.TestAllTypesProto2::newBuilder,
        TestAllTypesProto2::new);
  }

  @TestFactory
  Stream<DynamicTest> text() {
    return cases("text-cases.jsonl").stream()
        .map(
            c ->
                DynamicTest.dynamicTest(
                    name(c),
                    () -> {
                      if (c[4].equals("RunDelimitedTests")) {
                        checkDelimited(c);
                      } else {
                        checkText(c);
                      }
                    }));
  }

  /**
   * The suite's delimited-encoding text tests run on editions 2023's test message, with its
   * extensions registered (as the conformance testee registers them).
   */
  private static void checkDelimited(String[] c) throws Exception {
    ExtensionRegistry ours = ExtensionRegistry.newInstance();
    TestMessagesEdition2023Extensions.registerAllExtensions(ours);
    com.google.protobuf.ExtensionRegistry theirs =
        com.google.protobuf.ExtensionRegistry.newInstance();
    TestMessagesEdition2023.registerAllExtensions(theirs);
    ProtoText.Parser parser = ProtoText.parser().usingExtensionRegistry(ours);
    TestAllTypesEdition2023 m = new TestAllTypesEdition2023();
    if (c[0].equals("FAIL")) {
      assertThrows(RuntimeException.class, () -> parser.parse(c[2], m));
      return;
    }
    Message.Builder reference = TestMessagesEdition2023.TestAllTypesEdition2023.newBuilder();
    TextFormat.getParser().merge(c[2], theirs, reference);
    parser.parse(c[2], m);
    assertArrayEquals(reference.build().toByteArray(), m.toByteArray(), c[2]);
  }

  private static Stream<DynamicTest> json(
      Stream<String[]> cases,
      Supplier<? extends Message.Builder> reference,
      Supplier<? extends ProtoMessage<?>> ours) {
    return cases.map(
        c -> DynamicTest.dynamicTest(name(c), () -> checkJson(c, reference.get(), ours)));
  }

  private static String name(String[] c) {
    return c[4] + " " + c[0] + " " + c[1];
  }

  private static void checkJson(
      String[] c, Message.Builder reference, Supplier<? extends ProtoMessage<?>> ours)
      throws Exception {
    ProtoJson.Parser parser = ProtoJson.parser().usingTypeRegistry(TestTypes.OURS);
    if (c[0].equals("FAIL")) {
      assertThrows(RuntimeException.class, () -> parser.parse(c[2], ours.get()));
      return;
    }
    textParser().merge(c[3], reference);
    ProtoMessage<?> m = ours.get();
    parser.parse(c[2], m);
    assertArrayEquals(reference.build().toByteArray(), m.toByteArray(), c[2]);
  }

  private static void checkText(String[] c) throws Exception {
    // The suite runs its group and closed-enum tests on proto2, the others on proto3.
    boolean proto2 = c[4].equals("RunGroupTests") || c[4].equals("RunClosedEnumTests");
    ProtoMessage<?> m = proto2 ? new TestAllTypesProto2() : new TestAllTypesProto3();
    ProtoText.Parser parser = ProtoText.parser().usingTypeRegistry(TestTypes.OURS);
    if (c[0].equals("FAIL")) {
      assertThrows(RuntimeException.class, () -> parser.parse(c[2], m));
      return;
    }
    Message.Builder reference =
        proto2
            ? TestMessagesProto2.TestAllTypesProto2.newBuilder()
            : TestMessagesProto3.TestAllTypesProto3.newBuilder();
    textParser().merge(c[0].equals("VALIDEXP") ? c[3] : c[2], reference);
    parser.parse(c[2], m);
    assertArrayEquals(reference.build().toByteArray(), m.toByteArray(), c[2]);
  }

  private static TextFormat.Parser textParser() {
    return TextFormat.Parser.newBuilder().setTypeRegistry(TestTypes.THEIRS).build();
  }

  private static boolean jsonFormatParses(String json) {
    try {
      JsonFormat.parser()
          .usingTypeRegistry(TestTypes.THEIRS)
          .merge(json, TestMessagesProto2.TestAllTypesProto2.newBuilder());
      return true;
    } catch (InvalidProtocolBufferException e) {
      return false;
    }
  }

  /** A resource's cases: {kind, name, input, expected, the suite's method}. */
  private static List<String[]> cases(String resource) {
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(
                ConformanceCasesTest.class.getResourceAsStream("/conformance/" + resource),
                StandardCharsets.UTF_8))) {
      return r.lines()
          .filter(l -> !l.startsWith("#"))
          .map(
              l -> {
                JsonArray a = JsonParser.parseString(l).getAsJsonArray();
                return new String[] {
                  a.get(0).getAsString(),
                  a.get(1).getAsString(),
                  a.get(2).getAsString(),
                  a.get(3).getAsString(),
                  a.get(4).getAsString()
                };
              })
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
