package io.bufproto.templates;

/**
 * How {@code io.bufproto.api.internal.MapEntries} stores a map key or value: as {@code long} bits
 * (numbers, bools, enum numbers) or as an object (strings, bytes, messages). Mirrors {@code
 * MapEntries.Box}; the expressions convert between a field's Java type and its storage.
 */
public enum MapBox {
  INT,
  LONG,
  BOOL,
  FLOAT,
  DOUBLE,
  OBJECT;

  /** The constant generated code passes to {@code MapEntries}. */
  public String constant() {
    return "io.bufproto.api.internal.MapEntries.Box." + name();
  }

  /** Expression: {@code v} as the {@code long} bits stored (not for {@link #OBJECT}). */
  public String toLong(String v) {
    switch (this) {
      case INT, LONG -> {
        return v;
      }
      case BOOL -> {
        return "(" + v + " ? 1L : 0L)";
      }
      case FLOAT -> {
        return "Float.floatToRawIntBits(" + v + ")";
      }
      case DOUBLE -> {
        return "Double.doubleToRawLongBits(" + v + ")";
      }
      case OBJECT -> {}
    }
    throw new AssertionError(this);
  }

  /** Expression: the {@code javaType} value that the stored {@code bits} (or object) hold. */
  public String fromStored(String stored, String javaType) {
    return switch (this) {
      case INT -> "(int) " + stored;
      case LONG -> stored;
      case BOOL -> "(" + stored + " != 0)";
      case FLOAT -> "Float.intBitsToFloat((int) " + stored + ")";
      case DOUBLE -> "Double.longBitsToDouble(" + stored + ")";
      case OBJECT -> "((" + javaType + ") " + stored + ")";
    };
  }
}
