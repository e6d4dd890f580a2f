package io.bufproto.api.schema;

import java.util.function.Supplier;

/**
 * One field of a {@link MessageSchema}: its number, names and type, as protoc resolved them.
 * Generated code builds these through {@link MessageSchema.Builder}; the text and JSON formats read
 * them.
 */
public final class FieldSchema {

  /** Flag: the field is repeated (or a map). */
  public static final int REPEATED = 1;

  /** Flag: a singular field that tracks presence (protobuf-java's {@code hasPresence()}). */
  public static final int PRESENCE = 2;

  /** Flag: a repeated scalar field written packed. */
  public static final int PACKED = 4;

  /** Flag: a proto2 (or editions LEGACY_REQUIRED) required field. */
  public static final int REQUIRED = 16;

  static final int MAP = 8;

  /**
   * Flag: a string field whose values must be valid UTF-8 (proto3, editions {@code utf8_validation
   * = VERIFY}): the binary parse checks them, and the text format refuses a malformed one.
   */
  public static final int VERIFY_UTF8 = 32;

  /**
   * Flag: an extension ({@code extend} in a {@code .proto} file), whose {@link #name()} is its full
   * name; see {@link #extension}.
   */
  public static final int EXTENSION = 64;

  private static final int ONEOF_SHIFT = 8;

  /** The flag that puts a field in the message's {@code index}-th oneof (declaration order). */
  public static int oneof(int index) {
    return (index + 1) << ONEOF_SHIFT;
  }

  private final int number;
  private final String name;
  private final String jsonName;
  private final String textName;
  private final FieldType type;
  private final int flags;
  private final Supplier<?> typeSchema;
  private final MessageSchema mapEntry;

  FieldSchema(
      int number,
      String name,
      String jsonName,
      String textName,
      FieldType type,
      int flags,
      Supplier<?> typeSchema,
      MessageSchema mapEntry) {
    this.number = number;
    this.name = name;
    this.jsonName = jsonName;
    this.textName = textName;
    this.type = type;
    this.flags = flags;
    this.typeSchema = typeSchema;
    this.mapEntry = mapEntry;
  }

  /**
   * An extension field: {@code fullName} is its full name ({@code pkg.Scope.name}); its JSON and
   * text names are that name between brackets, as the formats print it. {@code typeSchema} supplies
   * the {@link MessageSchema} of a message or group, the {@link EnumSchema} of an enum, null
   * otherwise. {@link #EXTENSION} is added to {@code flags}.
   */
  public static FieldSchema extension(
      int number, String fullName, FieldType type, int flags, Supplier<?> typeSchema) {
    if ((type.isMessage() || type == FieldType.ENUM) != (typeSchema != null)) {
      throw new IllegalArgumentException(
          fullName + ": a type schema is needed exactly for " + type);
    }
    String bracketed = "[" + fullName + "]";
    return new FieldSchema(
        number, fullName, bracketed, bracketed, type, flags | EXTENSION, typeSchema, null);
  }

  public int number() {
    return number;
  }

  /** The name in the {@code .proto} file. */
  public String name() {
    return name;
  }

  /** The JSON name: {@code json_name} if declared, else the lowerCamelCase name protoc derives. */
  public String jsonName() {
    return jsonName;
  }

  /** The name the text format prints: the group's type name for a group, else {@link #name()}. */
  public String textName() {
    return textName;
  }

  /** The type; a map field is a repeated {@link FieldType#MESSAGE} of its entry type. */
  public FieldType type() {
    return type;
  }

  public boolean isRepeated() {
    return (flags & REPEATED) != 0;
  }

  public boolean isMap() {
    return (flags & MAP) != 0;
  }

  public boolean isPacked() {
    return (flags & PACKED) != 0;
  }

  /** Whether the field's strings must be valid UTF-8 ({@link #VERIFY_UTF8}). */
  public boolean verifiesUtf8() {
    return (flags & VERIFY_UTF8) != 0;
  }

  /** Whether this is an extension ({@link #EXTENSION}). */
  public boolean isExtension() {
    return (flags & EXTENSION) != 0;
  }

  public boolean isRequired() {
    return (flags & REQUIRED) != 0;
  }

  /** Whether the field tracks presence: repeated fields and proto3 implicit scalars do not. */
  public boolean hasPresence() {
    return (flags & PRESENCE) != 0;
  }

  /** The index of the oneof holding this field, or -1. */
  public int oneofIndex() {
    return (flags >>> ONEOF_SHIFT) - 1;
  }

  /** The message type of a {@link FieldType#MESSAGE} or {@link FieldType#GROUP} field. */
  public MessageSchema messageType() {
    if (mapEntry != null) {
      return mapEntry;
    }
    if (!type.isMessage()) {
      throw new IllegalStateException(name + " is not a message field");
    }
    return (MessageSchema) typeSchema.get();
  }

  /** The enum type of an {@link FieldType#ENUM} field. */
  public EnumSchema enumType() {
    if (type != FieldType.ENUM) {
      throw new IllegalStateException(name + " is not an enum field");
    }
    return (EnumSchema) typeSchema.get();
  }

  /** A map field's key (number 1 of its entry). */
  public FieldSchema mapKey() {
    return messageType().field(0);
  }

  /** A map field's value (number 2 of its entry). */
  public FieldSchema mapValue() {
    return messageType().field(1);
  }

  @Override
  public String toString() {
    return name + " = " + number + " (" + type + ")";
  }
}
