package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoText;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * The text format against protobuf-java's {@code TextFormat}: for random messages of every test
 * type, our {@code toTextFormat()} of the message parsed from protobuf-java's bytes prints exactly
 * what protobuf-java prints, also with type registries (an {@code Any} of a known type expanded).
 * Counts per type are printed at the end.
 */
class TextFormatProperties {

  private static final CaseCounts COUNTS =
      new CaseCounts("Text format compared with protobuf-java's TextFormat", "equal");

  @Property
  void textFormatPrintsAsProtobufJava(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size) {
    CompatibilityProperties.forEachType(seed, (type, s) -> print(type, s, size));
  }

  /** protobuf's large test messages, with fewer cases (see ProtobufTestSchemasProperties). */
  @Property(tries = 60)
  void textFormatPrintsLargeMessagesAsProtobufJava(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size) throws Exception {
    CompatibilityProperties.forEach(
        ProtobufTestSchemasProperties.LARGE, seed, (type, s) -> print(type, s, size));
  }

  private static void print(Case type, long seed, int size) throws Exception {
    // Some cases lack required fields: both formats print partial messages. Parsed back, so that
    // a map built with duplicate keys holds what its bytes hold.
    byte[] bytes = randomBytes(type, seed, size);
    Message pj = type.prototype().getParserForType().parsePartialFrom(bytes);
    ProtoMessage<?> ours = oursOf(type, pj, bytes);
    assertSameText(TextFormat.printer().printToString(pj), ours.toTextFormat());
    assertSameText(
        TextFormat.printer().emittingSingleLine(true).printToString(pj),
        ProtoText.printSingleLine(ours));

    // With type registries, an Any of a known type prints expanded: its value packed with a real
    // message in half the cases (JsonFriendly), as drawn (rarely a known type) in the others.
    Message withAny = (seed & 1) == 0 ? new JsonFriendly(seed, TestTypes.cases()).fix(pj, 0) : pj;
    byte[] anyBytes = withAny.toByteArray();
    Message pjAny = type.prototype().getParserForType().parsePartialFrom(anyBytes);
    assertSameText(
        TextFormat.printer().usingTypeRegistry(TestTypes.THEIRS).printToString(pjAny),
        ProtoText.printer().usingTypeRegistry(TestTypes.OURS).print(oursOf(type, pjAny, anyBytes)));

    // The same bytes as unknown fields of an empty message: every wire type, groups, and
    // length-delimited values printed as messages where they parse as one.
    io.bufproto.wkt.Empty empty = new io.bufproto.wkt.Empty();
    empty.parseFrom(bytes);
    assertSameText(
        TextFormat.printer().printToString(com.google.protobuf.Empty.parseFrom(bytes)),
        empty.toTextFormat());
    COUNTS.count(type, 0);
  }

  /**
   * A random message's bytes; in half the cases required fields may lack (protobuf-java cannot
   * write a map whose message values lack them: then a complete message).
   */
  static byte[] randomBytes(Case type, long seed, int size) {
    if ((seed & 2) != 0) {
      try {
        return new RandomMessages(seed, size, false).next(type.prototype()).toByteArray();
      } catch (RuntimeException mapValueIncomplete) {
        // a complete one below
      }
    }
    return new RandomMessages(seed, size, true).next(type.prototype()).toByteArray();
  }

  /** Ours parsed from {@code bytes}, or filled like {@code pj} where required fields lack. */
  static ProtoMessage<?> oursOf(Case type, Message pj, byte[] bytes) {
    ProtoMessage<?> ours = type.ours().get();
    if (pj.isInitialized()) {
      ours.parseFrom(bytes);
    } else {
      OursFiller.fill(ours, pj);
    }
    return ours;
  }

  /** Equal texts, or a failure that shows the first line that differs, with the lines before. */
  static void assertSameText(String expected, String actual) {
    if (expected.equals(actual)) {
      return;
    }
    String[] e = expected.split("\n", -1);
    String[] a = actual.split("\n", -1);
    int i = 0;
    while (i < Math.min(e.length, a.length) && e[i].equals(a[i])) {
      i++;
    }
    StringBuilder context = new StringBuilder();
    for (int j = Math.max(0, i - 3); j < i; j++) {
      context.append("    ").append(e[j]).append('\n');
    }
    assertEquals(
        i < e.length ? e[i] : "<end>",
        i < a.length ? a[i] : "<end>",
        "line " + (i + 1) + " differs, after:\n" + context);
  }

  @AfterContainer
  static void report() {
    COUNTS.print();
  }
}
