package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed JSON document (RFC 8259), held as protobuf-java's JsonFormat holds it through Gson: a
 * number keeps its literal text (so that {@code 1.0e2} can still be an int32 100 and {@code
 * 12345678901234567890} a uint64).
 *
 * <p>Strictly read (the default of {@link ProtoJson#parser()}), a name given twice in one object
 * and a string with an unpaired surrogate ({@code "\uD800"}) are refused, as protobuf's spec and
 * conformance suite require. Read as JsonFormat reads them, the name keeps its first position and
 * its last value, and the surrogate stays (it becomes {@code ?} in UTF-8). Gson, as JsonFormat
 * configures it, also accepts text that is not JSON (comments, single quotes, unquoted names,
 * trailing characters after the document); this reader rejects it either way.
 */
final class JsonTree {

  /** Ends the message of a refusal that only the spec makes: JsonFormat accepts the input. */
  static final String SPEC_ONLY =
      " (refused by protobuf's JSON spec; ProtoJson.parser().acceptingJsonFormatLeniency()"
          + " accepts it as JsonFormat does)";

  /** Nesting deeper than this is refused before it can exhaust the stack. */
  static final int MAX_NESTING = 1000;

  enum Kind {
    OBJECT,
    ARRAY,
    STRING,
    NUMBER,
    BOOLEAN,
    NULL
  }

  /** One JSON value: text for strings, numbers and booleans; members or elements otherwise. */
  record Value(Kind kind, String text, Map<String, Value> members, List<Value> elements) {

    boolean isNull() {
      return kind == Kind.NULL;
    }

    /**
     * The value as a string, as Gson's {@code getAsString} gives it: a primitive's text, and the
     * one element of a one-element array; throws for objects, null and other arrays.
     */
    String asString() {
      return switch (kind) {
        case STRING, NUMBER, BOOLEAN -> text;
        case ARRAY -> {
          if (elements.size() != 1) {
            throw new InvalidProtobufException(
                "Array must have size 1, but has size " + elements.size());
          }
          yield elements.get(0).asString();
        }
        case OBJECT, NULL -> throw new InvalidProtobufException("Not a primitive: " + this);
      };
    }

    @Override
    public String toString() {
      return switch (kind) {
        case STRING -> '"' + text + '"';
        case NUMBER, BOOLEAN -> text;
        case NULL -> "null";
        case OBJECT -> "{...}";
        case ARRAY -> "[...]";
      };
    }
  }

  private final String json;
  private final boolean strict;
  private int pos;

  private JsonTree(String json, boolean strict) {
    this.json = json;
    this.strict = strict;
  }

  /**
   * Parses one JSON value that makes up the whole of {@code json}; {@code strict}: refusing
   * duplicate names and unpaired surrogates (see the class comment).
   */
  static Value parse(String json, boolean strict) {
    JsonTree t = new JsonTree(json, strict);
    Value v = t.value(0);
    t.skipWhitespace();
    if (t.pos != json.length()) {
      throw t.error("unexpected text after the JSON value");
    }
    return v;
  }

  private Value value(int depth) {
    if (depth > MAX_NESTING) {
      throw error("JSON nested more than " + MAX_NESTING + " levels deep");
    }
    skipWhitespace();
    if (pos >= json.length()) {
      throw error("unexpected end of input");
    }
    char c = json.charAt(pos);
    return switch (c) {
      case '{' -> object(depth);
      case '[' -> array(depth);
      case '"' -> new Value(Kind.STRING, string(), null, null);
      case 't' -> literal("true", Kind.BOOLEAN);
      case 'f' -> literal("false", Kind.BOOLEAN);
      case 'n' -> literal("null", Kind.NULL);
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          yield number();
        }
        throw error("unexpected character '" + c + "'");
      }
    };
  }

  private Value object(int depth) {
    pos++;
    Map<String, Value> members = new LinkedHashMap<>();
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return new Value(Kind.OBJECT, null, members, null);
    }
    while (true) {
      skipWhitespace();
      if (peek() != '"') {
        throw error("expected a quoted name");
      }
      int at = pos;
      String name = string();
      skipWhitespace();
      expect(':');
      if (members.put(name, value(depth + 1)) != null && strict) {
        pos = at;
        throw error("the name \"" + name + "\" is given twice in one object" + SPEC_ONLY);
      }
      skipWhitespace();
      char c = next();
      if (c == '}') {
        return new Value(Kind.OBJECT, null, members, null);
      }
      if (c != ',') {
        throw error("expected ',' or '}'");
      }
    }
  }

  private Value array(int depth) {
    pos++;
    List<Value> elements = new ArrayList<>();
    skipWhitespace();
    if (peek() == ']') {
      pos++;
      return new Value(Kind.ARRAY, null, null, elements);
    }
    while (true) {
      elements.add(value(depth + 1));
      skipWhitespace();
      char c = next();
      if (c == ']') {
        return new Value(Kind.ARRAY, null, null, elements);
      }
      if (c != ',') {
        throw error("expected ',' or ']'");
      }
    }
  }

  private Value literal(String word, Kind kind) {
    if (!json.startsWith(word, pos)) {
      throw error("unexpected text");
    }
    pos += word.length();
    return new Value(kind, word, null, null);
  }

  private Value number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
    } else {
      digits();
    }
    if (peek() == '.') {
      pos++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      digits();
    }
    return new Value(Kind.NUMBER, json.substring(start, pos), null, null);
  }

  private void digits() {
    int start = pos;
    while (pos < json.length() && json.charAt(pos) >= '0' && json.charAt(pos) <= '9') {
      pos++;
    }
    if (pos == start) {
      throw error("expected a digit");
    }
  }

  private String string() {
    int start = pos;
    pos++;
    StringBuilder sb = new StringBuilder();
    boolean surrogates = false; // seen one: check the pairs at the end
    while (true) {
      if (pos >= json.length()) {
        throw error("unterminated string");
      }
      char c = json.charAt(pos++);
      if (c == '"') {
        if (strict && surrogates && !pairedSurrogates(sb)) {
          pos = start;
          throw error("a string holds an unpaired surrogate" + SPEC_ONLY);
        }
        return sb.toString();
      }
      if (c != '\\') {
        surrogates |= Character.isSurrogate(c);
        sb.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (pos + 4 > json.length()) {
            throw error("truncated \\u escape");
          }
          int v = 0;
          for (int i = 0; i < 4; i++) {
            int d = Character.digit(json.charAt(pos++), 16);
            if (d < 0) {
              throw error("bad \\u escape");
            }
            v = v << 4 | d;
          }
          surrogates |= Character.isSurrogate((char) v);
          sb.append((char) v);
        }
        default -> throw error("bad escape \\" + e);
      }
    }
  }

  /** Whether every surrogate in {@code s} is half of a high-low pair. */
  private static boolean pairedSurrogates(CharSequence s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c)
          && i + 1 < s.length()
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }

  private void skipWhitespace() {
    while (pos < json.length()) {
      char c = json.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private char peek() {
    return pos < json.length() ? json.charAt(pos) : '\0';
  }

  private char next() {
    if (pos >= json.length()) {
      throw error("unexpected end of input");
    }
    return json.charAt(pos++);
  }

  private void expect(char c) {
    if (next() != c) {
      throw error("expected '" + c + "'");
    }
  }

  private InvalidProtobufException error(String what) {
    return new InvalidProtobufException("Invalid JSON at character " + pos + ": " + what);
  }
}
