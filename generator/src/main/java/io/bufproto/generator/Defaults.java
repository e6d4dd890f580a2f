package io.bufproto.generator;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.bufproto.templates.ScalarType;

/** Java source literals for field defaults, exact for every value protoc accepts. */
final class Defaults {

  private Defaults() {}

  /** The default of a singular scalar, string, bytes or enum field (enums as their number). */
  static String literal(FieldDescriptor fd, ScalarType type) {
    Object v = fd.getDefaultValue();
    switch (type) {
      case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> {
        return Integer.toString((Integer) v);
      }
      case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> {
        return v + "L";
      }
      case FLOAT -> {
        return floatLiteral((Float) v);
      }
      case DOUBLE -> {
        return doubleLiteral((Double) v);
      }
      case BOOL -> {
        return v.toString();
      }
      case STRING -> {
        return stringLiteral((String) v);
      }
      case BYTES -> {
        ByteString bs = (ByteString) v;
        return bs.isEmpty()
            ? "io.bufproto.api.internal.ProtoArrays.EMPTY_BYTES"
            : "io.bufproto.api.internal.ProtoValues.latin1(" + latin1Literal(bs) + ")";
      }
      case ENUM -> {
        return Integer.toString(((EnumValueDescriptor) v).getNumber());
      }
    }
    throw new AssertionError(type);
  }

  /** The zero value of a type, for map keys and values (which have no custom defaults). */
  static String zero(ScalarType type) {
    return switch (type) {
      case INT32, UINT32, SINT32, FIXED32, SFIXED32, ENUM -> "0";
      case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> "0L";
      case FLOAT -> "0f";
      case DOUBLE -> "0d";
      case BOOL -> "false";
      case STRING -> "\"\"";
      case BYTES -> "io.bufproto.api.internal.ProtoArrays.EMPTY_BYTES";
    };
  }

  static String floatLiteral(float f) {
    if (Float.isNaN(f)) {
      return "Float.NaN";
    }
    if (Float.isInfinite(f)) {
      return f > 0 ? "Float.POSITIVE_INFINITY" : "Float.NEGATIVE_INFINITY";
    }
    return Float.toString(f) + "f";
  }

  static String doubleLiteral(double d) {
    if (Double.isNaN(d)) {
      return "Double.NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Double.POSITIVE_INFINITY" : "Double.NEGATIVE_INFINITY";
    }
    return Double.toString(d) + "d";
  }

  /** A Java string literal; everything outside printable ASCII as a unicode escape. */
  static String stringLiteral(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\') {
        sb.append('\\').append(c);
      } else if (c >= 0x20 && c < 0x7f) {
        sb.append(c);
      } else if (c < 0x20 || c == 0x7f) {
        // Octal, not \\u: javac turns \\u000a into a line break even inside a literal.
        sb.append(String.format("\\%03o", (int) c));
      } else {
        sb.append(String.format("\\u%04x", (int) c));
      }
    }
    return sb.append('"').toString();
  }

  /** Bytes as a string literal of chars 0-255, decoded by {@code ProtoValues.latin1}. */
  private static String latin1Literal(ByteString bs) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < bs.size(); i++) {
      sb.append((char) (bs.byteAt(i) & 0xff));
    }
    return stringLiteral(sb.toString());
  }
}
