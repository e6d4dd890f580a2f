package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.schema.EnumSchema;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import io.bufproto.api.schema.MessageSchema;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Base64;
import java.util.Map;

/**
 * Turns a JSON tree into a message's wire bytes by its schema, with protobuf-java JsonFormat's
 * rules: fields by JSON or {@code .proto} name, a field given twice (by both names) refused, {@code
 * null} meaning "not set", numbers from JSON numbers or strings (so {@code "1e2"} is an int32 100),
 * enums by name or number, and the well-known types' forms ({@link WellKnownJsonParser}).
 *
 * <p>Strict (protobuf's spec, the default), each value must be of its field's JSON kind: a bool a
 * JSON {@code true} or {@code false}, a string or bytes a JSON string, a number a JSON number or
 * string, one value not an array. JsonFormat takes any primitive's text and the one element of a
 * one-element array instead ({@code "true"} for a bool, {@code 12345} for a string); so does this
 * class when not strict.
 */
final class JsonToWire {

  /** protobuf-java's default recursion limit for nested messages. */
  static final int RECURSION_LIMIT = 100;

  private static final BigDecimal MAX_UINT32 = new BigDecimal(0xFFFFFFFFL);
  private static final BigDecimal MAX_UINT64 =
      new BigDecimal(new BigInteger("FFFFFFFFFFFFFFFF", 16));
  private static final int MAX_NUMERIC_STRING_LENGTH = 1000;
  private static final double EPSILON = 1e-6;
  private static final BigDecimal MORE_THAN_ONE = new BigDecimal(String.valueOf(1.0 + EPSILON));
  private static final BigDecimal MAX_DOUBLE =
      new BigDecimal(String.valueOf(Double.MAX_VALUE)).multiply(MORE_THAN_ONE);
  private static final BigDecimal MIN_DOUBLE =
      new BigDecimal(String.valueOf(-Double.MAX_VALUE)).multiply(MORE_THAN_ONE);

  final boolean ignoreUnknown;
  final boolean strict;
  final TypeRegistry registry;
  private int depth;

  JsonToWire(boolean ignoreUnknown, boolean strict, TypeRegistry registry) {
    this.ignoreUnknown = ignoreUnknown;
    this.strict = strict;
    this.registry = registry;
  }

  /** The fields of a message of type {@code schema} that {@code json} describes. */
  Draft message(MessageSchema schema, JsonTree.Value json) {
    Draft d = new Draft(registry.view(schema));
    if (!WellKnownJsonParser.merge(this, d, json)) {
      mergeFields(d, json, false);
    }
    return d;
  }

  /** A message's fields from a JSON object; {@code @type} skipped inside an {@code Any}. */
  void mergeFields(Draft d, JsonTree.Value json, boolean skipTypeUrl) {
    if (json.kind() != JsonTree.Kind.OBJECT) {
      throw new InvalidProtobufException("Expect message object but got: " + json);
    }
    for (Map.Entry<String, JsonTree.Value> e : json.members().entrySet()) {
      if (skipTypeUrl && e.getKey().equals("@type")) {
        continue;
      }
      FieldSchema f = d.schema.fieldByName(e.getKey());
      if (f == null) {
        if (ignoreUnknown) {
          continue;
        }
        throw new InvalidProtobufException(
            "Cannot find field: " + e.getKey() + " in message " + d.schema.fullName());
      }
      mergeField(d, f, e.getValue());
    }
  }

  private void mergeField(Draft d, FieldSchema f, JsonTree.Value json) {
    if (d.has(f)) {
      throw new InvalidProtobufException(
          "Field " + d.schema.fullName() + "." + f.name() + " has already been set.");
    }
    if (f.isRepeated() && json.isNull()) {
      return;
    }
    if (f.isMap()) {
      mergeMap(d, f, json);
    } else if (f.isRepeated()) {
      if (json.kind() != JsonTree.Kind.ARRAY) {
        throw new InvalidProtobufException(
            "Expected an array for " + f.name() + " but found " + json);
      }
      for (JsonTree.Value e : json.elements()) {
        Object v = value(f, e);
        if (v == null) {
          if (ignoreUnknown && f.type() == FieldType.ENUM) {
            continue;
          }
          throw new InvalidProtobufException(
              "Repeated field elements cannot be null in field: "
                  + d.schema.fullName()
                  + "."
                  + f.name());
        }
        d.add(f, v);
      }
    } else {
      Object v = value(f, json);
      if (v == null) {
        return;
      }
      if (f.oneofIndex() >= 0) {
        FieldSchema other = d.oneofMember(f.oneofIndex());
        if (other != null) {
          throw new InvalidProtobufException(
              "Cannot set field "
                  + d.schema.fullName()
                  + "."
                  + f.name()
                  + " because another field "
                  + d.schema.fullName()
                  + "."
                  + other.name()
                  + " belonging to the same oneof has already been set ");
        }
      }
      d.set(f, v);
    }
  }

  private void mergeMap(Draft d, FieldSchema f, JsonTree.Value json) {
    if (json.kind() != JsonTree.Kind.OBJECT) {
      throw new InvalidProtobufException("Expect a map object but found: " + json);
    }
    FieldSchema key = f.mapKey();
    FieldSchema value = f.mapValue();
    for (Map.Entry<String, JsonTree.Value> e : json.members().entrySet()) {
      Object k =
          key.type() == FieldType.BOOL
              ? bool(e.getKey())
              : value(key, new JsonTree.Value(JsonTree.Kind.STRING, e.getKey(), null, null));
      Object v = value(value, e.getValue());
      if (v == null) {
        if (ignoreUnknown && value.type() == FieldType.ENUM) {
          continue;
        }
        throw new InvalidProtobufException("Map value cannot be null.");
      }
      Draft entry = Draft.mapEntry(f);
      entry.set(key, k);
      entry.set(value, v);
      d.add(f, entry.toBytes());
    }
  }

  /**
   * One value of field {@code f}; null where JSON's null (or an ignored enum name) sets nothing.
   */
  Object value(FieldSchema f, JsonTree.Value json) {
    if (json.isNull()) {
      if (f.type().isMessage() && f.messageType().fullName().equals("google.protobuf.Value")) {
        return WellKnownJsonParser.nullValue(f.messageType());
      }
      if (f.type() == FieldType.ENUM
          && f.enumType().fullName().equals("google.protobuf.NullValue")) {
        return 0;
      }
      return null;
    }
    if (json.kind() == JsonTree.Kind.OBJECT && !f.type().isMessage()) {
      throw new InvalidProtobufException(
          "Invalid value: " + json + " for expected type: " + f.type());
    }
    if (strict && !isKindOf(f.type(), json.kind())) {
      throw new InvalidProtobufException(
          "Invalid value: "
              + json
              + " for "
              + f.type()
              + " field "
              + f.name()
              + JsonTree.SPEC_ONLY);
    }
    return switch (f.type()) {
      case INT32, SINT32, SFIXED32 -> int32(json);
      case INT64, SINT64, SFIXED64 -> int64(json);
      case BOOL -> bool(json.asString());
      case FLOAT -> float32(json);
      case DOUBLE -> float64(json);
      case UINT32, FIXED32 -> uint32(json);
      case UINT64, FIXED64 -> uint64(json);
      case STRING -> json.asString();
      case BYTES -> bytes(json.asString());
      case ENUM -> enumNumber(f.enumType(), json);
      case MESSAGE, GROUP -> child(f.messageType(), json);
    };
  }

  /** A nested message, written; refused if required fields are missing (protobuf's build()). */
  byte[] child(MessageSchema type, JsonTree.Value json) {
    if (depth >= RECURSION_LIMIT) {
      throw new InvalidProtobufException("Hit recursion limit.");
    }
    depth++;
    Draft d = message(type, json);
    depth--;
    return built(d);
  }

  /** The draft's bytes, refused if a required field is missing. */
  static byte[] built(Draft d) {
    String missing = d.missingRequired();
    if (!missing.isEmpty()) {
      throw new InvalidProtobufException(
          "Message " + d.schema.fullName() + " missing required fields: " + missing);
    }
    return d.toBytes();
  }

  void enter() {
    if (depth >= RECURSION_LIMIT) {
      throw new InvalidProtobufException("Hit recursion limit.");
    }
    depth++;
  }

  void leave() {
    depth--;
  }

  static int int32(JsonTree.Value json) {
    String s = json.asString();
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      // not a plain integer: try it as a decimal, below
    }
    try {
      return decimal(s).intValueExact();
    } catch (RuntimeException e) {
      throw new InvalidProtobufException("Not an int32 value: " + json, e);
    }
  }

  static long int64(JsonTree.Value json) {
    String s = json.asString();
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      // not a plain integer: try it as a decimal, below
    }
    try {
      return decimal(s).longValueExact();
    } catch (RuntimeException e) {
      throw new InvalidProtobufException("Not an int64 value: " + json, e);
    }
  }

  static int uint32(JsonTree.Value json) {
    String s = json.asString();
    BigDecimal v;
    try {
      v = decimal(s);
    } catch (RuntimeException e) {
      throw new InvalidProtobufException("Not an uint32 value: " + json, e);
    }
    if (v.signum() < 0 || v.compareTo(MAX_UINT32) > 0) {
      throw new InvalidProtobufException("Out of range uint32 value: " + json);
    }
    if (v.remainder(BigDecimal.ONE).signum() != 0) {
      throw new InvalidProtobufException("Not an uint32 value: " + json);
    }
    return v.intValue();
  }

  static long uint64(JsonTree.Value json) {
    String s = json.asString();
    try {
      return Long.parseUnsignedLong(s);
    } catch (NumberFormatException e) {
      // not a plain unsigned integer: try it as a decimal, below
    }
    BigDecimal v;
    try {
      v = decimal(s);
    } catch (RuntimeException e) {
      throw new InvalidProtobufException("Not an uint64 value: " + json, e);
    }
    if (v.signum() < 0 || v.compareTo(MAX_UINT64) > 0) {
      throw new InvalidProtobufException("Out of range uint64 value: " + json);
    }
    if (v.remainder(BigDecimal.ONE).signum() != 0) {
      throw new InvalidProtobufException("Not an uint64 value: " + json);
    }
    return v.longValue();
  }

  private static BigDecimal decimal(String s) {
    if (s.length() > MAX_NUMERIC_STRING_LENGTH) {
      throw new InvalidProtobufException(
          "Numeric value is too long: " + s.length() + " characters");
    }
    return new BigDecimal(s);
  }

  /**
   * Whether protobuf's spec allows a JSON value of kind {@code kind} for a field of {@code type}.
   */
  private static boolean isKindOf(FieldType type, JsonTree.Kind kind) {
    return switch (type) {
      case BOOL -> kind == JsonTree.Kind.BOOLEAN;
      case STRING, BYTES -> kind == JsonTree.Kind.STRING;
      case MESSAGE, GROUP -> true; // the well-known types' forms are checked where they are read
      default -> kind == JsonTree.Kind.NUMBER || kind == JsonTree.Kind.STRING; // numbers, enums
    };
  }

  /** A bool from its JSON text, or a map key's. */
  private static boolean bool(String text) {
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new InvalidProtobufException("Invalid bool value: " + text);
    };
  }

  private static float float32(JsonTree.Value json) {
    String s = json.asString();
    Float special =
        switch (s) {
          case "NaN" -> Float.NaN;
          case "Infinity" -> Float.POSITIVE_INFINITY;
          case "-Infinity" -> Float.NEGATIVE_INFINITY;
          default -> null;
        };
    if (special != null) {
      return special;
    }
    double v;
    try {
      v = Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw new InvalidProtobufException("Not a float value: " + json, e);
    }
    if (v > Float.MAX_VALUE * (1.0 + EPSILON) || v < -Float.MAX_VALUE * (1.0 + EPSILON)) {
      throw new InvalidProtobufException("Out of range float value: " + json);
    }
    return (float) v;
  }

  static double float64(JsonTree.Value json) {
    String s = json.asString();
    Double special =
        switch (s) {
          case "NaN" -> Double.NaN;
          case "Infinity" -> Double.POSITIVE_INFINITY;
          case "-Infinity" -> Double.NEGATIVE_INFINITY;
          default -> null;
        };
    if (special != null) {
      return special;
    }
    BigDecimal v;
    try {
      v = decimal(s);
    } catch (RuntimeException e) {
      throw new InvalidProtobufException("Not a double value: " + json, e);
    }
    if (v.compareTo(MAX_DOUBLE) > 0 || v.compareTo(MIN_DOUBLE) < 0) {
      throw new InvalidProtobufException("Out of range double value: " + json);
    }
    return v.doubleValue();
  }

  /** Base64, standard alphabet or else URL-safe, padding optional (java.util.Base64's rules). */
  private static byte[] bytes(String s) {
    try {
      return Base64.getDecoder().decode(s);
    } catch (IllegalArgumentException e) {
      try {
        return Base64.getUrlDecoder().decode(s);
      } catch (IllegalArgumentException e2) {
        throw new InvalidProtobufException("Not base64: " + e2.getMessage(), e2);
      }
    }
  }

  /** An enum by name, or by number (unknown numbers only for open enums); null if ignored. */
  private Integer enumNumber(EnumSchema e, JsonTree.Value json) {
    String name;
    try {
      name = json.asString();
    } catch (InvalidProtobufException notPrimitive) {
      throw new InvalidProtobufException(
          "Invalid enum value: " + json + " for enum type: " + e.fullName(), notPrimitive);
    }
    Integer byName = e.numberOf(name);
    if (byName != null) {
      return byName;
    }
    try {
      int n = int32(json);
      if (!e.isClosed() || e.nameOf(n) != null) {
        return n;
      }
    } catch (InvalidProtobufException notANumber) {
      // neither a name nor a number: refused or ignored below
    }
    if (!ignoreUnknown) {
      throw new InvalidProtobufException(
          "Invalid enum value: " + json + " for enum type: " + e.fullName());
    }
    return null;
  }
}
