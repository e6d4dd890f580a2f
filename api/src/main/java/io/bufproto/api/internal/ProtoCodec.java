package io.bufproto.api.internal;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.api.spi.BufReader;
import io.netty.buffer.ByteBuf;

/**
 * Wire-format primitives called by generated code: tags, varints, fixed-width values, zigzag,
 * lengths and field skipping. Runtimes advance {@code readerIndex}; writers advance {@code
 * writerIndex}. Strings and bytes live in {@link Utf8} and in the generated code.
 *
 * <p>Varints go through the {@link BufReader} chosen once at class initialization (see {@link
 * BufProtoRuntime}); the {@code static final} lets the JIT inline through it.
 */
public final class ProtoCodec {

  public static final int WIRETYPE_VARINT = 0;
  public static final int WIRETYPE_FIXED64 = 1;
  public static final int WIRETYPE_LENGTH_DELIMITED = 2;
  public static final int WIRETYPE_START_GROUP = 3;
  public static final int WIRETYPE_END_GROUP = 4;
  public static final int WIRETYPE_FIXED32 = 5;

  /** Default nesting limit for messages and groups, as protobuf-java's. */
  public static final int DEFAULT_RECURSION_LIMIT = 100;

  /**
   * The largest message any {@code parseFrom} accepts, in bytes: the system property {@code
   * bufproto.sizeLimit}, read once, else {@code Integer.MAX_VALUE} (no limit, as protobuf-java's
   * default). A parse allocates at most a small multiple of its input ({@code
   * AllocationBoundsTest}); this bounds the input. Per call: {@link
   * io.bufproto.api.ProtoMessage#parseFrom(ByteBuf, int, int, int)}.
   */
  public static final int SIZE_LIMIT = Integer.getInteger("bufproto.sizeLimit", Integer.MAX_VALUE);

  /** The runtime chosen for this JVM, once (see {@link BufProtoRuntime}). */
  private static final BufProtoRuntime RUNTIME = BufProtoRuntime.active();

  private static final BufReader READER = RUNTIME.reader();

  /**
   * Whether the runtime opens cursors at all: a constant, so that for the runtimes that never do
   * the JIT folds the cursor branches of {@link ProtoReads} and {@link ParsedBuffer#cursor} away.
   */
  static final boolean CURSORS = READER.opensCursors();

  /** The runtime's writer, for {@link ProtoWriter}: chosen with the reader, kept as long. */
  static final io.bufproto.api.spi.BufWriter WRITER = RUNTIME.writer();

  private ProtoCodec() {}

  /** The runtime's reader, for {@link ProtoReads}. */
  static BufReader reader() {
    return READER;
  }

  // ---------------------------------------------------------------- reading

  /** Rejects field number zero and wire types 6 and 7, as protobuf-java does. */
  public static void checkTag(int tag) {
    if ((tag >>> 3) == 0 || (tag & 7) > WIRETYPE_FIXED32) {
      throw badTag(tag);
    }
  }

  private static InvalidProtobufException badTag(int tag) {
    return (tag >>> 3) == 0 ? ParseFailure.invalidTag(tag) : ParseFailure.invalidWireType(tag);
  }

  public static int readVarint32(ByteBuf buf) {
    return READER.readVarint32(buf);
  }

  public static long readVarint64(ByteBuf buf) {
    return READER.readVarint64(buf);
  }

  public static int readUInt32(ByteBuf buf) {
    return READER.readVarint32(buf);
  }

  /**
   * Reads the length of a length-delimited field and checks that it fits before {@code end}. After
   * it, {@code readerIndex + length <= end} holds.
   */
  public static int readLength(ByteBuf buf, int end) {
    int len = READER.readVarint32(buf);
    if (len < 0) {
      throw ParseFailure.negativeSize(len);
    }
    if (len > end - buf.readerIndex()) {
      throw ParseFailure.truncated();
    }
    return len;
  }

  /**
   * Checks the bounds of a message before parsing it: {@code size} bytes must be readable (that the
   * buffer is not released is checked where the parse opens it, {@link ParsedBuffer#open}).
   *
   * @return the index where the message ends
   * @throws IllegalArgumentException if {@code size} is negative or more than the readable bytes:
   *     the caller's argument is wrong, not the bytes
   */
  public static int beginMessage(ByteBuf buf, int size) {
    // (The buffer is checked alive where the parse opens it: ParsedBuffer.open.)
    if (size < 0 || size > buf.readableBytes()) {
      throw new IllegalArgumentException(
          "parseFrom: size "
              + size
              + (size < 0
                  ? " is negative"
                  : " is more than the buffer's "
                      + buf.readableBytes()
                      + " readable bytes (readerIndex "
                      + buf.readerIndex()
                      + ", writerIndex "
                      + buf.writerIndex()
                      + ")"));
    }
    if (size > SIZE_LIMIT) {
      throw ParseFailure.sizeLimitExceeded(size, SIZE_LIMIT);
    }
    return buf.readerIndex() + size;
  }

  /**
   * The buffer a parse of {@code buf} reads through (see {@link BufReader#unwrap}): a leak-aware
   * wrapper is passed once, with one leak record ({@code touch}), not at every read.
   */
  public static ByteBuf unwrap(ByteBuf buf) {
    return READER.unwrap(buf);
  }

  /**
   * Checks that a (sub-)message parse stopped exactly at its end. A varint or fixed value that ran
   * across the end leaves the reader index past it; that is a truncated message.
   */
  public static void endMessage(ByteBuf buf, int end) {
    if (buf.readerIndex() != end) {
      throw ParseFailure.truncated();
    }
  }

  /**
   * Like {@link #endMessage(ByteBuf, int)}, for a parse loop that reached {@code end}: a group
   * ({@code endGroupTag != 0}) should have returned at its end-group tag before that.
   */
  public static void endMessage(ByteBuf buf, int end, int endGroupTag) {
    if (buf.readerIndex() != end) {
      throw ParseFailure.truncated();
    }
    if (endGroupTag != 0) { // (a group's end tag)
      throw ParseFailure.unclosedGroup();
    }
  }

  /**
   * Skips the value of a field with the given tag (an unknown field). Groups are skipped with their
   * nested content, up to the matching end-group tag.
   */
  public static void skipField(ByteBuf buf, int tag, int end) {
    skipField(buf, tag, end, DEFAULT_RECURSION_LIMIT);
  }

  /** {@link #skipField(ByteBuf, int, int)} with {@code depthLeft} levels of groups allowed. */
  static void skipField(ByteBuf buf, int tag, int end, int depthLeft) {
    checkTag(tag);
    switch (tag & 7) {
      case WIRETYPE_VARINT -> {
        READER.readVarint64(buf);
        return;
      }
      case WIRETYPE_FIXED64 -> {
        skip(buf, 8, end);
        return;
      }
      case WIRETYPE_LENGTH_DELIMITED -> {
        buf.skipBytes(readLength(buf, end));
        return;
      }
      case WIRETYPE_START_GROUP -> {
        skipGroup(buf, tag >>> 3, end, depthLeft - 1);
        return;
      }
      case WIRETYPE_FIXED32 -> {
        skip(buf, 4, end);
        return;
      }
      case WIRETYPE_END_GROUP -> throw ParseFailure.unexpectedEndGroup(tag);
      default -> throw ParseFailure.invalidWireType(tag);
    }
  }

  private static void skipGroup(ByteBuf buf, int number, int end, int depthLeft) {
    if (depthLeft < 0) {
      throw ParseFailure.recursionLimit();
    }
    while (buf.readerIndex() < end) {
      // Not readTag: an error here is in the field being skipped.
      int tag = READER.readVarint32(buf);
      checkTag(tag);
      if ((tag & 7) == WIRETYPE_END_GROUP) {
        if ((tag >>> 3) != number) {
          throw ParseFailure.unexpectedEndGroup(tag);
        }
        return;
      }
      skipField(buf, tag, end, depthLeft);
    }
    throw buf.readerIndex() == end ? ParseFailure.unclosedGroup() : ParseFailure.truncated();
  }

  private static void skip(ByteBuf buf, int n, int end) {
    if (n > end - buf.readerIndex()) {
      throw ParseFailure.truncated();
    }
    buf.skipBytes(n);
  }

  // ---------------------------------------------------------------- delimited streams

  /**
   * Reads the varint32 size prefix of a delimited message (ProtoMessage#parseDelimitedFrom) and
   * checks that the message's bytes follow it. Called with at least one readable byte.
   */
  public static int readDelimitedSize(ByteBuf buf) {
    int at = buf.readerIndex();
    int limit = buf.writerIndex();
    int size = 0;
    for (int i = 0; ; i++) {
      if (at + i == limit) {
        throw ParseFailure.truncated();
      }
      if (i == 5) {
        throw ParseFailure.malformedSizePrefix();
      }
      byte b = buf.getByte(at + i);
      size |= (b & 0x7F) << (7 * i);
      if (b >= 0) {
        buf.readerIndex(at + i + 1);
        break;
      }
    }
    if (size < 0) {
      throw ParseFailure.negativeSize(size);
    }
    if (size > buf.readableBytes()) {
      throw ParseFailure.truncated();
    }
    return size;
  }

  /** Writes {@code value} as an unsigned varint at the writer index (a delimited size prefix). */
  public static void writeVarint32(ByteBuf out, int value) {
    while ((value & ~0x7F) != 0) {
      out.writeByte((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.writeByte(value);
  }

  // ---------------------------------------------------------------- sizes

  /** Bytes of {@code value} as an unsigned varint. */
  public static int varint32Size(int value) {
    // One byte first: most lengths, counts and enums in a size pass (docs/design/writes.md).
    if ((value & ~0x7f) == 0) {
      return 1;
    }
    // 1 + floor((31 - nlz) / 7), computed without a division.
    int bits = 32 - Integer.numberOfLeadingZeros(value);
    return (bits * 9 + 64) >>> 6;
  }

  public static int varint64Size(long value) {
    int bits = 64 - Long.numberOfLeadingZeros(value | 1);
    return (bits * 9 + 64) >>> 6;
  }

  public static int tagSize(int tag) {
    return varint32Size(tag);
  }

  public static int int32Size(int value) {
    return value >= 0 ? varint32Size(value) : 10;
  }

  public static int enumSize(int value) {
    return int32Size(value);
  }

  public static int uint32Size(int value) {
    return varint32Size(value);
  }

  public static int int64Size(long value) {
    return varint64Size(value);
  }

  public static int uint64Size(long value) {
    return varint64Size(value);
  }

  public static int sint32Size(int value) {
    return varint32Size((value << 1) ^ (value >> 31));
  }

  public static int sint64Size(long value) {
    return varint64Size((value << 1) ^ (value >> 63));
  }

  /** Bytes of a length prefix plus the {@code length} bytes it announces. */
  public static int lengthDelimitedSize(int length) {
    return varint32Size(length) + length;
  }

  // ---------------------------------------------------------------- bytes (eager)

  /** Size of {@code b} with its length prefix (a map's bytes values, by the type table). */
  public static int bytesSize(byte[] b) {
    return lengthDelimitedSize(b.length);
  }

  // ------------------------------------------------- what every message's API methods share

  /**
   * Generated-code API: {@code ProtoMessage.parseFrom(buf, size, recursionLimit, sizeLimit)}'s
   * check, before anything is read.
   */
  public static void checkSizeLimit(int size, int sizeLimit) {
    if (size > sizeLimit) {
      throw ParseFailure.sizeLimitExceeded(size, sizeLimit);
    }
  }

  /** Generated-code API: {@code ProtoMessage.parseDelimitedFrom} for {@code message}. */
  public static boolean parseDelimited(ProtoMessage<?> message, ByteBuf buf) {
    if (!buf.isReadable()) {
      return false;
    }
    message.parseFrom(buf, readDelimitedSize(buf));
    return true;
  }

  /**
   * Generated-code API: what a write or a {@code copyFrom} of a message filled by {@code
   * ProtoMessage.parseFields} throws; {@code why} ends the sentence "it cannot be ...".
   */
  public static IllegalStateException projected(ProtoMessage<?> message, String why) {
    return new IllegalStateException(
        message.schema().fullName()
            + " was filled by a projected parse (parseFields), which skipped the fields not asked"
            + " for, so it cannot be "
            + why
            + ". Parse it with parseFrom, or clear it, first.");
  }

  /** Generated-code API: {@code ProtoMessage.writeDelimitedTo} for {@code message}. */
  public static int writeDelimited(ProtoMessage<?> message, ByteBuf buf) {
    int start = buf.writerIndex();
    try {
      writeVarint32(buf, message.getSerializedSize());
      message.writeTo(buf);
    } catch (RuntimeException e) {
      buf.writerIndex(start);
      throw e;
    }
    return buf.writerIndex() - start;
  }
}
