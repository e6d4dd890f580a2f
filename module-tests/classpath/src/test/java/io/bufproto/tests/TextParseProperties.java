package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * Text format parsing against protobuf-java's {@code TextFormat.merge}: protobuf-java's text of a
 * random message, as printed and after random edits (numbers in hex, other boolean spellings, angle
 * brackets, separators, comments, colons, lines repeated or dropped, a character changed), parses
 * to the same bytes in both, or is refused by both. Both parsers get the same text, so an edit need
 * not keep its meaning. An edit may also write what only protobuf's spec refuses (a float {@code
 * 012}, malformed UTF-8 in a proto3 string): we refuse it, protobuf-java does not, and it is
 * counted apart. Counts per type are printed at the end.
 */
class TextParseProperties {

  private static final CaseCounts COUNTS =
      new CaseCounts(
          "Text format parsed as protobuf-java's TextFormat.merge",
          "parsed",
          "refused",
          "spec-only");

  @Property
  void textParsesAsProtobufJava(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size) {
    CompatibilityProperties.forEachType(seed, (type, s) -> parse(type, s, size));
  }

  @Property(tries = 60)
  void textParsesLargeMessagesAsProtobufJava(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size) throws Exception {
    CompatibilityProperties.forEach(
        ProtobufTestSchemasProperties.LARGE, seed, (type, s) -> parse(type, s, size));
  }

  private static void parse(Case type, long seed, int size) {
    Random random = new Random(seed);
    Message m = new RandomMessages(seed, size, true).next(type.prototype());
    // Half the cases with type registries: Any values of real types, printed and read expanded.
    boolean registry = random.nextBoolean();
    if (registry) {
      m = new JsonFriendly(seed, TestTypes.cases()).fix(m, 0);
    }
    TextFormat.Printer printer =
        registry ? TextFormat.printer().usingTypeRegistry(TestTypes.THEIRS) : TextFormat.printer();
    if (random.nextInt(4) == 0) {
      printer = printer.escapingNonAscii(false);
    }
    if (random.nextInt(4) == 0) {
      printer = printer.emittingSingleLine(true);
    }
    String text = printer.printToString(m);
    if (random.nextBoolean()) {
      text = edit(text, random);
    }

    TextFormat.Parser theirParser =
        registry
            ? TextFormat.Parser.newBuilder().setTypeRegistry(TestTypes.THEIRS).build()
            : TextFormat.getParser();
    ProtoText.Parser ourParser =
        registry ? ProtoText.parser().usingTypeRegistry(TestTypes.OURS) : ProtoText.parser();
    byte[] expected;
    try {
      Message.Builder b = type.prototype().newBuilderForType();
      theirParser.merge(text, b);
      expected = b.build().toByteArray();
    } catch (Exception refused) {
      ProtoMessage<?> ours = type.ours().get();
      try {
        ourParser.parse(text, ours);
      } catch (RuntimeException alsoRefused) {
        COUNTS.count(type, 1);
        return;
      }
      throw new AssertionError("protobuf-java refused (" + refused + ") but we parsed:\n" + text);
    }
    ProtoMessage<?> ours = type.ours().get();
    try {
      ourParser.parse(text, ours);
    } catch (RuntimeException e) {
      if (isSpecOnly(e)) {
        COUNTS.count(type, 2);
        return;
      }
      throw new AssertionError("we refused (" + e + ") what protobuf-java parsed:\n" + text, e);
    }
    String parsed = text;
    assertArrayEquals(expected, ours.toByteArray(), () -> "parse of\n" + parsed);
    COUNTS.count(type, 0);
  }

  /**
   * A refusal protobuf's spec requires and protobuf-java does not make (an edit can write one): a
   * float with a leading zero, malformed UTF-8 in a string that must be UTF-8.
   */
  private static boolean isSpecOnly(RuntimeException e) {
    String m = String.valueOf(e.getMessage());
    return m.contains("a float may not start with 0") || m.contains("holds invalid UTF-8");
  }

  private static String edit(String text, Random random) {
    String t = text;
    switch (random.nextInt(6)) {
      case 0 -> t = t.replaceAll("(?m)^(\\s*\\w+): (-?)([1-9][0-9]*)$", "$1: $20x$3");
      case 1 -> t = t.replace(": true", ": t").replace(": false", ": 0");
      case 2 -> t = t.replace(" {", " <").replace("}", ">");
      case 3 -> t = t.replace("\n", random.nextBoolean() ? ";\n" : ",\n");
      case 4 -> t = t.replace(" {", ": {").replace(": ", ":");
      default -> t = t.replace("\n", "\n# a comment\n");
    }
    List<String> lines = new ArrayList<>(Arrays.asList(t.split("\n", -1)));
    if (!lines.isEmpty() && random.nextInt(3) == 0) {
      int i = random.nextInt(lines.size());
      if (random.nextBoolean()) {
        lines.add(i, lines.get(i));
      } else {
        lines.remove(i);
      }
    }
    t = String.join("\n", lines);
    if (!t.isEmpty() && random.nextInt(4) == 0) {
      char[] c = t.toCharArray();
      c[random.nextInt(c.length)] = "{}<>[]:;,\"'\\#0x-.e".charAt(random.nextInt(18));
      String changed = new String(c);
      // Not a sign after 0x: protobuf-java's TextFormat reads "0x-097152" (as -0x97152, also for
      // unsigned fields); the text format has no such literal and we refuse it, by design.
      if (!changed.contains("0x-")) {
        t = changed;
      }
    }
    return t;
  }

  @AfterContainer
  static void report() {
    COUNTS.print();
  }
}
