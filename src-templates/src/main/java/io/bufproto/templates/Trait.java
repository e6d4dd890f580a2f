package io.bufproto.templates;

/**
 * A yes/no fact the generator decided about a field, or about a map entry's key or value. A {@link
 * ValueModel} holds the set of its traits, so that a model is built by naming the facts that hold,
 * never by passing a row of positional booleans.
 */
public enum Trait {
  /** The field's {@code hasX()} exists and presence alone decides whether it is written. */
  EXPLICIT_PRESENCE,
  /** proto2 {@code required}. */
  REQUIRED,
  /** A repeated scalar field written packed (one length-delimited run). */
  PACKED,
  /**
   * A message written with start and end tags instead of a length prefix (proto2 {@code group},
   * editions {@code message_encoding = DELIMITED}).
   */
  GROUP,
  /** An enum whose unknown numbers are kept in the field (open enum). */
  OPEN_ENUM,
  /**
   * A string whose parse rejects invalid UTF-8, as protobuf-java's does (proto3, editions {@code
   * utf8_validation = VERIFY}, {@code java_string_check_utf8}, every map string).
   */
  VERIFY_UTF8,
  /** A message whose type has required fields, itself or in a type it contains. */
  CHILD_REQUIRED
}
