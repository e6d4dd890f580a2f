package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/**
 * A cursor over one buffer, opened once per top-level parse by a runtime that reads the buffer's
 * memory directly (its array, its NIO region) instead of through a checked, possibly megamorphic,
 * {@link ByteBuf} call per byte ({@link BufReader#open}). A runtime that reads through the buffer
 * opens none: generated code then passes {@code null}, and every read goes to {@link BufReader}.
 *
 * <p><b>Index space.</b> Positions are indexes of the buffer: lazy fields record offsets in it and
 * read it at those offsets later. The cursor's position is the parse's reader index; the buffer's
 * own {@code readerIndex} is brought up to date by {@link #flush()} (at the end of a parse, on a
 * failure, and before a cold path that reads the buffer itself) and read back by {@link #reload()}.
 *
 * <p><b>Bounds.</b> Reads stop at the buffer's {@code writerIndex} as it was when the cursor was
 * opened: a read past it throws {@link IndexOutOfBoundsException}, as Netty's do, after moving the
 * position to that limit. A value that crosses its message's end fails the parse in the generated
 * code's end checks, as with the buffer's own reads.
 *
 * <p><b>Reuse.</b> A cursor belongs to the message whose {@code parseFrom} opened it and is reused
 * by that message's next parse: it is not thread-safe, and it keeps a reference to the buffer until
 * then.
 */
public abstract class ProtoInput {

  /** The buffer being parsed. */
  protected ByteBuf buf;

  /** For the runtimes' cursors. */
  protected ProtoInput() {}

  /** The reader index of the parse. */
  public abstract int position();

  /**
   * Moves to {@code index}, which the caller checked to lie between the position and the end of the
   * message: no check is made.
   */
  public abstract void skipTo(int index);

  /** Reads a varint of up to ten bytes and returns its low 32 bits (see {@link BufReader}). */
  public abstract int readVarint32();

  /** Reads a varint of up to ten bytes. */
  public abstract long readVarint64();

  /** As {@link BufReader#readTag}: the next tag, or 0 at {@code end}. */
  public int readTag(int end) {
    if (position() >= end) {
      return 0;
    }
    int tag = readVarint32();
    if (tag == 0) {
      throw Varints.zeroTag();
    }
    return tag;
  }

  /** Reads 4 bytes, little-endian. */
  public abstract int readFixed32();

  /** Reads 8 bytes, little-endian. */
  public abstract long readFixed64();

  /**
   * Lets go of the buffer, and of anything of its memory the cursor holds (a view of its array or
   * region), so that a cursor kept for reuse keeps no memory reachable; the next open sets them
   * again. Called when its message releases what it keeps (see {@code Reuse}).
   */
  public void forget() {
    buf = null;
  }

  /** Sets the buffer's reader index to the position. */
  public final void flush() {
    buf.readerIndex(position());
  }

  /** Sets the position to the buffer's reader index (after a read through the buffer itself). */
  public final void reload() {
    skipTo(buf.readerIndex());
  }
}
