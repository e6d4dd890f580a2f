package io.bufproto.api.format;

import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import io.bufproto.api.schema.MessageSchema;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The JSON forms of protobuf's well-known types, as protobuf-java's JsonFormat prints them: {@code
 * Any} with {@code @type}, wrappers as their value, {@code Timestamp} and {@code Duration} as
 * strings, {@code FieldMask} as comma-separated lowerCamel paths, {@code Struct}, {@code Value} and
 * {@code ListValue} as plain JSON. Recognized by full name, so BufProto's {@code bufproto-wkt}
 * classes and any other generation of the same {@code .proto} files both qualify.
 */
final class WellKnownJson {

  static final long TIMESTAMP_MIN_SECONDS = -62135596800L; // 0001-01-01T00:00:00Z
  static final long TIMESTAMP_MAX_SECONDS = 253402300799L; // 9999-12-31T23:59:59Z
  static final long DURATION_MAX_SECONDS = 315576000000L; // 10,000 years
  private static final DateTimeFormatter SECONDS =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss", Locale.ROOT);

  private WellKnownJson() {}

  /** The wrapper types: a message of one field, {@code value}, that stands for its value. */
  static final Set<String> WRAPPERS =
      Set.of(
          "google.protobuf.BoolValue",
          "google.protobuf.Int32Value",
          "google.protobuf.UInt32Value",
          "google.protobuf.Int64Value",
          "google.protobuf.UInt64Value",
          "google.protobuf.StringValue",
          "google.protobuf.BytesValue",
          "google.protobuf.FloatValue",
          "google.protobuf.DoubleValue");

  /** Whether the type has a JSON form of its own (the wrappers and the types below). */
  static boolean isSpecial(String fullName) {
    return WRAPPERS.contains(fullName)
        || switch (fullName) {
          case "google.protobuf.Any",
              "google.protobuf.Timestamp",
              "google.protobuf.Duration",
              "google.protobuf.FieldMask",
              "google.protobuf.Struct",
              "google.protobuf.Value",
              "google.protobuf.ListValue" ->
              true;
          default -> false;
        };
  }

  /** Prints {@code m} in its special form if it has one; false for every other type. */
  static boolean print(ProtoJson.Writer w, WireMessage m) {
    String type = m.schema.fullName();
    if (WRAPPERS.contains(type)) {
      FieldSchema value = m.schema.field(0);
      w.value(value, Values.orDefault(value, m.value(0)), false);
      return true;
    }
    switch (type) {
      case "google.protobuf.Any" -> any(w, m);
      case "google.protobuf.Timestamp" ->
          w.out.print("\"" + timestamp(longAt(m, 0), intAt(m, 1)) + "\"");
      case "google.protobuf.Duration" ->
          w.out.print("\"" + duration(longAt(m, 0), intAt(m, 1)) + "\"");
      case "google.protobuf.FieldMask" -> w.string(fieldMask(m));
      case "google.protobuf.Struct" -> w.printMap(m.schema.field(0), listAt(m, 0));
      case "google.protobuf.Value" -> value(w, m);
      case "google.protobuf.ListValue" -> w.printList(m.schema.field(0), listAt(m, 0));
      default -> {
        return false;
      }
    }
    return true;
  }

  private static void any(ProtoJson.Writer w, WireMessage m) {
    String typeUrl = (String) Values.orDefault(m.schema.field(0), m.value(0));
    byte[] value = (byte[]) Values.orDefault(m.schema.field(1), m.value(1));
    if (m.value(0) == null && m.value(1) == null && m.unknown.isEmpty()) {
      w.out.print("{}");
      return;
    }
    MessageSchema type = w.registry().find(typeUrl);
    if (type == null) {
      throw new IllegalArgumentException("Cannot find type for url: " + typeUrl);
    }
    WireMessage content;
    try {
      content = WireMessage.decode(type, value);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(
          "The value of an Any of type " + typeUrl + " does not parse: " + e.getMessage(), e);
    }
    if (isSpecial(type.fullName())) {
      w.out.println("{");
      w.out.indent();
      w.out.print("\"@type\":" + w.blank());
      w.string(typeUrl);
      w.out.println(",");
      w.out.print("\"value\":" + w.blank());
      print(w, content);
      w.out.println();
      w.out.outdent();
      w.out.print("}");
    } else {
      w.printFields(content, typeUrl);
    }
  }

  /** {@code google.protobuf.Value}: its one set member, or {@code null} when none is set. */
  private static void value(ProtoJson.Writer w, WireMessage m) {
    for (int i = 0; i < m.schema.fieldCount(); i++) {
      Object v = m.value(i);
      if (v == null) {
        continue;
      }
      FieldSchema f = m.schema.field(i);
      if (f.type() == FieldType.DOUBLE) {
        double d = (Double) v;
        if (Double.isNaN(d) || Double.isInfinite(d)) {
          throw new IllegalArgumentException(
              "google.protobuf.Value cannot encode double values for infinity or nan, because"
                  + " they would be parsed as a string.");
        }
      }
      w.value(f, v, false);
      return;
    }
    w.out.print("null");
  }

  static String timestamp(long seconds, int nanos) {
    if (seconds < TIMESTAMP_MIN_SECONDS
        || seconds > TIMESTAMP_MAX_SECONDS
        || nanos < 0
        || nanos >= 1_000_000_000) {
      throw new IllegalArgumentException(
          "Timestamp is not valid. Seconds ("
              + seconds
              + ") must be in range"
              + " [-62,135,596,800, +253,402,300,799]. Nanos ("
              + nanos
              + ") must be in range [0, +999,999,999].");
    }
    String s = LocalDateTime.ofEpochSecond(seconds, 0, ZoneOffset.UTC).format(SECONDS);
    return nanos == 0 ? s + "Z" : s + "." + nanos(nanos) + "Z";
  }

  static String duration(long seconds, int nanos) {
    if (seconds < -DURATION_MAX_SECONDS
        || seconds > DURATION_MAX_SECONDS
        || nanos <= -1_000_000_000
        || nanos >= 1_000_000_000
        || (seconds < 0 && nanos > 0)
        || (seconds > 0 && nanos < 0)) {
      throw new IllegalArgumentException(
          "Duration is not valid. See proto definition for valid values. Seconds ("
              + seconds
              + ") must be in range [-315,576,000,000, +315,576,000,000]. Nanos ("
              + nanos
              + ") must be in range [-999,999,999, +999,999,999]. Nanos must have the same sign"
              + " as seconds");
    }
    StringBuilder sb = new StringBuilder();
    if (seconds < 0 || nanos < 0) {
      sb.append('-');
      seconds = -seconds;
      nanos = -nanos;
    }
    sb.append(seconds);
    if (nanos != 0) {
      sb.append('.').append(nanos(nanos));
    }
    return sb.append('s').toString();
  }

  /** Three, six or nine digits: as few as hold the value exactly. */
  private static String nanos(int nanos) {
    if (nanos % 1_000_000 == 0) {
      return String.format(Locale.ROOT, "%03d", nanos / 1_000_000);
    }
    if (nanos % 1_000 == 0) {
      return String.format(Locale.ROOT, "%06d", nanos / 1_000);
    }
    return String.format(Locale.ROOT, "%09d", nanos);
  }

  /**
   * The paths, each snake_case turned lowerCamel, empty ones dropped, joined by commas. A path that
   * would not read back as itself is refused, as protobuf's spec requires: an upper-case letter, or
   * an underscore not followed by a lower-case letter ({@code fooBar}, {@code foo__bar}, {@code
   * foo_3_bar}). JsonFormat prints those, and reads back another path.
   */
  private static String fieldMask(WireMessage m) {
    StringBuilder sb = new StringBuilder();
    for (Object p : listAt(m, 0)) {
      String path = (String) p;
      if (path.isEmpty()) {
        continue;
      }
      if (sb.length() > 0) {
        sb.append(',');
      }
      for (int i = 0; i < path.length(); i++) {
        char c = path.charAt(i);
        if (c == '_' && i + 1 < path.length() && isLower(path.charAt(i + 1))) {
          sb.append((char) (path.charAt(++i) - 'a' + 'A'));
        } else if (c == '_' || (c >= 'A' && c <= 'Z')) {
          throw new IllegalArgumentException(
              "FieldMask path \""
                  + path
                  + "\" has no JSON form that reads back as itself (protobuf's JSON spec;"
                  + " JsonFormat prints it and reads back another path)");
        } else {
          sb.append(c);
        }
      }
    }
    return sb.toString();
  }

  private static boolean isLower(char c) {
    return c >= 'a' && c <= 'z';
  }

  private static long longAt(WireMessage m, int i) {
    return (Long) Values.orDefault(m.schema.field(i), m.value(i));
  }

  private static int intAt(WireMessage m, int i) {
    return (Integer) Values.orDefault(m.schema.field(i), m.value(i));
  }

  private static List<Object> listAt(WireMessage m, int i) {
    List<Object> l = m.list(i);
    return l == null ? List.of() : l;
  }
}
