package io.bufproto.api.internal;

import io.bufproto.api.InvalidProtobufException;

/**
 * For generated code and the runtimes: a parse failure that records where it was found, and the
 * factories of every parse error, worded as protobuf-java words them. Users catch {@link
 * InvalidProtobufException}, whose {@link #fieldPath()} and {@link #offset()} this class fills in
 * as the failure travels out of the nested parses.
 */
public final class ParseFailure extends InvalidProtobufException {

  private static final long serialVersionUID = 1L;

  /** Field numbers, innermost first, of the fields being read when the problem was found. */
  private int[] path = new int[0];

  /** Set when the problem is in a tag: the innermost message adds no field number for it. */
  private transient boolean inTag;

  /** Set by {@link #truncated()}. */
  private transient boolean truncation;

  private int offset = -1;

  /**
   * Set by {@link #truncatedLength}: where a nested length prefix ended, and the length it claimed.
   */
  private transient int lengthEnd = -1;

  private transient int claimedLength;

  private ParseFailure(String message) {
    super(message);
  }

  private ParseFailure(String message, Throwable cause) {
    super(message, cause);
  }

  @Override
  public int[] fieldPath() {
    int[] out = new int[path.length];
    for (int i = 0; i < path.length; i++) {
      out[i] = path[path.length - 1 - i];
    }
    return out;
  }

  @Override
  public int offset() {
    return offset;
  }

  /** The message without the location {@link #getMessage()} appends. */
  private String baseMessage() {
    return super.getMessage();
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
   * {@code e}, thrown while a message read the field with tag {@code tag}, with that field's number
   * added to its path. A Netty bounds exception (a fixed-width value past the buffer's end) becomes
   * a truncation.
   */
  public static ParseFailure inField(RuntimeException e, int tag) {
    return of(e).addField(tag);
  }

  /**
   * {@link #inField(RuntimeException, int)} for the parse of a message ending at {@code end}, in
   * the field whose tag starts at {@code at}: a failure found after reading past that end, or past
   * the end of that field's own length prefix (a map entry, a packed run: readers are bounded by
   * the buffer, not by the field: a varint that runs on into the next bytes) is a truncation there,
   * as protobuf-java, whose reads stop at the limit, reports it.
   */
  public static ParseFailure inField(
      RuntimeException e, int tag, io.netty.buffer.ByteBuf buf, int at, int end) {
    if (e instanceof InvalidProtobufException && !(e instanceof ParseFailure)) {
      e = of(e); // a reader's failure (spi.Varints.malformed()): located like the parse's own
    }
    if (e instanceof ParseFailure parseFailure
        && !parseFailure.truncation
        && buf.readerIndex() > (parseFailure.inTag ? end : lengthDelimitedEnd(buf, tag, at, end))) {
      ParseFailure t = truncated();
      t.path = parseFailure.path;
      t.inTag = parseFailure.inTag;
      return inField(t, tag);
    }
    return inField(e, tag);
  }

  /**
   * The end of the length-delimited field whose tag {@code tag} starts at {@code at}, from its
   * length prefix read again (only on this failure path); {@code end} for another wire type, or a
   * prefix that is itself bad (its own error says so), or when {@code at} is -1: the parse of a
   * message none of whose fields is read past its own length prefix by a buffer-bounded reader (no
   * packed run, map entry or extension) does not keep where its fields start.
   */
  private static int lengthDelimitedEnd(io.netty.buffer.ByteBuf buf, int tag, int at, int end) {
    if ((tag & 7) != 2 || at < 0) {
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

  /**
   * {@code e} itself; another {@link InvalidProtobufException} with its message; for a Netty bounds
   * exception (a read past the buffer) the truncation.
   */
  private static ParseFailure of(RuntimeException e) {
    if (e instanceof ParseFailure parseFailure) {
      return parseFailure;
    }
    return e instanceof InvalidProtobufException
        ? new ParseFailure(e.getMessage(), e)
        : new ParseFailure(truncated().getMessage(), e);
  }

  private ParseFailure addField(int tag) {
    ParseFailure p = this;
    if (p.inTag) {
      p.inTag = false; // the tag itself is bad: no field of this message is being read
    } else if (tag != 0) {
      p.path = java.util.Arrays.copyOf(p.path, p.path.length + 1);
      p.path[p.path.length - 1] = tag >>> 3;
    }
    return p;
  }

  /** {@code e}, thrown while reading a tag (see {@link #inField}). */
  public static ParseFailure inTag(RuntimeException e) {
    ParseFailure p = of(e);
    p.inTag = true;
    return p;
  }

  /**
   * {@code e} (thrown by the parse of a message that started at {@code start}) with the offset of
   * {@code buf}'s reader index, where the parse stopped.
   */
  public static ParseFailure at(RuntimeException e, io.netty.buffer.ByteBuf buf, int start) {
    if (buf.readerIndex() > buf.writerIndex()) {
      // A reader ran past the data into memory the buffer owns (a varint cut off by the end: see
      // BufReader); the parse failed on it. Netty's invariant is restored before anything else.
      buf.readerIndex(buf.writerIndex());
    }
    ParseFailure p = inField(e, 0);
    if (p.lengthEnd >= 0
        && p.lengthEnd <= buf.writerIndex()
        && (long) (p.lengthEnd - start) + p.claimedLength > Integer.MAX_VALUE) {
      // protobuf-java counts a nested limit from the start of the parse: past 2^31-1 it is
      // "too large", not a truncation.
      ParseFailure t =
          new ParseFailure(
              "Protocol message was too large. May be malicious. A nested message or packed field claimed "
                  + Integer.toUnsignedString(p.claimedLength)
                  + " bytes at byte "
                  + (p.lengthEnd - start)
                  + ".");
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
   * {@code e}, thrown by the parse of a deferred message (a lazy parse's message field, parsed on
   * first use) whose bytes start at {@code start} in {@code buf}: {@link #at} with the offset and
   * field path counted from that message, and the message saying so.
   */
  public static ParseFailure deferred(
      RuntimeException e, io.netty.buffer.ByteBuf buf, int start, String type) {
    ParseFailure p = at(e, buf, start);
    ParseFailure d =
        new ParseFailure(
            p.baseMessage()
                + " (in a "
                + type
                + " parsed on first use: a lazy parse deferred it; offset and field path are"
                + " counted from its start)",
            p);
    d.path = p.path;
    d.offset = p.offset;
    return d;
  }

  /**
   * {@link #truncated()} for a nested message, packed run or map entry whose length prefix, ending
   * at buffer index {@code lengthEnd}, claimed {@code length} bytes past its parent's end (see
   * {@link #at} for the one case protobuf-java words otherwise).
   */
  public static ParseFailure truncatedLength(int lengthEnd, int length) {
    ParseFailure e = truncated();
    e.lengthEnd = lengthEnd;
    e.claimedLength = length;
    return e;
  }

  public static ParseFailure truncated() {
    ParseFailure e =
        new ParseFailure(
            "While parsing a protocol message, the input ended unexpectedly in the middle of a field."
                + " This could mean either that the input has been truncated or that an embedded"
                + " message misreported its own length.");
    e.truncation = true;
    return e;
  }

  public static ParseFailure invalidUtf8() {
    return new ParseFailure("Protocol message had invalid UTF-8.");
  }

  public static ParseFailure malformedVarint() {
    return new ParseFailure(io.bufproto.api.spi.Varints.MALFORMED);
  }

  public static ParseFailure malformedSizePrefix() {
    return new ParseFailure(
        "The size prefix of a delimited message runs past 5 bytes (a malformed varint32).");
  }

  public static ParseFailure negativeSize(int size) {
    return new ParseFailure(
        "Protocol message contained an embedded string or message which claimed to have negative size ("
            + size
            + ").");
  }

  public static ParseFailure invalidTag(int tag) {
    return new ParseFailure("Protocol message contained an invalid tag (zero).");
  }

  public static ParseFailure invalidWireType(int tag) {
    return new ParseFailure(
        "Protocol message tag had invalid wire type ("
            + (tag & 7)
            + ", field "
            + (tag >>> 3)
            + ").");
  }

  public static ParseFailure unexpectedEndGroup(int tag) {
    return new ParseFailure(
        "Protocol message end-group tag did not match expected tag (field " + (tag >>> 3) + ").");
  }

  public static ParseFailure sizeLimitExceeded(int size, int limit) {
    return new ParseFailure(
        "Protocol message was too large. May be malicious. Use"
            + " parseFrom(buf, size, recursionLimit, sizeLimit) or -Dbufproto.sizeLimit to increase the"
            + " size limit ("
            + size
            + " bytes, limit "
            + limit
            + ").");
  }

  /**
   * A MessageSet item whose type id (an extension's field number, read as uint32) is 2^31 or more,
   * where protobuf-java throws an IllegalArgumentException from its unknown field set.
   */
  public static ParseFailure invalidMessageSetTypeId(int typeId) {
    return new ParseFailure(
        "Protocol message contained a MessageSet item with an invalid type id ("
            + Integer.toUnsignedString(typeId)
            + ").");
  }

  /** A group still open where its message or the input ends, as protobuf-java words it. */
  public static ParseFailure unclosedGroup() {
    return new ParseFailure(
        "Protocol message end-group tag did not match expected tag (the group is not closed).");
  }

  public static ParseFailure recursionLimit() {
    return new ParseFailure(
        "Protocol message had too many levels of nesting. May be malicious."
            + " Use parseFrom(buf, size, recursionLimit) to allow deeper nesting.");
  }

  /**
   * A message with a required field unset, found by a parse or a write: no position, so the plain
   * {@link InvalidProtobufException}.
   */
  public static InvalidProtobufException missingRequired(String messageName, String fields) {
    return new InvalidProtobufException(
        "Message missing required fields: " + fields + " (in " + messageName + ")");
  }
}
