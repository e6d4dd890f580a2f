package io.bufproto.templates;

/**
 * The places in a message class where a field contributes code. Each field-kind template renders
 * one section per hook; {@code message.jte} calls every field once per hook.
 */
public enum Hook {
  /** Storage declarations. */
  FIELDS,
  /** Public getters, setters, has/clear methods. */
  ACCESSORS,
  /**
   * The {@code case} arm of the eager parse's switch ({@code _parse}) holding the encoding
   * protobuf-java writes: emitted in field-number order, each arm reads the next tag and falls
   * through to the next field's arm when that tag is the next field's (a message written by
   * protobuf-java is dispatched once, not once per field).
   */
  PARSE,
  /** The {@code case} arm of a field's other encoding (a packable field's packed or not). */
  PARSE_ALT,
  /**
   * {@code case} arms of the lazy and projected parse's switch ({@code _parseFields}): as {@link
   * #PARSE}, but a message field's value is parsed through {@code _parseField}, which a lazy parse
   * may defer.
   */
  PARSE_LAZY,
  /** Statements of {@code _write}, in field-number order. */
  WRITE,
  /** Statements of {@code getSerializedSize}. */
  SIZE,
  /** Statements of {@code clear()} beyond resetting presence bits (counts, maps). */
  CLEAR,
  /** Statements of {@code copyFrom(_o)}: protobuf-java's mergeFrom. */
  COPY,
  /** Statements of {@code equals}: {@code return false} on a difference. */
  EQUALS,
  /** Statements of {@code hashCode}, folding into {@code _h}. */
  HASH,
  /** Statements of {@code toString}, appending to the text writer {@code _t}. */
  TO_STRING,
  /**
   * Statements of {@code materialize()}: decode what is lazy; a string whose bytes are not valid
   * UTF-8 (proto2 keeps them) stays lazy and adds its length to {@code _keep}.
   */
  MATERIALIZE,
  /**
   * Statements of {@code materialize()} when {@code _keep > 0}: copy the bytes of the strings still
   * lazy into {@code _copy} at {@code _at}, so that they are written back unchanged.
   */
  MATERIALIZE_KEEP,
  /**
   * Statements of {@code isInitialized()}: {@code return false} when a required part is missing.
   */
  INIT,
  /** Statements of {@code _findMissing(_prefix, _out)}: names of missing required fields. */
  MISSING,
  /**
   * Statements of {@code _release()}: drop the field's value, keep its storage only up to {@code
   * Reuse.KEPT_ELEMENTS} (see {@code Reuse}).
   */
  RELEASE,
  /**
   * Statements of {@code _childChanged(_child)}: a singular message field that is not set and whose
   * value is {@code _child} (returned by its getter while unset) becomes set.
   */
  CHILD_CHANGED
}
