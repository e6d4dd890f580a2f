package io.bufproto.templates;

/**
 * How {@code io.bufproto.api.internal.MapEntries} stores a map key or value: as {@code long} bits
 * (numbers, bools, enum numbers) or as an object (strings, bytes, messages). Mirrors
 * {@code MapEntries.Box}; the expressions convert between a field's Java type and its storage.
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
    return "MapEntries.Box." + name();
  }

  /** Expression: {@code v} as the {@code long} bits stored (not for {@link #OBJECT}). */
  public String toLong(String v) {
    switch (this) {
      case INT:
      case LONG:
        return v;
      case BOOL:
        return "(" + v + " ? 1L : 0L)";
      case FLOAT:
        return "Float.floatToRawIntBits(" + v + ")";
      case DOUBLE:
        return "Double.doubleToRawLongBits(" + v + ")";
      case OBJECT:
        break;
    }
    throw new AssertionError(this);
  }

  /** Expression: the {@code javaType} value that the stored {@code bits} (or object) hold. */
  public String fromStored(String stored, String javaType) {
    switch (this) {
      case INT:
        return "(int) " + stored;
      case LONG:
        return stored;
      case BOOL:
        return "(" + stored + " != 0)";
      case FLOAT:
        return "Float.intBitsToFloat((int) " + stored + ")";
      case DOUBLE:
        return "Double.longBitsToDouble(" + stored + ")";
      case OBJECT:
        return "((" + javaType + ") " + stored + ")";
    }
    throw new AssertionError(this);
  }
}
