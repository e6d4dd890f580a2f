package io.bufproto.api;

import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * One {@code extend} field of a {@code .proto} file: the generator makes one constant per extension
 * (a static field of the class of the message that declares it, or of the file's {@code
 * <Outer>Extensions} class for one declared at file level), as protobuf-java's {@code
 * GeneratedExtension}.
 *
 * <p>{@code T} is the value's Java type: {@code Integer}, {@code Long}, {@code Float}, {@code
 * Double}, {@code Boolean}, {@code String}, {@code byte[]} (bytes), the generated enum or message
 * class; a repeated extension's is a {@code List} of those. An extendable message reads and writes
 * the value with {@code getExtension}, {@code setExtension} and the rest (see the guide's
 * "Extensions"); {@link ExtensionRegistry} lets a parse, and the JSON and text formats, find it by
 * number or name.
 *
 * <p>Immutable and shared.
 *
 * @param <M> the extended message type
 * @param <T> the value's Java type
 */
@SuppressWarnings("UnusedTypeParameter") // M and T type the accessors' arguments and results
public final class Extension<M extends ProtoMessage<M>, T> {

  private final String extendee;
  private final FieldSchema field;
  private final Object defaultValue;
  private final Supplier<? extends ProtoMessage<?>> messageFactory;
  private final IntFunction<? extends ProtoEnum> enumForNumber;
  private final ProtoEnum unrecognized;

  private Extension(
      String extendee,
      FieldSchema field,
      Object defaultValue,
      Supplier<? extends ProtoMessage<?>> messageFactory,
      IntFunction<? extends ProtoEnum> enumForNumber,
      ProtoEnum unrecognized) {
    if (!field.isExtension()) {
      throw new IllegalArgumentException(field + " is not an extension field");
    }
    this.extendee = extendee;
    this.field = field;
    this.defaultValue = defaultValue;
    this.messageFactory = messageFactory;
    this.enumForNumber = enumForNumber;
    this.unrecognized = unrecognized;
  }

  /**
   * Generated-code API: a scalar, string or bytes extension of {@code extendee} (its full name);
   * {@code defaultValue} is the singular value's default (boxed; ignored when repeated).
   */
  public static <M extends ProtoMessage<M>, T> Extension<M, T> scalar(
      String extendee, FieldSchema field, Object defaultValue) {
    if (field.type().isMessage() || field.type() == FieldType.ENUM) {
      throw new IllegalArgumentException(field + " is not a scalar extension");
    }
    return new Extension<>(extendee, field, defaultValue, null, null, null);
  }

  /**
   * Generated-code API: an enum extension. {@code forNumber} maps a number to its constant (null
   * when undeclared); {@code unrecognized} is an open enum's {@code UNRECOGNIZED} (null for a
   * closed enum, whose undeclared values a parse keeps as unknown fields, as protobuf-java does).
   */
  public static <M extends ProtoMessage<M>, T> Extension<M, T> enumeration(
      String extendee,
      FieldSchema field,
      ProtoEnum defaultValue,
      IntFunction<? extends ProtoEnum> forNumber,
      ProtoEnum unrecognized) {
    return new Extension<>(extendee, field, defaultValue, null, forNumber, unrecognized);
  }

  /** Generated-code API: a message or group extension; {@code factory} makes an empty value. */
  public static <M extends ProtoMessage<M>, T> Extension<M, T> message(
      String extendee, FieldSchema field, Supplier<? extends ProtoMessage<?>> factory) {
    if (!field.type().isMessage()) {
      throw new IllegalArgumentException(field + " is not a message extension");
    }
    return new Extension<>(extendee, field, null, factory, null, null);
  }

  /** The field number. */
  public int number() {
    return field.number();
  }

  /** The extension's full name, as written between brackets in JSON and text format. */
  public String fullName() {
    return field.name();
  }

  /** The full name of the message type this extends. */
  public String extendee() {
    return extendee;
  }

  /** The field's schema (its {@link FieldSchema#name()} is the extension's full name). */
  public FieldSchema field() {
    return field;
  }

  public FieldType type() {
    return field.type();
  }

  public boolean isRepeated() {
    return field.isRepeated();
  }

  /** A singular extension's value when it is not set: its default, or an empty message. */
  public Object defaultValue() {
    if (messageFactory != null) {
      return messageFactory.get();
    }
    return defaultValue instanceof byte[] b ? b.clone() : defaultValue;
  }

  /** Generated-code API: a new, empty message of a message extension's type. */
  public ProtoMessage<?> newMessage() {
    return messageFactory.get();
  }

  /**
   * Generated-code API: the enum constant for {@code number}; for a closed enum null when the type
   * does not declare it, for an open one its {@code UNRECOGNIZED}.
   */
  public ProtoEnum enumValue(int number) {
    ProtoEnum e = enumForNumber.apply(number);
    return e != null ? e : unrecognized;
  }

  /** Whether an undeclared enum number is kept as an unknown field rather than as the value. */
  public boolean isClosedEnum() {
    return field.type() == FieldType.ENUM && unrecognized == null;
  }

  @Override
  public String toString() {
    return "[" + fullName() + "] = " + number() + " extending " + extendee;
  }
}
