package io.bufproto.api.internal;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.netty.buffer.ByteBuf;

/**
 * The reads of a generated parse: each takes the buffer and the cursor the runtime opened for this
 * parse ({@link ParsedBuffer#cursor}), or {@code null} when it opened none. With a cursor the read
 * goes to it; without one, to the buffer through the runtime's {@link BufReader}.
 *
 * <p>{@link #CURSORS} is a constant: for a runtime that never opens a cursor (the classpath and
 * checked runtimes) the JIT folds the cursor branch away, and the parse is the buffer's reads
 * alone. Passing the buffer beside the cursor, rather than reading through a cursor that wraps it,
 * keeps those runtimes' parse as fast as a parse of the buffer alone; through a wrapping cursor it
 * is slower (docs/design/views.md, "Rejected").
 */
public final class ProtoReads {

  private static final BufReader READER = ProtoCodec.reader();

  /** Whether the runtime opens cursors at all ({@link ProtoCodec#CURSORS}). */
  private static final boolean CURSORS = ProtoCodec.CURSORS;

  private ProtoReads() {}

  /** Brings the buffer's reader index up to the cursor's position (end of a parse, a failure). */
  public static void flush(ProtoInput in) {
    if (CURSORS && in != null) {
      in.flush();
    }
  }

  /** The reader index of the parse. */
  public static int position(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.position() : buf.readerIndex();
  }

  /**
   * Skips to {@code index}, the end of a length-delimited value that {@link #readLength} checked
   * against its message's end (so no reference-count or bounds check is needed).
   */
  public static void skipTo(ByteBuf buf, ProtoInput in, int index) {
    if (CURSORS && in != null) {
      in.skipTo(index);
    } else {
      READER.skipTo(buf, index);
    }
  }

  public static int readVarint32(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.readVarint32() : READER.readVarint32(buf);
  }

  public static long readVarint64(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.readVarint64() : READER.readVarint64(buf);
  }

  /**
   * A value of a message ending at {@code end}, within the readable bytes: the runtime may read the
   * bytes before it without Netty's checks ({@link BufReader#readVarint32(ByteBuf, int)}).
   */
  public static int readVarint32(ByteBuf buf, ProtoInput in, int end) {
    return CURSORS && in != null ? in.readVarint32() : READER.readVarint32(buf, end);
  }

  /** As {@link #readVarint32(ByteBuf, ProtoInput, int)}, 64 bits. */
  public static long readVarint64(ByteBuf buf, ProtoInput in, int end) {
    return CURSORS && in != null ? in.readVarint64() : READER.readVarint64(buf, end);
  }

  /**
   * Reads a tag, unchecked: a tag that matches no declared field goes to {@link #skipField} or
   * {@link #readUnknown}, which reject field number zero and wire types 6 and 7 ({@link
   * ProtoCodec#checkTag}). Checking there rather than here keeps two compares off every declared
   * field (measured with MessageMetadataBenchmark.bufproto_deserialize). For a message's own field
   * loop only: an error is marked as the tag's, naming no field of the message; tags inside a field
   * (map entries, groups skipped or kept, MessageSet items) are read with {@link #readVarint32}, so
   * that their errors name the field.
   */
  public static int readTag(ByteBuf buf, ProtoInput in) {
    try {
      return readVarint32(buf, in);
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      throw ParseFailure.inTag(e);
    }
  }

  /**
   * The tag of the next field of a message's own field loop, or 0 at {@code end}, the message's end
   * (see {@link BufReader#readTag}); unchecked otherwise, as {@link #readTag}.
   */
  public static int nextTag(ByteBuf buf, ProtoInput in, int end) {
    try {
      return CURSORS && in != null ? in.readTag(end) : READER.readTag(buf, end);
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      throw ParseFailure.inTag(e);
    }
  }

  public static int readInt32(ByteBuf buf, ProtoInput in, int end) {
    return readVarint32(buf, in, end);
  }

  public static int readUInt32(ByteBuf buf, ProtoInput in, int end) {
    return readVarint32(buf, in, end);
  }

  public static int readEnum(ByteBuf buf, ProtoInput in, int end) {
    return readVarint32(buf, in, end);
  }

  public static long readInt64(ByteBuf buf, ProtoInput in, int end) {
    return readVarint64(buf, in, end);
  }

  public static long readUInt64(ByteBuf buf, ProtoInput in, int end) {
    return readVarint64(buf, in, end);
  }

  public static int readSInt32(ByteBuf buf, ProtoInput in, int end) {
    return zigZag(readVarint32(buf, in, end));
  }

  public static long readSInt64(ByteBuf buf, ProtoInput in, int end) {
    return zigZag(readVarint64(buf, in, end));
  }

  private static int zigZag(int n) {
    return (n >>> 1) ^ -(n & 1);
  }

  private static long zigZag(long n) {
    return (n >>> 1) ^ -(n & 1);
  }

  public static boolean readBool(ByteBuf buf, ProtoInput in, int end) {
    return readVarint64(buf, in, end) != 0;
  }

  // ---- A packed run's values: the run's loop is one call site for many values
  // (BufReader#readVarintInRun).

  public static long readVarintInRun(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.readVarint64() : READER.readVarintInRun(buf);
  }

  public static int readInt32InRun(ByteBuf buf, ProtoInput in) {
    return (int) readVarintInRun(buf, in);
  }

  public static int readUInt32InRun(ByteBuf buf, ProtoInput in) {
    return (int) readVarintInRun(buf, in);
  }

  public static int readEnumInRun(ByteBuf buf, ProtoInput in) {
    return (int) readVarintInRun(buf, in);
  }

  public static long readInt64InRun(ByteBuf buf, ProtoInput in) {
    return readVarintInRun(buf, in);
  }

  public static long readUInt64InRun(ByteBuf buf, ProtoInput in) {
    return readVarintInRun(buf, in);
  }

  public static int readSInt32InRun(ByteBuf buf, ProtoInput in) {
    return zigZag((int) readVarintInRun(buf, in));
  }

  public static long readSInt64InRun(ByteBuf buf, ProtoInput in) {
    return zigZag(readVarintInRun(buf, in));
  }

  public static boolean readBoolInRun(ByteBuf buf, ProtoInput in) {
    return readVarintInRun(buf, in) != 0;
  }

  public static int readFixed32(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.readFixed32() : buf.readIntLE();
  }

  public static int readSFixed32(ByteBuf buf, ProtoInput in) {
    return readFixed32(buf, in);
  }

  public static long readFixed64(ByteBuf buf, ProtoInput in) {
    return CURSORS && in != null ? in.readFixed64() : buf.readLongLE();
  }

  public static long readSFixed64(ByteBuf buf, ProtoInput in) {
    return readFixed64(buf, in);
  }

  public static float readFloat(ByteBuf buf, ProtoInput in) {
    return Float.intBitsToFloat(readFixed32(buf, in));
  }

  public static double readDouble(ByteBuf buf, ProtoInput in) {
    return Double.longBitsToDouble(readFixed64(buf, in));
  }

  /** As {@link ProtoCodec#readLength}. */
  public static int readLength(ByteBuf buf, ProtoInput in, int end) {
    int len = readVarint32(buf, in, end);
    if (len < 0) {
      throw ParseFailure.negativeSize(len);
    }
    if (len > end - position(buf, in)) {
      throw ParseFailure.truncated();
    }
    return len;
  }

  /**
   * Reads the length prefix of a nested message and returns the index where that message ends,
   * after the same checks as {@link #readLength}.
   */
  public static int readMessageEnd(ByteBuf buf, ProtoInput in, int end) {
    int len = readVarint32(buf, in, end);
    if (len < 0) {
      throw ParseFailure.negativeSize(len);
    }
    int at = position(buf, in);
    if (len > end - at) {
      throw ParseFailure.truncatedLength(at, len);
    }
    return at + len;
  }

  /** As {@link ProtoCodec#endMessage(ByteBuf, int)}. */
  public static void endMessage(ByteBuf buf, ProtoInput in, int end) {
    if (position(buf, in) != end) {
      throw ParseFailure.truncated();
    }
  }

  /** As {@link ProtoCodec#endMessage(ByteBuf, int, int)}. */
  public static void endMessage(ByteBuf buf, ProtoInput in, int end, int endGroupTag) {
    if (position(buf, in) != end) {
      throw ParseFailure.truncated();
    }
    if (endGroupTag != 0) { // (a group's end tag)
      throw ParseFailure.unclosedGroup();
    }
  }

  /**
   * Reads a length-prefixed UTF-8 string, checks it and decodes it now: map keys and values, which
   * protobuf-java validates in every syntax (singular and repeated strings are read lazily).
   */
  public static String readStringChecked(ByteBuf buf, ProtoInput in, int end) {
    int len = readLength(buf, in, end);
    int at = position(buf, in);
    Utf8.checkValid(buf, at, len);
    String s = Utf8.decode(buf, at, len);
    skipTo(buf, in, at + len);
    return s;
  }

  /** Reads length-prefixed bytes into a new array (map values). */
  public static byte[] readBytes(ByteBuf buf, ProtoInput in, int end) {
    int len = readLength(buf, in, end);
    int at = position(buf, in);
    byte[] b = new byte[len];
    buf.getBytes(at, b);
    skipTo(buf, in, at + len);
    return b;
  }

  // ---- cold paths: through the buffer itself, its reader index brought up to date first

  /** As {@link ProtoCodec#skipField(ByteBuf, int, int)}. */
  public static void skipField(ByteBuf buf, ProtoInput in, int tag, int end) {
    flush(in);
    ProtoCodec.skipField(buf, tag, end);
    reload(in);
  }

  /** As {@link UnknownFields#read}. */
  public static UnknownFields readUnknown(
      UnknownFields set, ByteBuf buf, ProtoInput in, int tag, int end, int depth) {
    flush(in);
    UnknownFields u = UnknownFields.read(set, buf, tag, end, depth);
    reload(in);
    return u;
  }

  /** As {@link UnknownFields#readOrExtension}: for a message with extension ranges. */
  public static UnknownFields readUnknownOrExtension(
      UnknownFields set, String extendee, ByteBuf buf, ProtoInput in, int tag, int end, int depth) {
    flush(in);
    UnknownFields u = UnknownFields.readOrExtension(set, extendee, buf, tag, end, depth);
    reload(in);
    return u;
  }

  /** As {@link MessageSets#read}. */
  public static UnknownFields readMessageSet(
      UnknownFields set, ByteBuf buf, ProtoInput in, int tag, int end, int depth) {
    flush(in);
    UnknownFields u = MessageSets.read(set, buf, tag, end, depth);
    reload(in);
    return u;
  }

  /** As {@link ParseFailure#inField(RuntimeException, int, ByteBuf, int, int)}. */
  public static ParseFailure failure(
      RuntimeException e, int tag, ByteBuf buf, ProtoInput in, int at, int end) {
    flush(in);
    return ParseFailure.inField(e, tag, buf, at, end);
  }

  private static void reload(ProtoInput in) {
    if (CURSORS && in != null) {
      in.reload();
    }
  }
}
