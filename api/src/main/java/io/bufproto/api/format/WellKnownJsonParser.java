package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.MessageSchema;
import java.text.ParseException;
import java.text.SimpleDateFormat;
import java.util.Date;
import java.util.GregorianCalendar;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;

/**
 * Parses the JSON forms of the well-known types (see {@link WellKnownJson}) as protobuf-java's
 * JsonFormat does: {@code Any} by {@code @type} from the registry, wrappers from their value,
 * {@code Timestamp} in RFC 3339 with any offset, {@code Duration} as seconds with an {@code s},
 * {@code FieldMask} from comma-separated lowerCamel paths, {@code Struct}, {@code Value} and {@code
 * ListValue} from any JSON.
 */
final class WellKnownJsonParser {

  private WellKnownJsonParser() {}

  /** Fills {@code d} from {@code json} if its type has a special form; false otherwise. */
  static boolean merge(JsonToWire p, Draft d, JsonTree.Value json) {
    MessageSchema s = d.schema;
    if (WellKnownJson.WRAPPERS.contains(s.fullName())) {
      Object v = p.value(s.field(0), json);
      if (v == null) {
        throw new InvalidProtobufException("A wrapper's value cannot be null");
      }
      d.set(s.field(0), v);
      return true;
    }
    switch (s.fullName()) {
      case "google.protobuf.Any" -> any(p, d, json);
      case "google.protobuf.Timestamp" -> timestamp(d, string(p, s, json));
      case "google.protobuf.Duration" -> duration(d, string(p, s, json));
      case "google.protobuf.FieldMask" -> fieldMask(d, string(p, s, json), p.strict);
      case "google.protobuf.Struct" -> struct(p, d, json);
      case "google.protobuf.Value" -> value(p, d, json);
      case "google.protobuf.ListValue" -> list(p, d, json);
      default -> {
        return false;
      }
    }
    return true;
  }

  /**
   * The text of a well-known type whose JSON form is a string: strictly, only a JSON string
   * (JsonFormat takes any primitive's text, so a number 12 as the FieldMask path "12").
   */
  private static JsonTree.Value string(JsonToWire p, MessageSchema type, JsonTree.Value json) {
    if (p.strict && json.kind() != JsonTree.Kind.STRING) {
      throw new InvalidProtobufException(
          "Invalid value: " + json + " for " + type.fullName() + JsonTree.SPEC_ONLY);
    }
    return json;
  }

  /** The bytes of a {@code Value} holding {@code null_value: NULL_VALUE}. */
  static byte[] nullValue(MessageSchema valueType) {
    Draft d = new Draft(valueType);
    d.set(valueType.fieldByNumber(1), 0);
    return d.toBytes();
  }

  private static void any(JsonToWire p, Draft d, JsonTree.Value json) {
    if (json.kind() != JsonTree.Kind.OBJECT) {
      throw new InvalidProtobufException("Expect message object but got: " + json);
    }
    if (json.members().isEmpty()) {
      return;
    }
    JsonTree.Value typeUrlValue = json.members().get("@type");
    if (typeUrlValue == null) {
      throw new InvalidProtobufException("Missing type url when parsing: " + json);
    }
    String typeUrl = string(p, d.schema, typeUrlValue).asString();
    MessageSchema type;
    try {
      type = p.registry.find(typeUrl);
    } catch (IllegalArgumentException e) {
      throw new InvalidProtobufException(e.getMessage(), e);
    }
    if (type == null) {
      throw new InvalidProtobufException("Cannot resolve type: " + typeUrl);
    }
    d.set(d.schema.fieldByNumber(1), typeUrl);
    Draft content = new Draft(type);
    p.enter();
    if (isSpecial(type)) {
      JsonTree.Value value = json.members().get("value");
      if (value != null) {
        merge(p, content, value);
      }
    } else {
      p.mergeFields(content, json, true);
    }
    p.leave();
    d.set(d.schema.fieldByNumber(2), JsonToWire.built(content));
  }

  private static boolean isSpecial(MessageSchema type) {
    return WellKnownJson.isSpecial(type.fullName());
  }

  private static void struct(JsonToWire p, Draft d, JsonTree.Value json) {
    if (json.kind() != JsonTree.Kind.OBJECT) {
      throw new InvalidProtobufException("Expect a map object but found: " + json);
    }
    FieldSchema fields = d.schema.field(0);
    MessageSchema valueType = fields.mapValue().messageType();
    for (Map.Entry<String, JsonTree.Value> e : json.members().entrySet()) {
      p.enter();
      Draft v = new Draft(valueType);
      value(p, v, e.getValue());
      p.leave();
      Draft entry = Draft.mapEntry(fields);
      entry.set(fields.mapKey(), e.getKey());
      entry.set(fields.mapValue(), v.toBytes());
      d.add(fields, entry.toBytes());
    }
  }

  private static void list(JsonToWire p, Draft d, JsonTree.Value json) {
    if (json.kind() != JsonTree.Kind.ARRAY) {
      throw new InvalidProtobufException("Expected an array but found: " + json);
    }
    FieldSchema values = d.schema.field(0);
    for (JsonTree.Value e : json.elements()) {
      p.enter();
      Draft v = new Draft(values.messageType());
      value(p, v, e);
      p.leave();
      d.add(values, v.toBytes());
    }
  }

  /** {@code google.protobuf.Value}: whichever member the JSON's kind selects. */
  private static void value(JsonToWire p, Draft d, JsonTree.Value json) {
    MessageSchema s = d.schema;
    switch (json.kind()) {
      case NULL -> d.set(s.fieldByNumber(1), 0);
      case NUMBER -> d.set(s.fieldByNumber(2), Double.parseDouble(json.text()));
      case STRING -> d.set(s.fieldByNumber(3), json.text());
      case BOOLEAN -> d.set(s.fieldByNumber(4), Boolean.parseBoolean(json.text()));
      case OBJECT -> {
        Draft struct = new Draft(s.fieldByNumber(5).messageType());
        struct(p, struct, json);
        d.set(s.fieldByNumber(5), struct.toBytes());
      }
      case ARRAY -> {
        Draft list = new Draft(s.fieldByNumber(6).messageType());
        list(p, list, json);
        d.set(s.fieldByNumber(6), list.toBytes());
      }
    }
  }

  // SimpleDateFormat on purpose: its parse is the one protobuf-java's Timestamps.parse uses.
  @SuppressWarnings("JavaUtilDate")
  private static void timestamp(Draft d, JsonTree.Value json) {
    String text = json.asString();
    long seconds;
    int nanos;
    try {
      int day = text.indexOf('T');
      if (day == -1) {
        throw new ParseException("no 'T'", 0);
      }
      int zone = text.indexOf('Z', day);
      if (zone == -1) {
        zone = text.indexOf('+', day);
      }
      if (zone == -1) {
        zone = text.indexOf('-', day);
      }
      if (zone == -1) {
        throw new ParseException("missing valid timezone offset", 0);
      }
      String time = text.substring(0, zone);
      String secondsText = time;
      String nanosText = "";
      int point = time.indexOf('.');
      if (point != -1) {
        secondsText = time.substring(0, point);
        nanosText = time.substring(point + 1);
      }
      Date date = secondsFormat().parse(secondsText);
      seconds = date.getTime() / 1000;
      nanos = nanosText.isEmpty() ? 0 : nanos(nanosText);
      if (text.charAt(zone) == 'Z') {
        if (text.length() != zone + 1) {
          throw new ParseException("trailing data", zone);
        }
      } else {
        long offset = offsetSeconds(text.substring(zone + 1));
        seconds = text.charAt(zone) == '+' ? seconds - offset : seconds + offset;
      }
      if (seconds < WellKnownJson.TIMESTAMP_MIN_SECONDS
          || seconds > WellKnownJson.TIMESTAMP_MAX_SECONDS) {
        throw new ParseException("out of range", 0);
      }
    } catch (ParseException | RuntimeException e) {
      throw new InvalidProtobufException("Failed to parse timestamp: " + json, e);
    }
    setSecondsAndNanos(d, seconds, nanos);
  }

  /** protobuf-java's format: UTC, proleptic Gregorian calendar, strict. */
  @SuppressWarnings("JavaUtilDate")
  private static SimpleDateFormat secondsFormat() {
    SimpleDateFormat f = new SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss", Locale.ENGLISH);
    GregorianCalendar calendar = new GregorianCalendar(TimeZone.getTimeZone("UTC"));
    calendar.setGregorianChange(new Date(Long.MIN_VALUE));
    f.setCalendar(calendar);
    f.setLenient(false);
    return f;
  }

  private static long offsetSeconds(String offset) throws ParseException {
    int colon = offset.indexOf(':');
    if (colon == -1) {
      throw new ParseException("Invalid offset value: " + offset, 0);
    }
    try {
      return (Long.parseLong(offset.substring(0, colon)) * 60
              + Long.parseLong(offset.substring(colon + 1)))
          * 60;
    } catch (NumberFormatException e) {
      throw new ParseException("Invalid offset value: " + offset, 0);
    }
  }

  /** Up to nine digits read (more are ignored, as protobuf-java ignores them). */
  private static int nanos(String digits) throws ParseException {
    int result = 0;
    for (int i = 0; i < 9; i++) {
      result *= 10;
      if (i < digits.length()) {
        char c = digits.charAt(i);
        if (c < '0' || c > '9') {
          throw new ParseException("Invalid nanoseconds.", 0);
        }
        result += c - '0';
      }
    }
    return result;
  }

  private static void duration(Draft d, JsonTree.Value json) {
    String text = json.asString();
    long seconds;
    int nanos;
    try {
      if (text.isEmpty() || text.charAt(text.length() - 1) != 's') {
        throw new ParseException("no trailing 's'", 0);
      }
      boolean negative = text.charAt(0) == '-';
      String value = negative ? text.substring(1) : text;
      String secondsText = value.substring(0, value.length() - 1);
      String nanosText = "";
      int point = secondsText.indexOf('.');
      if (point != -1) {
        nanosText = secondsText.substring(point + 1);
        secondsText = secondsText.substring(0, point);
      }
      seconds = Long.parseLong(secondsText);
      nanos = nanosText.isEmpty() ? 0 : nanos(nanosText);
      if (seconds < 0) {
        throw new ParseException("negative seconds after the sign", 0);
      }
      if (negative) {
        seconds = -seconds;
        nanos = -nanos;
      }
      if (seconds < -WellKnownJson.DURATION_MAX_SECONDS
          || seconds > WellKnownJson.DURATION_MAX_SECONDS) {
        throw new ParseException("Duration value is out of range.", 0);
      }
    } catch (ParseException | RuntimeException e) {
      throw new InvalidProtobufException("Failed to parse duration: " + json, e);
    }
    setSecondsAndNanos(d, seconds, nanos);
  }

  private static void setSecondsAndNanos(Draft d, long seconds, int nanos) {
    if (seconds != 0) {
      d.set(d.schema.fieldByNumber(1), seconds);
    }
    if (nanos != 0) {
      d.set(d.schema.fieldByNumber(2), nanos);
    }
  }

  /**
   * Comma-separated lowerCamel paths; strict: of letters, digits and dots only, as the spec says
   * (JsonFormat also takes {@code "foo,bar_bar"}, which no snake_case path prints as).
   */
  @SuppressWarnings("StringSplitter") // empty parts are skipped anyway
  private static void fieldMask(Draft d, JsonTree.Value json, boolean strict) {
    for (String path : json.asString().split(",")) {
      if (strict && !isCamelPath(path)) {
        throw new InvalidProtobufException(
            "FieldMask path \"" + path + "\" is not lowerCamelCase" + JsonTree.SPEC_ONLY);
      }
      if (!path.isEmpty()) {
        d.add(d.schema.field(0), camelToSnake(path));
      }
    }
  }

  private static boolean isCamelPath(String path) {
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (!((c >= 'a' && c <= 'z')
          || (c >= 'A' && c <= 'Z')
          || (c >= '0' && c <= '9')
          || c == '.')) {
        return false;
      }
    }
    return true;
  }

  private static String camelToSnake(String path) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      if (c >= 'A' && c <= 'Z') {
        sb.append('_');
      }
      sb.append(Character.toLowerCase(c));
    }
    return sb.toString();
  }
}
