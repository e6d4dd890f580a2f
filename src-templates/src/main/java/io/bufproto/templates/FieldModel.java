package io.bufproto.templates;

/**
 * Everything the templates need about one field, computed once by the generator. Names are
 * already clash-free; tags, presence expressions and defaults are ready to paste.
 *
 * @param kind which template renders the field
 * @param protoName the name in the {@code .proto} file (for toString and error messages)
 * @param number the field number
 * @param cap the capitalized Java name used in accessors ({@code FooBar})
 * @param capSingular the name used for one element of a repeated field ({@code Phone} for
 *     {@code phones}); equal to {@code cap} for singular fields
 * @param capPlural the name of the collection of a repeated field ({@code ReplicateTos} for
 *     {@code replicate_to}: {@code getReplicateTosCount()}); equal to {@code cap} for singular fields
 * @param var the storage field name ({@code fooBar_}); helper fields append a suffix
 * @param type the element's scalar type; {@code null} for messages
 * @param javaType the element's Java type: primitive, {@code String}, enum or message class
 * @param defaultValue Java expression of the default (singular fields)
 * @param presence where presence is recorded; {@code null} for repeated and map fields
 * @param explicitPresence whether {@code hasX()} exists and presence alone decides writing
 * @param tag the wire tag of one element in its natural encoding
 * @param packed whether a repeated field is written packed
 * @param delimited for message fields: group encoding (start/end tags) instead of a length prefix
 *     (proto2 {@code group}, editions {@code message_encoding = DELIMITED})
 * @param enumOpen for enum fields: whether unknown numbers are kept in the field
 * @param checkUtf8 for string fields: whether parsing rejects invalid UTF-8 (proto3, editions
 *     {@code utf8_validation = VERIFY}, {@code java_string_check_utf8}), as protobuf-java does
 * @param required whether the field is proto2 {@code required}
 * @param checkInit for message-typed fields: whether the child type has required fields
 * @param doc the {@code .proto} comment and the declaration, shown on every accessor
 * @param mapKey for maps: the key pseudo-field (number 1)
 * @param mapValue for maps: the value pseudo-field (number 2)
 */
public record FieldModel(
    Kind kind,
    String protoName,
    int number,
    String cap,
    String capSingular,
    String capPlural,
    String var,
    ScalarType type,
    String javaType,
    String defaultValue,
    Presence presence,
    boolean explicitPresence,
    int tag,
    boolean packed,
    boolean delimited,
    boolean enumOpen,
    boolean checkUtf8,
    boolean required,
    boolean checkInit,
    FieldDoc doc,
    FieldModel mapKey,
    FieldModel mapValue) {

  public boolean isEnum() {
    return type == ScalarType.ENUM;
  }

  public boolean isMessage() {
    return kind == Kind.MESSAGE || kind == Kind.REPEATED_MESSAGE;
  }

  /** The tag of the packed (length-delimited) encoding of a packable repeated field. */
  public int packedTag() {
    return (number << 3) | 2;
  }

  /** Expression reading one element value eagerly (map keys and values). */
  public String read(String buf, String end) {
    return type == ScalarType.STRING && checkUtf8
        ? "ProtoCodec.readStringChecked(" + buf + ", " + end + ")"
        : type.read(buf, end);
  }

  /** For a map's key or value pseudo-field: how {@code MapEntries} stores it. */
  public MapBox box() {
    return type == null ? MapBox.OBJECT : type.mapBox();
  }

  /** For a map field: expression, the position of {@code key} in {@code map}, or -1. */
  public String mapFind(String map, String key) {
    MapBox b = mapKey.box();
    return b == MapBox.OBJECT ? map + ".findObject(" + key + ")" : map + ".findLong(" + b.toLong(key) + ")";
  }

  /** For a map field: expression, the position of {@code key} in {@code map}, appended if absent. */
  public String mapPut(String map, String key) {
    MapBox b = mapKey.box();
    return b == MapBox.OBJECT ? map + ".putObject(" + key + ")" : map + ".putLong(" + b.toLong(key) + ")";
  }

  /** For a map field: expression, the key at position {@code i}. */
  public String mapKeyAt(String map, String i) {
    MapBox b = mapKey.box();
    return b.fromStored(map + (b == MapBox.OBJECT ? ".objectKey(" : ".longKey(") + i + ")", mapKey.type.javaType());
  }

  /** For a map field: expression, the value at position {@code i} (an enum's number). */
  public String mapValueAt(String map, String i) {
    MapBox b = mapValue.box();
    return b.fromStored(map + (b == MapBox.OBJECT ? ".objectValue(" : ".longValue(") + i + ")", mapValueType());
  }

  /** For a map field: statement, sets the value at position {@code i} (a scalar, not a message). */
  public String mapSetValue(String map, String i, String value) {
    MapBox b = mapValue.box();
    return b == MapBox.OBJECT
        ? map + ".setObjectValue(" + i + ", " + value + ");"
        : map + ".setLongValue(" + i + ", " + b.toLong(value) + ");";
  }

  /** For a map field: the Java type of one value as stored ({@code int} for enums). */
  public String mapValueType() {
    return mapValue.isMessage() ? mapValue.javaType : mapValue.type.javaType();
  }

  /** The end-group tag of a delimited message field; 0 for everything else. */
  public int endTag() {
    return delimited ? (number << 3) | 4 : 0;
  }

  public String writeEndTag(String out) {
    return writeTagValue(out, endTag());
  }

  /** The encoded size of {@link #tag()}. */
  public int tagSize() {
    return varintSize(tag);
  }

  public int packedTagSize() {
    return varintSize(packedTag());
  }

  /** Statement writing {@link #tag()} to {@code out}, unrolled for one- and two-byte tags. */
  public String writeTag(String out) {
    return writeTagValue(out, tag);
  }

  /**
   * Statement(s) writing the tag and {@code value}: one ProtoWriter call taking both for a
   * one-byte tag (one store where they fit), else the tag, then the value.
   */
  public String writeTagged(String out, String value) {
    if (Integer.compareUnsigned(tag, 0x80) < 0 && type.wireType() != 2) {
      return ScalarType.call("write" + type.stem(), out, tag + ", " + value);
    }
    return writeTag(out) + "\n" + type.write(out, value);
  }

  /** Statement(s) writing the tag and a length prefix, together for a one-byte tag. */
  public String writeTagAndLength(String out, String length) {
    if (Integer.compareUnsigned(tag, 0x80) < 0) {
      return ScalarType.call("writeTagVarint32", out, tag + ", " + length);
    }
    return writeTag(out) + "\n" + ScalarType.call("writeVarint32", out, length);
  }

  public String writePackedTag(String out) {
    return writeTagValue(out, packedTag());
  }

  /** Expression: the field is set (explicit) in the message {@code prefix} refers to. */
  public String has(String prefix) {
    return presence.test(prefix);
  }

  /** Expression: the field is not set. */
  public String hasNot(String prefix) {
    return presence.testNot(prefix);
  }

  /**
   * Expression: the field counts as present for writing, merging and equality: set, and for
   * implicit presence also different from the default, exactly as protobuf-java decides.
   */
  public String present(String prefix) {
    if (explicitPresence) {
      return has(prefix);
    }
    return has(prefix) + " && " + nonDefault(prefix);
  }

  private String nonDefault(String prefix) {
    switch (kind) {
      case STRING:
        return "(" + prefix + var + " != null ? !" + prefix + var + ".isEmpty() : " + prefix + var + "Len != 0)";
      case BYTES:
        return prefix + var + "Len != 0";
      default:
        return type.nonDefault(prefix + var);
    }
  }

  public String setHas() {
    return presence.set();
  }

  public String clearHas() {
    return presence.clear();
  }

  /** Tags compare unsigned: field numbers above 2^28 give tags that are negative ints. */
  private static String writeTagValue(String out, int tag) {
    if (Integer.compareUnsigned(tag, 0x80) < 0) {
      return ScalarType.call("writeByte", out, String.valueOf(tag));
    }
    if (Integer.compareUnsigned(tag, 0x4000) < 0) {
      // Stored little-endian: the first wire byte is the low byte of the short.
      int twoBytes = (tag >>> 7) << 8 | (tag & 0x7f) | 0x80;
      return ScalarType.call("writeShortLE", out, String.format("0x%04x", twoBytes));
    }
    return ScalarType.call("writeVarint32", out, String.valueOf(tag));
  }

  private static int varintSize(int v) {
    int bits = 32 - Integer.numberOfLeadingZeros(v | 1);
    return (bits * 9 + 64) >>> 6;
  }
}
