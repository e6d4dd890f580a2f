package io.bufproto.api.internal;

import io.bufproto.api.spi.ProtoInput;
import io.netty.buffer.ByteBuf;
import io.netty.util.IllegalReferenceCountException;

/**
 * The buffer a message and its sub-messages were parsed from, as their lazy values see it: strings
 * and bytes recorded by offset, decoded on first use or copied when the message is written. One per
 * message that {@code parseFrom} is called on, shared by the sub-messages its parse fills, and
 * reused by its later parses. The contract for users is {@link io.bufproto.api.ProtoMessage}'s
 * "Buffer ownership"; this class implements it.
 *
 * <p><b>Ownership.</b> By default a parse aliases its buffer. When the message retains parsed
 * buffers, {@link #open} retains the buffer once and {@link #close} releases it: one reference per
 * parse, not per value, held by the message until it stops pointing into the buffer (it is cleared,
 * parsed again or materialized).
 *
 * <p><b>Reads</b> go through {@link #buffer()}, which throws Netty's {@link
 * IllegalReferenceCountException} instead of reading memory the message no longer owns: after
 * {@link #close} (a value of a sub-message kept from before), after the buffer's release, and, for
 * an aliased buffer, when its memory is no longer the memory parsed: its pool handed the same
 * buffer object out again with other memory (its memory address, or array and offset, changed).
 * What stays undetectable with an aliased buffer: the same memory handed out again (a pool may
 * return a released region to the next allocation of its size on the same thread), and a buffer
 * whose memory has no identity (a composite of several components, a read-only view). A retained
 * buffer cannot be reused while the message holds it.
 */
public final class ParsedBuffer {

  /** {@link #address} of a buffer whose memory has neither an address nor an array. */
  private static final long NO_IDENTITY = Long.MIN_VALUE;

  private final Object owner;

  /** The owner's choice for its next parses: retain the buffer, or alias it. */
  private boolean retain;

  /**
   * The buffer reads go to ({@link ProtoCodec#unwrap unwrapped}). Kept after {@link #close}, so
   * that the next parse of the same buffer object stores nothing (a reference store costs a GC
   * barrier); dropped by {@link #drop}.
   */
  private ByteBuf buf;

  /** The buffer as passed to the parse, whose reference this holds while {@link #holding}. */
  private ByteBuf held;

  private boolean holding;
  private boolean open;

  /** Whether the identity of the open buffer's memory is recorded (or, held, need not be). */
  private boolean identified;

  /** The aliased buffer's array at {@link #open}, or null when its memory has an address. */
  private Object memory;

  /** The aliased buffer's memory address, or array offset, at {@link #open}; or NO_IDENTITY. */
  private long address = NO_IDENTITY;

  /** The runtime's cursor of the last parse, reused by the next one (see {@link ProtoReads}). */
  private ProtoInput input;

  /** A buffer for the parses of {@code owner} (the message whose {@code parseFrom} opens it). */
  public ParsedBuffer(Object owner) {
    this.owner = owner;
  }

  /** A buffer of {@code owner}'s over its own copy of some bytes: see {@link #keep}. */
  public static ParsedBuffer of(Object owner, byte[] bytes) {
    ParsedBuffer p = new ParsedBuffer(owner);
    p.keep(bytes);
    return p;
  }

  /**
   * Closes, then holds {@code bytes} instead, open: the copy {@code materialize()} keeps of values
   * that must be written back as they were parsed (strings whose bytes are not valid UTF-8).
   */
  public void keep(byte[] bytes) {
    close();
    buf = io.netty.buffer.Unpooled.wrappedBuffer(bytes);
    held = null;
    memory = null;
    address = NO_IDENTITY;
    identified = true;
    open = true;
  }

  /** Whether {@code message} opened this buffer (the sub-messages it fills only share it). */
  public boolean ownedBy(Object message) {
    return owner == message;
  }

  /** Sets whether the owner's next parses retain their buffer. */
  public void retain(boolean retain) {
    this.retain = retain;
  }

  /**
   * Opens the buffer of a parse that starts now (this must be closed): retains {@code parsed} if
   * the owner asked for it. Returns the buffer the parse reads ({@link ProtoCodec#unwrap
   * unwrapped}).
   */
  @SuppressWarnings("ReferenceEquality") // the same buffer object, stored again only when not
  public ByteBuf open(ByteBuf parsed) {
    ByteBuf b = ProtoCodec.unwrap(parsed);
    if (buf != b) {
      buf = b;
    }
    if (retain) {
      parsed.retain();
      if (held != parsed) {
        held = parsed;
      }
      holding = true;
    }
    identified = holding; // a held buffer cannot be handed out again: nothing to record
    address = NO_IDENTITY;
    open = true;
    return b;
  }

  /**
   * The buffer being parsed: for the parse of a message without lazy values, which needs no check.
   */
  public ByteBuf parsing() {
    return buf;
  }

  /**
   * The buffer being parsed, for the parse of a message that records lazy values: the first one of
   * a parse of an aliased buffer records the identity of its memory, which every lazy read compares
   * (a parse of messages without lazy values records nothing).
   */
  public ByteBuf parsingValues() {
    if (!identified) {
      identify();
    }
    return buf;
  }

  private void identify() {
    identified = true;
    ByteBuf b = buf;
    if (b.hasMemoryAddress()) {
      if (memory != null) {
        memory = null;
      }
      address = b.memoryAddress();
    } else if (b.hasArray()) {
      byte[] array = b.array();
      if (memory != array) {
        memory = array;
      }
      address = b.arrayOffset();
    }
  }

  /** The cursor the runtime opens for a parse of {@code b} (unwrapped), reusing the last one. */
  public ProtoInput cursor(ByteBuf b) {
    ProtoInput in = ProtoReads.open(b, input);
    if (in != input && in != null) {
      input = in; // null (the buffer's own reads) keeps the last cursor
    }
    return in;
  }

  /**
   * The buffer, for a lazy value's read or copy.
   *
   * @throws IllegalReferenceCountException if it is closed, released, or (aliased) its memory is no
   *     longer what was parsed (see the class comment)
   */
  public ByteBuf buffer() {
    ByteBuf b = buf;
    if (!open) {
      throw closed();
    }
    if (b.refCnt() == 0) {
      throw new IllegalReferenceCountException(0);
    }
    if (!holding && address != NO_IDENTITY && !sameMemory(b)) {
      throw reused();
    }
    return b;
  }

  private boolean sameMemory(ByteBuf b) {
    if (memory == null) {
      return b.hasMemoryAddress() && b.memoryAddress() == address;
    }
    return b.hasArray() && b.array() == memory && b.arrayOffset() == address;
  }

  /**
   * Ends what the last parse opened: releases the buffer if this holds it. Lazy values read through
   * this afterwards fail. Does nothing if not open.
   */
  public void close() {
    if (open) {
      open = false;
      if (holding) {
        holding = false;
        held.release();
      }
    }
  }

  /** {@link #close}, then forgets the buffer, so that this keeps no memory reachable. */
  public void drop() {
    close();
    buf = null;
    held = null;
    memory = null;
    if (input != null) {
      input.forget();
    }
  }

  private static IllegalReferenceCountException closed() {
    return new IllegalReferenceCountException(
        "the value was parsed from a buffer its message no longer holds: the message was cleared,"
            + " parsed again or materialized since (a sub-message kept from before reads nothing)");
  }

  private static IllegalReferenceCountException reused() {
    return new IllegalReferenceCountException(
        "the buffer this value was parsed from was released and its memory handed out again:"
            + " the buffer must stay alive while the message is read (or the message retain it)");
  }
}
