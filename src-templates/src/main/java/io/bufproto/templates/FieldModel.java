package io.bufproto.templates;

/**
 * Everything the templates need about one field, computed once by the generator: names, the value's
 * type and encoding, presence, documentation and, for maps, the entry. Names are already
 * clash-free; tags, presence expressions and defaults are ready to paste. The short methods below
 * are the names the templates read; they only forward to the parts.
 *
 * @param kind which template renders the field
 * @param names the field's Java and {@code .proto} names
 * @param value one value (each element of a repeated field); for a map field, the entry message as
 *     a whole (use {@link #map})
 * @param presence where presence is recorded; {@code null} for repeated and map fields
 * @param doc the {@code .proto} comment and the declaration, shown on every accessor
 * @param map for maps: the entry's key and value; {@code null} for the other kinds
 * @param format the field's entry in the message's schema (text and JSON formats)
 */
public record FieldModel(
    Kind kind,
    FieldNames names,
    ValueModel value,
    Presence presence,
    FieldDoc doc,
    MapModel map,
    FieldFormat format) {

  public String protoName() {
    return names.proto();
  }

  public String cap() {
    return names.cap();
  }

  public String capSingular() {
    return names.singular();
  }

  public String capPlural() {
    return names.plural();
  }

  public String var() {
    return names.var();
  }

  public int number() {
    return value.number();
  }

  public int tag() {
    return value.tag();
  }

  /** The element's scalar type; {@code null} for messages and maps. */
  public ScalarType type() {
    return value.type();
  }

  public String javaType() {
    return value.javaType();
  }

  public String defaultValue() {
    return value.defaultValue();
  }

  public boolean isEnum() {
    return value.isEnum();
  }

  public boolean isMessage() {
    return kind == Kind.MESSAGE || kind == Kind.REPEATED_MESSAGE;
  }

  public boolean explicitPresence() {
    return value.is(Trait.EXPLICIT_PRESENCE);
  }

  public boolean required() {
    return value.is(Trait.REQUIRED);
  }

  public boolean packed() {
    return value.is(Trait.PACKED);
  }

  public boolean delimited() {
    return value.is(Trait.GROUP);
  }

  public boolean enumOpen() {
    return value.enumOpen();
  }

  public boolean checkUtf8() {
    return value.is(Trait.VERIFY_UTF8);
  }

  public boolean checkInit() {
    return value.checkInit();
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
    if (explicitPresence()) {
      return has(prefix);
    }
    return has(prefix) + " && " + nonDefault(prefix);
  }

  private String nonDefault(String prefix) {
    String v = prefix + var();
    return switch (kind) {
      case STRING -> "(" + v + " != null ? !" + v + ".isEmpty() : " + v + "Len != 0)";
      case BYTES -> v + "Len != 0";
      default -> type().nonDefault(v);
    };
  }

  /** Statement: marks the field set, in a parse. */
  public String setHas() {
    return presence.set();
  }

  /** Statement: marks the field set, in a setter (see {@link Presence#setBySetter()}). */
  public String setBySetter() {
    return presence.setBySetter();
  }

  public String clearHas() {
    return presence.clear();
  }
}
