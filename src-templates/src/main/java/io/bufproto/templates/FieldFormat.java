package io.bufproto.templates;

/**
 * How a field appears in its message's {@code MessageSchema} (the text and JSON formats read it):
 * the names and flags protoc resolved, rendered as one builder call.
 *
 * @param method the builder method: {@code scalar}, {@code enumeration}, {@code message}, {@code
 *     group} or {@code map}
 * @param number the field number
 * @param name the {@code .proto} name
 * @param jsonName the JSON name protoc resolved ({@code json_name} or lowerCamelCase)
 * @param textName for a group: the name the text format prints (the type's name for a proto2
 *     group); otherwise the {@code .proto} name
 * @param fieldType the {@code FieldType} constant: protobuf's type, or for a map the key's type
 * @param mapValueType for a map, the value's {@code FieldType} constant; otherwise null
 * @param flags the {@code FieldSchema} flags expression ({@code 0}, {@code FieldSchema.REPEATED |
 *     ...}); for a map, its entry's ({@code 0} or {@code FieldSchema.VERIFY_UTF8})
 * @param typeRef the Java class whose {@code _schema()} describes the field's (or map value's) enum
 *     or message type; null for scalars
 */
public record FieldFormat(
    String method,
    int number,
    String name,
    String jsonName,
    String textName,
    String fieldType,
    String mapValueType,
    String flags,
    String typeRef) {

  /** Generated code names the format classes in full: a user type may be named like one. */
  static final String FORMAT = "io.bufproto.api.schema.";

  private static final String TYPE = FORMAT + "FieldType.";

  /** The builder call, e.g. {@code .scalar(1, "name", "name", FieldType.STRING, 0)}. */
  public String call() {
    String head = "." + method + "(" + number + ", " + quote(name) + ", " + quote(jsonName) + ", ";
    String ref = typeRef == null ? "null" : typeRef + "::_schema";
    return switch (method) {
      case "scalar" -> head + TYPE + fieldType + ", " + flags + ")";
      case "enumeration", "message" -> head + flags + ", " + ref + ")";
      case "group" -> head + quote(textName) + ", " + flags + ", " + ref + ")";
      case "map" ->
          head + TYPE + fieldType + ", " + TYPE + mapValueType + ", " + flags + ", " + ref + ")";
      default -> throw new IllegalStateException("no builder method " + method);
    };
  }

  /** A Java string literal; protobuf names and JSON names are ASCII, but quote safely anyway. */
  static String quote(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        sb.append(String.format("\\u%04x", (int) c));
      } else {
        sb.append(c);
      }
    }
    return sb.append('"').toString();
  }
}
