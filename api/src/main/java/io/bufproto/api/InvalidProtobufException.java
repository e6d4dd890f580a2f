package io.bufproto.api;

/**
 * Thrown when bytes are not a valid encoding of the message being parsed, or when a message cannot
 * be written because a required field is missing. Unchecked, so code written against
 * LightProto-style {@code parseFrom} compiles unchanged; the messages follow protobuf-java's.
 */
public class InvalidProtobufException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public InvalidProtobufException(String message) {
    super(message);
  }

  public InvalidProtobufException(String message, Throwable cause) {
    super(message, cause);
  }

  public static InvalidProtobufException truncated() {
    return new InvalidProtobufException(
        "While parsing a protocol message, the input ended unexpectedly in the middle of a field."
            + " This could mean either that the input has been truncated or that an embedded"
            + " message misreported its own length.");
  }

  public static InvalidProtobufException malformedVarint() {
    return new InvalidProtobufException("Protocol message contained a malformed varint (over 10 bytes).");
  }

  public static InvalidProtobufException negativeSize(int size) {
    return new InvalidProtobufException(
        "Protocol message contained a negative length (" + size + ") for a length-delimited field.");
  }

  public static InvalidProtobufException invalidTag(int tag) {
    return new InvalidProtobufException("Protocol message contained an invalid tag (" + tag + ").");
  }

  public static InvalidProtobufException invalidWireType(int tag) {
    return new InvalidProtobufException(
        "Protocol message tag had invalid wire type " + (tag & 7) + " (field " + (tag >>> 3) + ").");
  }

  public static InvalidProtobufException unexpectedEndGroup(int tag) {
    return new InvalidProtobufException(
        "Protocol message end-group tag for field " + (tag >>> 3) + " did not match an open group.");
  }

  public static InvalidProtobufException recursionLimit() {
    return new InvalidProtobufException(
        "Protocol message had too many levels of nesting. May be malicious."
            + " Use parseFrom(buf, size, recursionLimit) to allow deeper nesting.");
  }

  public static InvalidProtobufException missingRequired(String messageName, String fields) {
    return new InvalidProtobufException(
        "Message missing required fields: " + fields + " (in " + messageName + ")");
  }
}
