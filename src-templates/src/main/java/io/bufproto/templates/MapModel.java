package io.bufproto.templates;

/**
 * A map field's entry: its key (number 1) and value (number 2), and the expressions that reach them
 * in a {@code MapEntries} table.
 */
public record MapModel(ValueModel key, ValueModel value) {

  /** Expression: the position of {@code k} in {@code map}, or -1. */
  public String find(String map, String k) {
    MapBox b = key.box();
    return b == MapBox.OBJECT
        ? map + ".findObject(" + k + ")"
        : map + ".findLong(" + b.toLong(k) + ")";
  }

  /** Expression: the position of {@code k} in {@code map}, appended if absent. */
  public String put(String map, String k) {
    MapBox b = key.box();
    return b == MapBox.OBJECT
        ? map + ".putObject(" + k + ")"
        : map + ".putLong(" + b.toLong(k) + ")";
  }

  /** Expression: the key at position {@code i}. */
  public String keyAt(String map, String i) {
    MapBox b = key.box();
    return b.fromStored(
        map + (b == MapBox.OBJECT ? ".objectKey(" : ".longKey(") + i + ")", key.type().javaType());
  }

  /** Expression: the value at position {@code i} (an enum's number). */
  public String valueAt(String map, String i) {
    MapBox b = value.box();
    return b.fromStored(
        map + (b == MapBox.OBJECT ? ".objectValue(" : ".longValue(") + i + ")", valueType());
  }

  /** Statement: sets the value at position {@code i} (a scalar, not a message). */
  public String setValue(String map, String i, String v) {
    MapBox b = value.box();
    return b == MapBox.OBJECT
        ? map + ".setObjectValue(" + i + ", " + v + ");"
        : map + ".setLongValue(" + i + ", " + b.toLong(v) + ");";
  }

  /** The Java type of one value as stored ({@code int} for enums). */
  public String valueType() {
    return value.isMessage() ? value.javaType() : value.type().javaType();
  }
}
