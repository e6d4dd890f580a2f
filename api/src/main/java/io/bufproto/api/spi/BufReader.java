package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/**
 * Reads variable-length integers from a {@link ByteBuf}: the reads whose per-byte bounds checks
 * cost the most, routed through one implementation chosen once per JVM.
 *
 * <p><b>Index effects.</b> Each method reads at {@code buf.readerIndex()} and advances the reader
 * index past the bytes consumed, exactly like {@link ByteBuf#readByte()} would.
 *
 * <p><b>Bounds.</b> An implementation never reads outside the buffer's own memory. It may read past
 * {@code writerIndex} only if it then throws or leaves {@code readerIndex > writerIndex} for the
 * caller's single end-of-message check; the checked implementation throws {@link
 * IndexOutOfBoundsException} as Netty does.
 *
 * <p><b>Reference count.</b> An implementation may skip Netty's reference-count check: generated
 * code checks it once per parse ({@link io.bufproto.api.internal.ParsedBuffer#open}) and a buffer
 * must not be released while it is being parsed.
 *
 * <p><b>Malformed input.</b> A varint longer than ten bytes throws {@link
 * io.bufproto.api.InvalidProtobufException}. Bits beyond the 64th are dropped, as protobuf-java
 * does; {@link #readVarint32} keeps the low 32 bits of the 64-bit value.
 */
public interface BufReader {

  /** Reads a varint of up to ten bytes and returns its low 32 bits. */
  int readVarint32(ByteBuf buf);

  /** Reads a varint of up to ten bytes. */
  long readVarint64(ByteBuf buf);

  /**
   * {@link #readVarint32(ByteBuf)} of a value of a message ending at {@code end}, which the caller
   * checked to lie within the readable bytes: an implementation may read the bytes before {@code
   * end} without Netty's checks. A varint that runs on past {@code end} is read as {@link
   * #readVarint32(ByteBuf)} reads it (the caller's end check then fails the message).
   */
  default int readVarint32(ByteBuf buf, int end) {
    return readVarint32(buf);
  }

  /** {@link #readVarint64(ByteBuf)} of a value of a message ending at {@code end}: as above. */
  default long readVarint64(ByteBuf buf, int end) {
    return readVarint64(buf);
  }

  /**
   * Reads the tag of a message's next field, or returns 0 when the reader index has reached {@code
   * end}, the message's end, which the caller checked to lie within the readable bytes. A tag whose
   * varint is 0 (field number zero) throws; other invalid tags are returned, for the caller to
   * reject.
   */
  default int readTag(ByteBuf buf, int end) {
    if (buf.readerIndex() >= end) {
      return 0;
    }
    int tag = readVarint32(buf);
    if (tag == 0) {
      throw Varints.zeroTag();
    }
    return tag;
  }

  /**
   * Reads a varint of up to ten bytes that is one of a packed run's values (32-bit types keep its
   * low 32 bits): one call site reads many values, so an implementation may trade code size for
   * speed on multi-byte values here.
   */
  default long readVarintInRun(ByteBuf buf) {
    return readVarint64(buf);
  }

  /**
   * Moves the reader index to {@code index}, which the caller checked to lie between the reader
   * index and the writer index (a length-delimited value inside its message): an implementation may
   * skip Netty's checks.
   */
  default void skipTo(ByteBuf buf, int index) {
    buf.readerIndex(index);
  }

  /**
   * Copies the {@code length} bytes at {@code index} of {@code buf} into {@code dst} from index 0,
   * indexes unaffected, and returns true; or returns false, storing nothing, when this reader
   * leaves the copy to the caller (Netty's checked {@code getBytes}). The caller has checked that
   * the bytes lie within the buffer's readable bytes when it parsed them, that the buffer is alive,
   * and that {@code dst} has room for them: an implementation reads those bytes and no others, and
   * may skip Netty's checks.
   */
  default boolean copyBytes(ByteBuf buf, int index, byte[] dst, int length) {
    return false;
  }

  /**
   * The buffer to parse {@code buf} through: {@code buf} itself, or, when {@code buf} is a pure
   * delegate of another buffer (Netty's leak-aware wrappers, which share the wrapped buffer's
   * indexes and memory and add a leak record or a check to every call), the buffer it delegates to,
   * so that a parse pays the wrapper once instead of per read. Lazy fields then point into the
   * returned buffer; releasing {@code buf} releases it too.
   */
  default ByteBuf unwrap(ByteBuf buf) {
    return buf;
  }

  /**
   * Whether this reader opens cursors ({@link #open}); read once. A reader that answers false is
   * never asked to open one, and generated code's cursor branches fold away.
   */
  default boolean opensCursors() {
    return false;
  }

  /**
   * The cursor a top-level parse of {@code buf} (already {@link #unwrap}ped) reads through, at its
   * reader index, or null to read through the buffer and this reader's methods. {@code reuse} is
   * the cursor of the same message's previous parse, or null: a reader should set it up again when
   * it suits {@code buf}, so that a reused message parses without allocating.
   */
  default ProtoInput open(ByteBuf buf, ProtoInput reuse) {
    return null;
  }
}
