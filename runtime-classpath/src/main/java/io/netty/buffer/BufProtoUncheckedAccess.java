package io.netty.buffer;

import io.bufproto.api.spi.Varints;

/**
 * BufProto's one intrusion into Netty: a class in package {@code io.netty.buffer}, so that it may
 * call {@link AbstractByteBuf}'s package-private index fields and protected unchecked accessors.
 *
 * <p><b>Contract.</b> {@link #readLongVarint} is called right after a checked {@code readByte()}
 * returned a varint's first byte with its continuation bit set (so the buffer was accessible a
 * moment ago). It decodes the rest of the varint from one unchecked 8-byte little-endian load,
 * and only when those 8 bytes are readable ({@code writerIndex - start >= 8}): it never reads
 * outside the buffer's readable bytes, whatever the buffer kind or its spare capacity. Every other
 * case returns {@link #UNHANDLED} and the caller takes Netty's public API:
 * <ul>
 *   <li>buffers that are not {@link AbstractByteBuf} (the leak-aware wrappers, {@code
 *       WrappedByteBuf}, {@code SwappedByteBuf}, ...);
 *   <li>{@link CompositeByteBuf}, including the leak-aware composite wrappers, which extend it but
 *       delegate, so their own index fields are stale;
 *   <li>fewer than 8 readable bytes from the varint's start, and varints longer than 8 bytes.
 * </ul>
 *
 * <p>Classpath only: the JVM refuses a named module that contains {@code io.netty.buffer}, and
 * package access needs the same class loader as Netty. The provider calls this class once in
 * {@code try/catch (LinkageError)} and reports itself unusable if that fails.
 */
public final class BufProtoUncheckedAccess {

  /** Returned when this class did not decode: the caller must use the public API. */
  public static final long UNHANDLED = Long.MIN_VALUE;

  private BufProtoUncheckedAccess() {}

  /**
   * Decodes the varint whose first byte is at {@code readerIndex - 1}, advancing the reader
   * index past it, or returns {@link #UNHANDLED} leaving the buffer untouched. A varint of 9 or
   * 10 bytes is UNHANDLED too (its value may legitimately equal {@code Long.MIN_VALUE}).
   */
  public static long readLongVarint(ByteBuf buf) {
    // One type dispatch per long varint, not one per byte (netty-jpms-facts: megamorphism).
    if (!(buf instanceof AbstractByteBuf) || buf instanceof CompositeByteBuf) {
      return UNHANDLED;
    }
    AbstractByteBuf b = (AbstractByteBuf) buf;
    int start = b.readerIndex - 1;
    if (b.writerIndex - start < 8) {
      return UNHANDLED;
    }
    long word = b._getLongLE(start);
    long stops = Varints.stops(word);
    if (stops == 0) {
      return UNHANDLED;
    }
    b.readerIndex = start + Varints.length(stops);
    return Varints.value(word, stops);
  }
}
