package io.bufproto.api;

/**
 * Thrown when bytes are not a valid encoding of the message being parsed, or when a message cannot
 * be written because a required field is missing. Unchecked, so code written against
 * LightProto-style {@code parseFrom} compiles unchanged; the messages follow protobuf-java's.
 *
 * <p>A parse failure also says where it was found, which protobuf-java does not: the path of field
 * numbers from the parsed message down to the field being read ({@link #fieldPath()}, empty when
 * the problem is a tag itself at the top level) and the byte offset from the start of the parsed
 * message ({@link #offset()}), both appended to the message: {@code "... [field 4.2, byte 17]"}.
 * Every malformed input gets this exception from {@code parseFrom}, never another runtime exception
 * (docs/guide/malformed-input.md). Parse failures are instances of a subclass that generated code
 * creates ({@code io.bufproto.api.internal.ParseFailure}); catch this type.
 */
public class InvalidProtobufException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InvalidProtobufException(String message) {
    super(message);
  }

  public InvalidProtobufException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * The field numbers from the parsed message down to the field where the problem was found,
   * outermost first; empty when it was found in a tag of the parsed message or the exception is not
   * a parse failure.
   */
  public int[] fieldPath() {
    return new int[0];
  }

  /** The offset, from the start of the parsed message, where the problem was found; -1 if none. */
  public int offset() {
    return -1;
  }
}
