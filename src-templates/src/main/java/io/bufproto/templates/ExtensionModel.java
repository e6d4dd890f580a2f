package io.bufproto.templates;

/**
 * One {@code extend} field, rendered as an {@code io.bufproto.api.Extension} constant.
 *
 * @param constName the constant's name (protobuf-java's: the field name in lowerCamelCase)
 * @param declaration the field as declared in the {@code .proto} file, for the Javadoc
 * @param fullName the extension's full name ({@code pkg.Scope.name})
 * @param number the field number
 * @param extendee the extended message's full protobuf name
 * @param extendeeJava the extended message's generated class
 * @param valueJava the value's Java type ({@code T} of {@code Extension<M, T>}; a list for a
 *     repeated extension)
 * @param factory the {@code Extension} factory: {@code scalar}, {@code enumeration} or {@code
 *     message}
 * @param fieldType the {@code FieldType} constant
 * @param flags the {@code FieldSchema} flags expression
 * @param typeJava the message or enum class of the value, else null
 * @param defaultValue a singular scalar's or enum's default as a Java expression, else null
 * @param openEnum whether the value is an open enum (its undeclared values are {@code
 *     UNRECOGNIZED})
 */
public record ExtensionModel(
    String constName,
    String declaration,
    String fullName,
    int number,
    String extendee,
    String extendeeJava,
    String valueJava,
    String factory,
    String fieldType,
    String flags,
    String typeJava,
    String defaultValue,
    boolean openEnum) {

  /** The constant's Javadoc: what it extends, and the declaration. */
  public String javadoc() {
    return new FieldDoc("", declaration).javadoc("Extends {@code " + extendee + "}.");
  }

  /** The {@code FieldSchema.extension(...)} call. */
  public String schemaCall() {
    return "io.bufproto.api.schema.FieldSchema.extension("
        + number
        + ", "
        + FieldFormat.quote(fullName)
        + ", io.bufproto.api.schema.FieldType."
        + fieldType
        + ", "
        + flags
        + ", "
        + (typeJava == null ? "null" : typeJava + "::_schema")
        + ")";
  }

  /** The arguments after the schema in the {@link #factory} call. */
  public String factoryTail() {
    return switch (factory) {
      case "scalar" -> defaultValue;
      case "enumeration" ->
          defaultValue
              + ", "
              + typeJava
              + "::forNumber, "
              + (openEnum ? typeJava + ".UNRECOGNIZED" : "null");
      case "message" -> typeJava + "::new";
      default -> throw new IllegalStateException(factory);
    };
  }
}
