package io.bufproto.api;

import java.util.Map;

/**
 * Builds generated {@code toString()} output: {@code Type{name: value, child: {...}}}, with
 * strings quoted and escaped like protobuf's text format and unsigned types printed unsigned.
 */
public final class TextWriter {

  private final StringBuilder sb = new StringBuilder();
  private boolean first = true;

  public TextWriter(String typeName) {
    sb.append(typeName).append('{');
  }

  private StringBuilder name(String name) {
    if (!first) {
      sb.append(", ");
    }
    first = false;
    return sb.append(name).append(": ");
  }

  public void fieldInt(String name, int v) {
    name(name).append(v);
  }

  public void fieldUnsignedInt(String name, int v) {
    name(name).append(Integer.toUnsignedString(v));
  }

  public void fieldLong(String name, long v) {
    name(name).append(v);
  }

  public void fieldUnsignedLong(String name, long v) {
    name(name).append(Long.toUnsignedString(v));
  }

  public void fieldFloat(String name, float v) {
    name(name).append(v);
  }

  public void fieldDouble(String name, double v) {
    name(name).append(v);
  }

  public void fieldBool(String name, boolean v) {
    name(name).append(v);
  }

  public void fieldString(String name, String v) {
    quote(name(name), v);
  }

  public void fieldBytes(String name, byte[] v) {
    quote(name(name), v);
  }

  /** An enum value; {@code value} is null for numbers the schema does not declare. */
  public void fieldEnum(String name, Enum<?> value, int number) {
    name(name).append(value != null ? value.name() : Integer.toString(number));
  }

  public void fieldMessage(String name, Object message) {
    name(name).append(message);
  }

  public void fieldMap(String name, Map<?, ?> map) {
    for (Map.Entry<?, ?> e : map.entrySet()) {
      StringBuilder b = name(name).append("{key: ");
      value(b, e.getKey());
      b.append(", value: ");
      value(b, e.getValue());
      b.append('}');
    }
  }

  private static void value(StringBuilder b, Object v) {
    if (v instanceof String) {
      quote(b, (String) v);
    } else if (v instanceof byte[]) {
      quote(b, (byte[]) v);
    } else {
      b.append(v);
    }
  }

  private static void quote(StringBuilder b, byte[] v) {
    b.append('"');
    for (byte x : v) {
      escape(b, x & 0xff);
    }
    b.append('"');
  }

  private static void quote(StringBuilder b, String v) {
    b.append('"');
    for (int i = 0; i < v.length(); i++) {
      char c = v.charAt(i);
      if (c == '"' || c == '\\') {
        b.append('\\').append(c);
      } else if (c < 0x20 || c == 0x7f) {
        escape(b, c);
      } else {
        b.append(c);
      }
    }
    b.append('"');
  }

  private static void escape(StringBuilder b, int c) {
    switch (c) {
      case '\n':
        b.append("\\n");
        return;
      case '\r':
        b.append("\\r");
        return;
      case '\t':
        b.append("\\t");
        return;
      case '"':
        b.append("\\\"");
        return;
      case '\\':
        b.append("\\\\");
        return;
      default:
        if (c >= 0x20 && c < 0x7f) {
          b.append((char) c);
        } else {
          b.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
              .append((char) ('0' + (c & 7)));
        }
    }
  }

  /** Closes the braces and returns the text. */
  public String end() {
    return sb.append('}').toString();
  }
}
