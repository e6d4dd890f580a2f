package io.bufproto.templates;

import java.util.Set;

/**
 * One value on the wire: a field's (each element of a repeated field), or a map entry's key or
 * value. Renders the tag and value statements, so templates never compute tags.
 *
 * @param type the scalar type-table row; {@code null} for messages
 * @param javaType the Java type: primitive, {@code String}, {@code byte[]}, enum or message class
 * @param defaultValue Java expression of the default ({@code "null"} for messages and repeated
 *     fields)
 * @param number the field number
 * @param tag the wire tag of one value in its natural encoding
 * @param traits the facts that hold (see {@link Trait})
 */
public record ValueModel(
    ScalarType type, String javaType, String defaultValue, int number, int tag, Set<Trait> traits) {

  public ValueModel {
    traits = Set.copyOf(traits);
  }

  public boolean is(Trait trait) {
    return traits.contains(trait);
  }

  public boolean isEnum() {
    return type == ScalarType.ENUM;
  }

  public boolean isMessage() {
    return type == null;
  }

  public boolean enumOpen() {
    return is(Trait.OPEN_ENUM);
  }

  public boolean checkInit() {
    return is(Trait.CHILD_REQUIRED);
  }

  /** Expression reading one value eagerly (map keys and values). */
  public String read(String buf, String in, String end) {
    return type == ScalarType.STRING && is(Trait.VERIFY_UTF8)
        ? ScalarType.reads("readStringChecked", buf, in, end)
        : type.read(buf, in, end);
  }

  /** How {@code MapEntries} stores this value as a map key or value. */
  public MapBox box() {
    return type == null ? MapBox.OBJECT : type.mapBox();
  }

  /** The tag of the packed (length-delimited) encoding of a packable repeated field. */
  public int packedTag() {
    return (number << 3) | 2;
  }

  /** The end-group tag of a {@link Trait#GROUP} message; 0 for everything else. */
  public int endTag() {
    return is(Trait.GROUP) ? (number << 3) | 4 : 0;
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

  public String writeEndTag(String out) {
    return writeTagValue(out, endTag());
  }

  public String writePackedTag(String out) {
    return writeTagValue(out, packedTag());
  }

  /**
   * Statement(s) writing the tag and {@code value}: one ProtoWriter call taking both for a one-byte
   * tag (one store where they fit), else the tag, then the value.
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
