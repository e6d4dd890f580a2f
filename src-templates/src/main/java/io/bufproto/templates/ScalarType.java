package io.bufproto.templates;

/**
 * The type table: everything the emitted code needs to know about one protobuf value type, in one
 * row. Parse, write, size, copy, equals, hashCode and toString all read the same row; no template
 * or generator code compares type names.
 *
 * <p>{@code STRING} and {@code BYTES} rows describe eager values ({@code String}, {@code byte[]})
 * as used for map keys and values; singular and repeated string/bytes fields are lazy and have
 * their own templates.
 */
public enum ScalarType {
  //        java       boxed        wire fixed stem       text
  DOUBLE("double", "Double", 1, 8, "Double", "Double"),
  FLOAT("float", "Float", 5, 4, "Float", "Float"),
  INT64("long", "Long", 0, 0, "Int64", "Long"),
  UINT64("long", "Long", 0, 0, "UInt64", "UnsignedLong"),
  INT32("int", "Integer", 0, 0, "Int32", "Int"),
  FIXED64("long", "Long", 1, 8, "Fixed64", "UnsignedLong"),
  FIXED32("int", "Integer", 5, 4, "Fixed32", "UnsignedInt"),
  BOOL("boolean", "Boolean", 0, 1, "Bool", "Bool"),
  STRING("String", "String", 2, 0, "String", "String"),
  BYTES("byte[]", "byte[]", 2, 0, "Bytes", "Bytes"),
  UINT32("int", "Integer", 0, 0, "UInt32", "UnsignedInt"),
  ENUM("int", "Integer", 0, 0, "Enum", "Int"),
  SFIXED32("int", "Integer", 5, 4, "SFixed32", "Int"),
  SFIXED64("long", "Long", 1, 8, "SFixed64", "Long"),
  SINT32("int", "Integer", 0, 0, "SInt32", "Int"),
  SINT64("long", "Long", 0, 0, "SInt64", "Long");

  private final String javaType;
  private final String boxedType;
  private final int wireType;
  private final int fixedSize;
  private final String stem;
  private final String textStem;

  ScalarType(
      String javaType,
      String boxedType,
      int wireType,
      int fixedSize,
      String stem,
      String textStem) {
    this.javaType = javaType;
    this.boxedType = boxedType;
    this.wireType = wireType;
    this.fixedSize = fixedSize;
    this.stem = stem;
    this.textStem = textStem;
  }

  /** The Java type of one value: {@code int}, {@code long}, ..., {@code String}, {@code byte[]}. */
  public String javaType() {
    return javaType;
  }

  public String boxedType() {
    return boxedType;
  }

  /** The element type of a repeated field's backing array. */
  public String arrayType() {
    return javaType + "[]";
  }

  /** The shared empty array for a repeated field of this type. */
  public String emptyArray() {
    return "io.bufproto.api.internal.ProtoArrays.EMPTY_"
        + javaType.toUpperCase(java.util.Locale.ROOT).replace("[]", "S");
  }

  public int wireType() {
    return wireType;
  }

  /** Bytes per value when constant (fixed32/64, float, double, bool), else 0. */
  public int fixedSize() {
    return fixedSize;
  }

  /** Whether repeated fields of this type may use the packed encoding. */
  public boolean packable() {
    return wireType != 2;
  }

  public boolean isFloatingPoint() {
    return this == FLOAT || this == DOUBLE;
  }

  /**
   * Expression reading one value at the parse's position, from buffer {@code buf} or the runtime's
   * cursor {@code in} ({@code end} bounds length-delimited ones).
   */
  public String read(String buf, String in, String end) {
    return wireType == 2 || wireType == 0
        ? reads("read" + stem, buf, in, end)
        : reads("read" + stem, buf, in);
  }

  /** Expression reading one value of a packed run, from {@code buf} or {@code in}. */
  public String readInRun(String buf, String in) {
    return wireType == 0 ? reads("read" + stem + "InRun", buf, in) : reads("read" + stem, buf, in);
  }

  /**
   * The name part of this type's codec methods: {@code Int32} in {@code ProtoWriter.writeInt32}.
   */
  public String stem() {
    return stem;
  }

  /** Statement writing one value (no tag). */
  public String write(String out, String value) {
    return call("write" + stem, out, value);
  }

  /** A call of {@code ProtoReads.method} with {@code args}. */
  static String reads(String method, String... args) {
    return "io.bufproto.api.internal.ProtoReads." + method + "(" + String.join(", ", args) + ")";
  }

  /**
   * Statement calling the ProtoWriter method {@code method} on the target {@code out} at the
   * generated code's index {@code _at}, bounded by {@code _end}, and advancing {@code _at}.
   */
  static String call(String method, String out, String args) {
    return "_at = io.bufproto.api.internal.ProtoWriter."
        + method
        + "("
        + out
        + ", _at, _end, "
        + args
        + ");";
  }

  /** Expression: encoded size of one value, without its tag (with its length prefix if any). */
  public String size(String value) {
    return fixedSize > 0
        ? Integer.toString(fixedSize)
        : "io.bufproto.api.internal.ProtoCodec." + lowerStem() + "Size(" + value + ")";
  }

  /** Expression: whether a proto3 implicit-presence field holding {@code v} is written. */
  public String nonDefault(String v) {
    return switch (this) {
      case FLOAT -> "Float.floatToRawIntBits(" + v + ") != 0";
      case DOUBLE -> "Double.doubleToRawLongBits(" + v + ") != 0";
      case BOOL -> v;
      case STRING -> "!" + v + ".isEmpty()";
      case BYTES -> v + ".length != 0";
      case INT64,
          UINT64,
          INT32,
          FIXED64,
          FIXED32,
          UINT32,
          ENUM,
          SFIXED32,
          SFIXED64,
          SINT32,
          SINT64 ->
          v + " != 0";
    };
  }

  /** Expression: equality as protobuf-java's {@code equals} defines it (floats by bits). */
  public String equal(String a, String b) {
    return switch (this) {
      case FLOAT -> "Float.floatToIntBits(" + a + ") == Float.floatToIntBits(" + b + ")";
      case DOUBLE -> "Double.doubleToLongBits(" + a + ") == Double.doubleToLongBits(" + b + ")";
      case STRING -> a + ".equals(" + b + ")";
      case BYTES -> "java.util.Arrays.equals(" + a + ", " + b + ")";
      case INT64,
          UINT64,
          INT32,
          FIXED64,
          FIXED32,
          BOOL,
          UINT32,
          ENUM,
          SFIXED32,
          SFIXED64,
          SINT32,
          SINT64 ->
          a + " == " + b;
    };
  }

  /** Expression: hash of one value, consistent with {@link #equal}. */
  public String hash(String v) {
    return switch (this) {
      case FLOAT -> "Float.floatToIntBits(" + v + ")";
      case DOUBLE -> "Long.hashCode(Double.doubleToLongBits(" + v + "))";
      case BOOL -> "Boolean.hashCode(" + v + ")";
      case STRING -> v + ".hashCode()";
      case BYTES -> "java.util.Arrays.hashCode(" + v + ")";
      case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> "Long.hashCode(" + v + ")";
      case INT32, FIXED32, UINT32, ENUM, SFIXED32, SINT32 -> v;
    };
  }

  /** How a map key or value of this type is stored in {@code MapEntries}. */
  public MapBox mapBox() {
    return switch (this) {
      case INT32, UINT32, FIXED32, SFIXED32, SINT32, ENUM -> MapBox.INT;
      case INT64, UINT64, FIXED64, SFIXED64, SINT64 -> MapBox.LONG;
      case BOOL -> MapBox.BOOL;
      case FLOAT -> MapBox.FLOAT;
      case DOUBLE -> MapBox.DOUBLE;
      case STRING, BYTES -> MapBox.OBJECT;
    };
  }

  /** The {@code TextWriter} method that prints one value ({@code field<stem>}). */
  public String textMethod() {
    return "field" + textStem;
  }

  private String lowerStem() {
    return stem.toLowerCase(java.util.Locale.ROOT);
  }
}
