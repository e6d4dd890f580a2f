package io.bufproto.api.internal;

import io.netty.util.IllegalReferenceCountException;
import java.util.Iterator;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Builds generated {@code toString()} output: {@code Type{name: value, child: {...}}}, with strings
 * quoted and escaped like protobuf's text format and unsigned types printed unsigned.
 *
 * <p>{@code toString()} never throws: string, bytes and map values may be lazy (read from the
 * parsed buffer when printed), so they are passed as functions, and a value that cannot be read any
 * more (its buffer released) prints as a marker, {@code <not readable: ...>}.
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

  /** A string field's value, read by {@code value}: lazy, it may not be readable any more. */
  public void fieldString(String name, Supplier<String> value) {
    StringBuilder b = name(name);
    try {
      quote(b, value.get());
    } catch (RuntimeException e) {
      notReadable(b, e);
    }
  }

  /** Element {@code index} of a repeated string field, read by {@code values}. */
  public void fieldString(String name, IntFunction<String> values, int index) {
    fieldString(name, () -> values.apply(index));
  }

  /** A bytes field's value, read by {@code value}: lazy, it may not be readable any more. */
  public void fieldBytes(String name, Supplier<byte[]> value) {
    StringBuilder b = name(name);
    try {
      quote(b, value.get());
    } catch (RuntimeException e) {
      notReadable(b, e);
    }
  }

  /** Element {@code index} of a repeated bytes field, read by {@code values}. */
  public void fieldBytes(String name, IntFunction<byte[]> values, int index) {
    fieldBytes(name, () -> values.apply(index));
  }

  private static void notReadable(StringBuilder b, RuntimeException e) {
    b.append("<not readable: ")
        .append(
            e instanceof IllegalReferenceCountException ? "its buffer was released" : e.toString())
        .append('>');
  }

  /** An enum value; {@code value} is null for numbers the schema does not declare. */
  public void fieldEnum(String name, Enum<?> value, int number) {
    name(name).append(value != null ? value.name() : Integer.toString(number));
  }

  public void fieldMessage(String name, Object message) {
    name(name).append(message);
  }

  /**
   * A map field's entries; keys and values may be lazy, so reading stops at the first that is not
   * readable.
   */
  public void fieldMap(String name, Map<?, ?> map) {
    Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
    while (true) {
      Object key;
      Object value;
      try {
        if (!entries.hasNext()) {
          return;
        }
        Map.Entry<?, ?> e = entries.next();
        key = e.getKey();
        value = e.getValue();
      } catch (RuntimeException e) {
        notReadable(name(name), e);
        return;
      }
      StringBuilder b = name(name).append("{key: ");
      value(b, key);
      b.append(", value: ");
      value(b, value);
      b.append('}');
    }
  }

  private static void value(StringBuilder b, Object v) {
    if (v instanceof String string) {
      quote(b, string);
    } else if (v instanceof byte[] array) {
      quote(b, array);
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
      case '\n' -> {
        b.append("\\n");
        return;
      }
      case '\r' -> {
        b.append("\\r");
        return;
      }
      case '\t' -> {
        b.append("\\t");
        return;
      }
      case '"' -> {
        b.append("\\\"");
        return;
      }
      case '\\' -> {
        b.append("\\\\");
        return;
      }
      default -> {
        if (c >= 0x20 && c < 0x7f) {
          b.append((char) c);
        } else {
          b.append('\\')
              .append((char) ('0' + (c >> 6)))
              .append((char) ('0' + ((c >> 3) & 7)))
              .append((char) ('0' + (c & 7)));
        }
      }
    }
  }

  /** Closes the braces and returns the text. */
  public String end() {
    return sb.append('}').toString();
  }
}
