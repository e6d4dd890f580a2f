package io.bufproto.tests;

import static io.bufproto.tests.TextFormatProperties.assertSameText;

import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * JSON against protobuf-java's {@code JsonFormat}: for random messages of every test type, our
 * printer prints exactly what protobuf-java prints, with a random combination of the printer's
 * options, or both refuse the message (an {@code Any} of an unknown type, a {@code Timestamp} out
 * of range, ...), or only we do, as the spec requires (a {@code FieldMask} path with no JSON form
 * that reads back as itself). Counts per type are printed at the end: printed alike, refused by
 * both.
 */
class JsonFormatProperties {

  private static final CaseCounts COUNTS =
      new CaseCounts(
          "JSON compared with protobuf-java's JsonFormat", "printed", "refused", "spec-only");

  @Property
  void jsonPrintsAsProtobufJava(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size) {
    CompatibilityProperties.forEachType(seed, (type, s) -> print(type, s, size));
  }

  @Property(tries = 60)
  void jsonPrintsLargeMessagesAsProtobufJava(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size) throws Exception {
    CompatibilityProperties.forEach(
        ProtobufTestSchemasProperties.LARGE, seed, (type, s) -> print(type, s, size));
  }

  private static void print(Case type, long seed, int size) throws Exception {
    Message random =
        type.prototype()
            .getParserForType()
            .parsePartialFrom(TextFormatProperties.randomBytes(type, seed, size));
    if ((seed & 1) == 0) {
      // Half the cases made printable (timestamps in range, Any packed, ...), half left as drawn.
      random = new JsonFriendly(seed, TestTypes.cases()).fix(random, 0);
    }
    byte[] bytes = random.toByteArray();
    Message pj = type.prototype().getParserForType().parsePartialFrom(bytes);
    ProtoMessage<?> ours = TextFormatProperties.oursOf(type, pj, bytes);

    Random options = new Random(seed);
    JsonFormat.Printer theirs = JsonFormat.printer().usingTypeRegistry(TestTypes.THEIRS);
    ProtoJson.Printer mine = ProtoJson.printer().usingTypeRegistry(TestTypes.OURS);
    if (options.nextBoolean()) {
      theirs = theirs.preservingProtoFieldNames();
      mine = mine.preservingProtoFieldNames();
    }
    if (options.nextBoolean()) {
      theirs = theirs.alwaysPrintFieldsWithNoPresence();
      mine = mine.alwaysPrintFieldsWithNoPresence();
    }
    if (options.nextBoolean()) {
      theirs = theirs.printingEnumsAsInts();
      mine = mine.printingEnumsAsInts();
    }
    if (options.nextBoolean()) {
      theirs = theirs.omittingInsignificantWhitespace();
      mine = mine.omittingInsignificantWhitespace();
    }
    if (options.nextBoolean()) {
      theirs = theirs.sortingMapKeys();
      mine = mine.sortingMapKeys();
    }

    String expected;
    try {
      expected = theirs.print(pj);
    } catch (Exception | StackOverflowError refused) {
      String why = refused.toString();
      try {
        String printed = mine.print(ours);
        throw new AssertionError("protobuf-java refused (" + why + ") but we printed " + printed);
      } catch (IllegalArgumentException alsoRefused) {
        COUNTS.count(type, 1);
        return;
      }
    }
    String printed;
    try {
      printed = mine.print(ours);
    } catch (IllegalArgumentException e) {
      // The spec's refusal of a FieldMask path that JsonFormat prints as another path.
      if (e.getMessage() == null || !e.getMessage().contains("has no JSON form")) {
        throw e;
      }
      COUNTS.count(type, 2);
      return;
    }
    assertSameText(expected, printed);
    COUNTS.count(type, 0);
  }

  @AfterContainer
  static void report() {
    COUNTS.print();
  }

  private JsonFormatProperties() {}
}
