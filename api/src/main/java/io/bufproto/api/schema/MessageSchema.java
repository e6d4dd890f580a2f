package io.bufproto.api.schema;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A message type's fields, as protoc resolved them: what the text and JSON formats need to name and
 * type the values they find on the wire. Generated classes build one on first use ({@code
 * _schema()}, also {@link io.bufproto.api.ProtoMessage#schema()}); message and enum types of fields
 * are resolved lazily, so types may refer to each other in cycles.
 */
public final class MessageSchema {

  private final String fullName;
  private final FieldSchema[] fields;

  /** {@code fields[i].number()}, ascending: {@link #indexOf} searches it. */
  private final int[] numbers;

  private final Map<Integer, FieldSchema> byNumber = new HashMap<>();
  private final Map<String, FieldSchema> byName = new HashMap<>();
  private final Set<String> reservedNames;

  private MessageSchema(String fullName, List<FieldSchema> fields, Set<String> reservedNames) {
    this.fullName = fullName;
    this.reservedNames = reservedNames;
    this.fields = fields.toArray(new FieldSchema[0]);
    Arrays.sort(this.fields, Comparator.comparingInt(FieldSchema::number));
    this.numbers = new int[this.fields.length];
    for (int i = 0; i < numbers.length; i++) {
      numbers[i] = this.fields[i].number();
    }
    for (FieldSchema f : this.fields) {
      byNumber.put(f.number(), f);
      byName.put(f.name(), f);
    }
    for (FieldSchema f : this.fields) {
      byName.putIfAbsent(f.jsonName(), f);
    }
  }

  /** Starts the schema of the message type {@code fullName} (fully qualified, no dot first). */
  public static Builder builder(String fullName) {
    return new Builder(fullName);
  }

  public String fullName() {
    return fullName;
  }

  /** How many fields the type declares. */
  public int fieldCount() {
    return fields.length;
  }

  /** The {@code i}-th field in field-number order. */
  public FieldSchema field(int i) {
    return fields[i];
  }

  /** The field numbered {@code number}, or null. */
  public FieldSchema fieldByNumber(int number) {
    return byNumber.get(number);
  }

  /** The field with this {@code .proto} name or, failing that, this JSON name; or null. */
  public FieldSchema fieldByName(String name) {
    return byName.get(name);
  }

  /** Whether the type reserves the field name {@code name} ({@code reserved "name";}). */
  public boolean isReservedName(String name) {
    return reservedNames.contains(name);
  }

  /** Where in {@link #field(int)} order {@code f} is. */
  public int indexOf(FieldSchema f) {
    // A binary search: Draft and WireMessage call this once per value.
    int i = Arrays.binarySearch(numbers, f.number());
    if (i >= 0 && fields[i] == f) {
      return i;
    }
    throw new IllegalArgumentException(f + " is not a field of " + fullName);
  }

  /**
   * This type with {@code extensions} (extension fields of it, {@link FieldSchema#extension}) among
   * its fields: the view the formats read a message through when given an extension registry.
   */
  public MessageSchema withExtensions(List<FieldSchema> extensions) {
    List<FieldSchema> all = new ArrayList<>(Arrays.asList(fields));
    for (FieldSchema e : extensions) {
      if (!e.isExtension() || byNumber.containsKey(e.number())) {
        throw new IllegalArgumentException(e + " is not an extension of " + fullName);
      }
      all.add(e);
    }
    return new MessageSchema(fullName, all, reservedNames);
  }

  @Override
  public String toString() {
    return fullName;
  }

  /** Collects fields in any order; {@link #build()} sorts them by number. */
  public static final class Builder {
    private final String fullName;
    private final List<FieldSchema> fields = new ArrayList<>();
    private Set<String> reservedNames = Set.of();

    private Builder(String fullName) {
      this.fullName = fullName;
    }

    /** A scalar, string or bytes field. */
    public Builder scalar(int number, String name, String jsonName, FieldType type, int flags) {
      if (type.isMessage() || type == FieldType.ENUM) {
        throw new IllegalArgumentException(name + ": " + type + " is not a scalar type");
      }
      return add(new FieldSchema(number, name, jsonName, name, type, flags, null, null));
    }

    /** An enum field; {@code type} is called on first use. */
    public Builder enumeration(
        int number, String name, String jsonName, int flags, Supplier<EnumSchema> type) {
      return add(new FieldSchema(number, name, jsonName, name, FieldType.ENUM, flags, type, null));
    }

    /** A message field; {@code type} is called on first use. */
    public Builder message(
        int number, String name, String jsonName, int flags, Supplier<MessageSchema> type) {
      return add(
          new FieldSchema(number, name, jsonName, name, FieldType.MESSAGE, flags, type, null));
    }

    /**
     * A group (delimited) field. {@code textName} is what the text format prints: the type's name
     * for a proto2 group, else the field's name.
     */
    public Builder group(
        int number,
        String name,
        String jsonName,
        String textName,
        int flags,
        Supplier<MessageSchema> type) {
      return add(
          new FieldSchema(number, name, jsonName, textName, FieldType.GROUP, flags, type, null));
    }

    /**
     * A map field. {@code valueSchema} supplies the value's {@link EnumSchema} or {@link
     * MessageSchema}, null for a scalar value. {@code flags}: 0, or {@link FieldSchema#VERIFY_UTF8}
     * when the entry's string key or value must be valid UTF-8.
     */
    public Builder map(
        int number,
        String name,
        String jsonName,
        FieldType keyType,
        FieldType valueType,
        int flags,
        Supplier<?> valueSchema) {
      int keyFlags = keyType == FieldType.STRING ? flags & FieldSchema.VERIFY_UTF8 : 0;
      int valueFlags = valueType == FieldType.STRING ? flags & FieldSchema.VERIFY_UTF8 : 0;
      MessageSchema entry =
          new MessageSchema(
              fullName + "." + name + "Entry",
              List.of(
                  new FieldSchema(1, "key", "key", "key", keyType, keyFlags, null, null),
                  new FieldSchema(
                      2, "value", "value", "value", valueType, valueFlags, valueSchema, null)),
              Set.of());
      return add(
          new FieldSchema(
              number,
              name,
              jsonName,
              name,
              FieldType.MESSAGE,
              FieldSchema.REPEATED | FieldSchema.MAP,
              null,
              entry));
    }

    private Builder add(FieldSchema f) {
      fields.add(f);
      return this;
    }

    /** The field names the type reserves. */
    public Builder reserved(String... names) {
      reservedNames = Set.of(names);
      return this;
    }

    public MessageSchema build() {
      return new MessageSchema(fullName, fields, reservedNames);
    }
  }
}
