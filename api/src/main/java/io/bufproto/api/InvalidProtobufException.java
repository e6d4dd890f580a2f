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
 * Every malformed input gets this exception from {@code parseFrom}, never another runtime
 * exception (README, "Malformed input").
 */
public class InvalidProtobufException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  /** Field numbers, innermost first, of the fields being read when the problem was found. */
  private int[] path = new int[0];
  /** Set when the problem is in a tag: the innermost message adds no field number for it. */
  private transient boolean inTag;
  /** Set by {@link #truncated()}. */
  private transient boolean truncation;
  private int offset = -1;
  /** Set by {@link #truncatedLength}: where a nested length prefix ended, and the length it claimed. */
  private transient int lengthEnd = -1;
  private transient int claimedLength;

  public InvalidProtobufException(String message) {
    super(message);
  }

  public InvalidProtobufException(String message, Throwable cause) {
    super(message, cause);
  }

  /**
   * The field numbers from the parsed message down to the field where the problem was found,
   * outermost first; empty when it was found in a tag of the parsed message or the exception is
   * not a parse failure.
   */
  public int[] fieldPath() {
    int[] out = new int[path.length];
    for (int i = 0; i < path.length; i++) {
      out[i] = path[path.length - 1 - i];
    }
    return out;
  }

  /** The offset, from the start of the parsed message, where the problem was found; -1 if none. */
  public int offset() {
    return offset;
  }

  @Override
  public String getMessage() {
    String message = super.getMessage();
    if (offset < 0 && path.length == 0) {
      return message;
    }
    StringBuilder b = new StringBuilder(message).append(" [");
    if (path.length > 0) {
      b.append("field ");
      for (int i = path.length - 1; i >= 0; i--) {
        b.append(path[i]).append(i > 0 ? "." : "");
      }
    }
    if (offset >= 0) {
      b.append(path.length > 0 ? ", " : "").append("byte ").append(offset);
    }
    return b.append(']').toString();
  }

  /**
   * Internal, for generated code: {@code e}, thrown while a message read the field with tag
   * {@code tag}, with that field's number added to its path. A Netty bounds exception (a fixed-width
   * value past the buffer's end) becomes a truncation.
   */
  public static InvalidProtobufException inField(RuntimeException e, int tag) {
    return of(e).addField(tag);
  }

  /**
   * {@link #inField(RuntimeException, int)} for the parse of a message ending at {@code end}, in
   * the field whose tag starts at {@code at}: a failure found after reading past that end, or past
   * the end of that field's own length prefix (a map entry, a packed run: readers are bounded by
   * the buffer, not by the field: a varint that runs on into the next bytes) is a truncation there,
   * as protobuf-java, whose reads stop at the limit, reports it.
   */
  public static InvalidProtobufException inField(RuntimeException e, int tag, io.netty.buffer.ByteBuf buf, int at, int end) {
    if (e instanceof InvalidProtobufException && !((InvalidProtobufException) e).truncation
        && buf.readerIndex() > (((InvalidProtobufException) e).inTag ? end : lengthDelimitedEnd(buf, tag, at, end))) {
      InvalidProtobufException t = truncated();
      t.path = ((InvalidProtobufException) e).path;
      t.inTag = ((InvalidProtobufException) e).inTag;
      return inField(t, tag);
    }
    return inField(e, tag);
  }

  /**
   * The end of the length-delimited field whose tag {@code tag} starts at {@code at}, from its
   * length prefix read again (only on this failure path); {@code end} for another wire type, or a
   * prefix that is itself bad (its own error says so).
   */
  private static int lengthDelimitedEnd(io.netty.buffer.ByteBuf buf, int tag, int at, int end) {
    if ((tag & 7) != 2) {
      return end;
    }
    int i = at;
    while (i < end && buf.getByte(i) < 0) {
      i++; // the tag's bytes, however long its (possibly overlong) encoding
    }
    i++;
    int length = 0;
    for (int shift = 0; shift < 70 && i < end; shift += 7) {
      byte b = buf.getByte(i++);
      if (shift < 32) {
        length |= (b & 0x7f) << shift; // the low 32 bits, as the reader keeps them
      }
      if (b >= 0) {
        return length >= 0 && length <= end - i ? i + length : end;
      }
    }
    return end;
  }

  /** {@code e} itself, or for a Netty bounds exception (a read past the buffer) the truncation. */
  private static InvalidProtobufException of(RuntimeException e) {
    return e instanceof InvalidProtobufException
        ? (InvalidProtobufException) e
        : new InvalidProtobufException(truncated().getMessage(), e);
  }

  private InvalidProtobufException addField(int tag) {
    InvalidProtobufException p = this;
    if (p.inTag) {
      p.inTag = false; // the tag itself is bad: no field of this message is being read
    } else if (tag != 0) {
      p.path = java.util.Arrays.copyOf(p.path, p.path.length + 1);
      p.path[p.path.length - 1] = tag >>> 3;
    }
    return p;
  }

  /** Internal: {@code e}, thrown while reading a tag (see {@link #inField}). */
  public static InvalidProtobufException inTag(RuntimeException e) {
    InvalidProtobufException p = of(e);
    p.inTag = true;
    return p;
  }

  /**
   * Internal, for generated code: {@code e} (thrown by the parse of a message that started at
   * {@code start}) with the offset of {@code buf}'s reader index, where the parse stopped.
   */
  public static InvalidProtobufException at(RuntimeException e, io.netty.buffer.ByteBuf buf, int start) {
    if (buf.readerIndex() > buf.writerIndex()) {
      // A reader ran past the data into memory the buffer owns (a varint cut off by the end: see
      // BufReader); the parse failed on it. Netty's invariant is restored before anything else.
      buf.readerIndex(buf.writerIndex());
    }
    InvalidProtobufException p = inField(e, 0);
    if (p.lengthEnd >= 0 && p.lengthEnd <= buf.writerIndex()
        && (long) (p.lengthEnd - start) + p.claimedLength > Integer.MAX_VALUE) {
      // protobuf-java counts a nested limit from the start of the parse: past 2^31-1 it is
      // "too large", not a truncation.
      InvalidProtobufException t = new InvalidProtobufException(
          "Protocol message was too large. May be malicious. A nested message or packed field claimed "
              + Integer.toUnsignedString(p.claimedLength) + " bytes at byte " + (p.lengthEnd - start) + ".");
      t.path = p.path;
      t.offset = p.offset;
      p = t;
    }
    p.inTag = false;
    if (p.offset < 0) {
      p.offset = buf.readerIndex() - start;
    }
    return p;
  }

  /**
   * {@link #truncated()} for a nested message, packed run or map entry whose length prefix, ending
   * at buffer index {@code lengthEnd}, claimed {@code length} bytes past its parent's end (see
   * {@link #at} for the one case protobuf-java words otherwise).
   */
  public static InvalidProtobufException truncatedLength(int lengthEnd, int length) {
    InvalidProtobufException e = truncated();
    e.lengthEnd = lengthEnd;
    e.claimedLength = length;
    return e;
  }

  public static InvalidProtobufException truncated() {
    InvalidProtobufException e = new InvalidProtobufException(
        "While parsing a protocol message, the input ended unexpectedly in the middle of a field."
            + " This could mean either that the input has been truncated or that an embedded"
            + " message misreported its own length.");
    e.truncation = true;
    return e;
  }

  public static InvalidProtobufException malformedVarint() {
    return new InvalidProtobufException("Protocol message contained a malformed varint (over 10 bytes, or a tenth byte that does not end it).");
  }

  public static InvalidProtobufException negativeSize(int size) {
    return new InvalidProtobufException(
        "Protocol message contained an embedded string or message which claimed to have negative size ("
            + size + ").");
  }

  public static InvalidProtobufException invalidTag(int tag) {
    return new InvalidProtobufException("Protocol message contained an invalid tag (zero).");
  }

  public static InvalidProtobufException invalidWireType(int tag) {
    return new InvalidProtobufException(
        "Protocol message tag had invalid wire type (" + (tag & 7) + ", field " + (tag >>> 3) + ").");
  }

  public static InvalidProtobufException unexpectedEndGroup(int tag) {
    return new InvalidProtobufException(
        "Protocol message end-group tag did not match expected tag (field " + (tag >>> 3) + ").");
  }

  public static InvalidProtobufException sizeLimitExceeded(int size, int limit) {
    return new InvalidProtobufException("Protocol message was too large. May be malicious. Use"
        + " parseFrom(buf, size, recursionLimit, sizeLimit) or -Dbufproto.sizeLimit to increase the"
        + " size limit (" + size + " bytes, limit " + limit + ").");
  }

  /**
   * A MessageSet item whose type id (an extension's field number, read as uint32) is 2^31 or more,
   * where protobuf-java throws an IllegalArgumentException from its unknown field set.
   */
  public static InvalidProtobufException invalidMessageSetTypeId(int typeId) {
    return new InvalidProtobufException(
        "Protocol message contained a MessageSet item with an invalid type id (" + Integer.toUnsignedString(typeId) + ").");
  }

  /** A group still open where its message or the input ends, as protobuf-java words it. */
  public static InvalidProtobufException unclosedGroup() {
    return new InvalidProtobufException("Protocol message end-group tag did not match expected tag (the group is not closed).");
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
