package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import com.google.gson.internal.LazilyParsedNumber;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * JSON parsing against protobuf-java's {@code JsonFormat.parser()}: protobuf-java's own JSON of a
 * random message (random printer options), as printed and after random edits that JsonFormat's
 * parser has rules for (numbers quoted or unquoted or written as decimals, values wrapped in
 * one-element arrays, nulls, unknown names, a field given again under its other name), parses to
 * the same bytes in both, or is refused by both, with {@code acceptingJsonFormatLeniency()}. The
 * default (the spec's) parser gives the same bytes too, or refuses what only the spec refuses (its
 * message says so; SpecOverProtobufJavaTest has the cases). Counts per type are printed at the end.
 */
class JsonParseProperties {

  private static final CaseCounts COUNTS =
      new CaseCounts(
          "JSON parsed as protobuf-java's JsonFormat parses it", "parsed", "refused", "spec-only");

  @Property
  void jsonParsesAsProtobufJava(@ForAll long seed, @ForAll @IntRange(min = 0, max = 6) int size) {
    CompatibilityProperties.forEachType(seed, (type, s) -> parse(type, s, size));
  }

  @Property(tries = 60)
  void jsonParsesLargeMessagesAsProtobufJava(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size) throws Exception {
    CompatibilityProperties.forEach(
        ProtobufTestSchemasProperties.LARGE, seed, (type, s) -> parse(type, s, size));
  }

  @net.jqwik.api.Example
  void negativeZeroReadsAsJsonFormatReadsIt() throws Exception {
    // JsonFormat reads a double through BigDecimal, which has no -0.0: it becomes 0.0 (which
    // proto3 does not write), though its printer prints -0.0. No conformance test says otherwise.
    for (String zero : new String[] {"-0.0", "-0", "\"-0\"", "-0e5"}) {
      String json = "{\"optionalDouble\": " + zero + "}";
      Message.Builder b =
          com.google.protobuf_test_messages.proto3.TestMessagesProto3.TestAllTypesProto3
              .newBuilder();
      JsonFormat.parser().merge(json, b);
      var ours = new com.google.protobuf_test_messages.proto3.TestAllTypesProto3();
      ProtoJson.parser().parse(json, ours);
      assertArrayEquals(b.build().toByteArray(), ours.toByteArray(), json);
    }
  }

  private static void parse(Case type, long seed, int size) throws Exception {
    Random random = new Random(seed);
    Message m = new RandomMessages(seed, size, true).next(type.prototype());
    m = new JsonFriendly(seed, TestTypes.cases()).fix(m, 0);
    JsonFormat.Printer printer = JsonFormat.printer().usingTypeRegistry(TestTypes.THEIRS);
    if (random.nextBoolean()) {
      printer = printer.preservingProtoFieldNames();
    }
    if (random.nextBoolean()) {
      printer = printer.printingEnumsAsInts();
    }
    if (random.nextBoolean()) {
      printer = printer.alwaysPrintFieldsWithNoPresence();
    }
    String json;
    try {
      json = printer.print(m);
    } catch (Exception | StackOverflowError unprintable) {
      return;
    }
    boolean ignoreUnknown = random.nextBoolean();
    if (random.nextBoolean()) {
      JsonElement tree = JsonParser.parseString(json);
      edit(tree, random, 0);
      json = tree.toString();
    }

    JsonFormat.Parser theirParser = JsonFormat.parser().usingTypeRegistry(TestTypes.THEIRS);
    ProtoJson.Parser strictParser = ProtoJson.parser().usingTypeRegistry(TestTypes.OURS);
    if (ignoreUnknown) {
      theirParser = theirParser.ignoringUnknownFields();
      strictParser = strictParser.ignoringUnknownFields();
    }
    ProtoJson.Parser ourParser = strictParser.acceptingJsonFormatLeniency();
    byte[] expected;
    try {
      Message.Builder b = type.prototype().newBuilderForType();
      theirParser.merge(json, b);
      expected = b.build().toByteArray();
    } catch (Exception refused) {
      ProtoMessage<?> ours = type.ours().get();
      try {
        ourParser.parse(json, ours);
      } catch (RuntimeException alsoRefused) {
        COUNTS.count(type, 1);
        return;
      }
      throw new AssertionError(
          "protobuf-java refused (" + refused + ") but we parsed " + json, refused);
    }
    ProtoMessage<?> ours = type.ours().get();
    try {
      ourParser.parse(json, ours);
    } catch (RuntimeException e) {
      throw new AssertionError("we refused (" + e + ") what protobuf-java parsed: " + json, e);
    }
    String parsed = json;
    assertArrayEquals(expected, ours.toByteArray(), () -> "parse of " + parsed);
    ProtoMessage<?> strict = type.ours().get();
    try {
      strictParser.parse(json, strict);
    } catch (InvalidProtobufException e) {
      if (!e.getMessage().contains("acceptingJsonFormatLeniency()")) {
        throw new AssertionError("the strict parser refused " + json, e);
      }
      COUNTS.count(type, 2);
      return;
    }
    assertArrayEquals(expected, strict.toByteArray(), () -> "strict parse of " + parsed);
    COUNTS.count(type, 0);
  }

  /** Random edits, each of a kind JsonFormat's parser has a rule for. */
  private static void edit(JsonElement e, Random random, int depth) {
    if (e instanceof JsonObject o) {
      List<String> keys = new ArrayList<>(o.keySet());
      for (String k : keys) {
        JsonElement v = o.get(k);
        edit(v, random, depth + 1);
        switch (random.nextInt(12)) {
          case 0 -> o.add(k, requote(v));
          case 1 -> o.add(k, wrap(v));
          case 2 -> o.add(k, JsonNull.INSTANCE);
          case 3 -> o.add(otherName(k), v);
          case 4 -> o.add("no_such_field_" + random.nextInt(3), v);
          default -> {}
        }
      }
    } else if (e instanceof JsonArray a) {
      for (int i = 0; i < a.size(); i++) {
        edit(a.get(i), random, depth + 1);
        if (random.nextInt(8) == 0) {
          a.set(i, requote(a.get(i)));
        }
      }
    }
  }

  /** RFC 8259's number: Gson, leniently, takes more (09, +1, .5), which we refuse on purpose. */
  private static final Pattern JSON_NUMBER =
      Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

  /** A number as a string, a numeric string as a number, an integer as a decimal. */
  private static JsonElement requote(JsonElement v) {
    if (!(v instanceof JsonPrimitive p)) {
      return v;
    }
    if (p.isNumber()) {
      String text = p.getAsString();
      return text.contains(".") || text.contains("e")
          ? new JsonPrimitive(text)
          : new JsonPrimitive(new LazilyParsedNumber(text + ".0"));
    }
    if (p.isString() && JSON_NUMBER.matcher(p.getAsString()).matches()) {
      return new JsonPrimitive(new LazilyParsedNumber(p.getAsString()));
    }
    if (p.isString()) {
      return v;
    }
    return new JsonPrimitive(p.getAsString());
  }

  private static JsonElement wrap(JsonElement v) {
    JsonArray a = new JsonArray();
    a.add(v);
    return a;
  }

  /** fooBar to foo_bar and foo_bar to fooBar: the field's other name, if it has one. */
  private static String otherName(String k) {
    StringBuilder sb = new StringBuilder();
    boolean upper = false;
    boolean changed = false;
    for (int i = 0; i < k.length(); i++) {
      char c = k.charAt(i);
      if (c == '_') {
        upper = true;
        changed = true;
      } else if (Character.isUpperCase(c)) {
        sb.append('_').append(Character.toLowerCase(c));
        changed = true;
      } else {
        sb.append(upper ? Character.toUpperCase(c) : c);
        upper = false;
      }
    }
    return changed ? sb.toString() : k;
  }

  @AfterContainer
  static void report() {
    COUNTS.print();
  }
}
