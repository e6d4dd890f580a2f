package io.bufproto.api.schema;

import java.util.HashMap;
import java.util.Map;

/**
 * An enum type's values, as declared: names and numbers, aliases included. Generated enums build
 * one on first use ({@code _schema()}).
 */
public final class EnumSchema {

  private final String fullName;
  private final boolean closed;
  private final String[] names;
  private final int[] numbers;
  private final Map<Integer, String> nameByNumber = new HashMap<>();
  private final Map<String, Integer> numberByName = new HashMap<>();

  /**
   * @param fullName the fully qualified protobuf name
   * @param closed whether unknown numbers are rejected by a parse (proto2, editions CLOSED)
   * @param names the values' names in declaration order, aliases included
   * @param numbers their numbers, index for index
   */
  public EnumSchema(String fullName, boolean closed, String[] names, int[] numbers) {
    if (names.length != numbers.length) {
      throw new IllegalArgumentException("names and numbers differ in length");
    }
    this.fullName = fullName;
    this.closed = closed;
    this.names = names.clone();
    this.numbers = numbers.clone();
    for (int i = 0; i < names.length; i++) {
      nameByNumber.putIfAbsent(numbers[i], names[i]);
      numberByName.put(names[i], numbers[i]);
    }
  }

  public String fullName() {
    return fullName;
  }

  public boolean isClosed() {
    return closed;
  }

  /** The name of {@code number} (the first declared, for aliases), or null if it has none. */
  public String nameOf(int number) {
    return nameByNumber.get(number);
  }

  /** The number named {@code name}, aliases included, or null. */
  public Integer numberOf(String name) {
    return numberByName.get(name);
  }

  /** The number of the first declared value: the default of a field of this type. */
  public int defaultNumber() {
    return numbers.length == 0 ? 0 : numbers[0];
  }

  /** How many values are declared, aliases included. */
  public int size() {
    return names.length;
  }

  /** The {@code i}-th declared value's name. */
  public String name(int i) {
    return names[i];
  }

  @Override
  public String toString() {
    return fullName;
  }
}
