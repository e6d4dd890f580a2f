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
 *
 * <p>The state is one field, so that a parse and a clear cost a store each: {@link #CLOSED}, open
 * and aliased ({@link #ALIASED}, with the identity {@link #open} recorded), or open and retained
 * ({@link #HELD}). The identity is recorded at every aliased open, whether or not the parse records
 * lazy values: there the buffer is in hand and has just been checked alive, which makes the record
 * cheaper than a second look at the buffer after the parse.
 */
public final class ParsedBuffer {

  private static final int CLOSED = 0;
  private static final int ALIASED = 1;
  private static final int HELD = 2;

  /**
   * Whether Netty's {@code memoryAddress()} and {@code array()} throw for a released buffer: its
   * {@code io.netty.buffer.checkAccessible} property (or the older {@code
   * io.netty.buffer.bytebuf.checkAccessible}) is unset or true, as Netty reads it.
   */
  private static final boolean NETTY_CHECKS_ACCESS = nettyChecksAccess();

  /** {@link #address} of a buffer whose memory has neither an address nor an array. */
  private static final long NO_IDENTITY = Long.MIN_VALUE;

  private final Object owner;

  /** The owner's choice for its next parses: retain the buffer, or alias it. */
  private boolean retain;

  /**
   * The owner's choice for its next parses: lazy (see {@code ProtoMessage.lazyParsing}), or not.
   */
  private boolean lazy;

  /** The shortest message field value that a lazy parse defers (see {@link #deferFrom()}). */
  private int deferFrom;

  private int state;

  /**
   * The buffer reads go to ({@link ProtoCodec#unwrap unwrapped}). Kept after {@link #close}, so
   * that the next parse of the same buffer object stores nothing (a reference store costs a GC
   * barrier); dropped by {@link #drop}.
   */
  private ByteBuf buf;

  /** The buffer as passed to the parse, whose reference this holds while {@link #HELD}. */
  private ByteBuf held;

  /** The aliased buffer's array when {@link #ALIASED}, or null when its memory has an address. */
  private Object memory;

  /** The aliased buffer's memory address, or array offset, when {@link #ALIASED}. */
  private long address = NO_IDENTITY;

  /** The runtime's cursor of the last parse, reused by the next one (see {@link ProtoReads}). */
  private ProtoInput input;

  /** The cursor of the parse in progress or last made (null: the buffer's own reads). */
  private ProtoInput parseInput;

  /** Whether a parse of this buffer is in progress (see {@link #parsing()}). */
  private boolean parsing;

  /** Whether the parse in progress found a required field missing ({@link #missingRequired}). */
  private boolean missing;

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
    state = ALIASED; // nothing else holds that array, which has no identity to compare
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
   * Sets whether the owner's next parses are lazy, and if so, from how many bytes they defer a
   * message field's value.
   */
  public void lazy(boolean lazy, int deferFrom) {
    this.lazy = lazy;
    this.deferFrom = deferFrom;
  }

  /**
   * Whether the parses of this buffer are lazy: message fields are deferred, parsed on first use,
   * and what is unchanged since its parse is written as the bytes it was parsed from.
   */
  public boolean lazy() {
    return lazy;
  }

  /**
   * In a lazy parse, the length from which a message field's value is deferred; a shorter one is
   * parsed with its parent (and still written as received while unchanged).
   */
  public int deferFrom() {
    return deferFrom;
  }

  /**
   * Opens the buffer of a parse that starts now, closing the last parse's first (see {@link
   * #close}): retains {@code parsed} if the owner asked for it, else checks that it is alive and
   * records the identity of its memory. A lazy parse is {@link #parsing()} until it calls {@code
   * parsing(false)}; an eager one never is (nothing is deferred in it). Returns the buffer the
   * parse reads ({@link ProtoCodec#unwrap unwrapped}).
   *
   * @throws IllegalReferenceCountException if {@code parsed} was released
   */
  @SuppressWarnings("ReferenceEquality") // the same buffer object, stored again only when not
  public ByteBuf open(ByteBuf parsed) {
    if (state == HELD) {
      // Closed first: if this open fails (a released buffer), nothing is released twice.
      state = CLOSED;
      held.release();
    }
    ByteBuf b = ProtoCodec.unwrap(parsed);
    if (buf != b) {
      buf = b;
    }
    if (retain || lazy) {
      openRetainedOrLazy(parsed, b);
    } else {
      identify(b);
    }
    return b;
  }

  /**
   * Whether the owner's parses alias their buffer and parse every field now (see {@link #open}).
   */
  public boolean aliasesEagerly() {
    return !retain && !lazy;
  }

  /**
   * {@link #open} for a parse that {@link #aliasesEagerly()} and follows another such parse (so
   * nothing is held): records the identity of the memory, checking the buffer alive.
   */
  @SuppressWarnings("ReferenceEquality") // the same buffer object, stored again only when not
  public ByteBuf openAliased(ByteBuf parsed) {
    ByteBuf b = ProtoCodec.unwrap(parsed);
    if (buf != b) {
      buf = b;
    }
    identify(b);
    return b;
  }

  @SuppressWarnings("ReferenceEquality") // the same buffer object, stored again only when not
  private void openRetainedOrLazy(ByteBuf parsed, ByteBuf b) {
    parsing = lazy;
    if (retain) {
      parsed.retain(); // (throws if it was released)
      if (held != parsed) {
        held = parsed;
      }
      state = HELD;
    } else {
      identify(b);
    }
  }

  /**
   * Records the identity of {@code b}'s memory, and checks that {@code b} is alive: the one
   * reference-count check of an aliased parse (the runtime's readers may skip theirs, see {@code
   * BufReader}). Netty's {@code memoryAddress()} and {@code array()} make that check where its
   * {@code checkAccessible} is on (its default); elsewhere it is made here.
   */
  private void identify(ByteBuf b) {
    state = ALIASED;
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
    } else {
      address = NO_IDENTITY;
      Buffers.checkAlive(b);
      return;
    }
    if (!NETTY_CHECKS_ACCESS) {
      Buffers.checkAlive(b);
    }
  }

  /**
   * The cursor the runtime opens for a parse of {@code b} (unwrapped), reusing the last one, or
   * null when the runtime reads the buffer itself ({@link ProtoReads}). {@code ProtoCodec.CURSORS}
   * is a constant: for the runtimes without cursors the JIT folds this to null.
   */
  public ProtoInput cursor(ByteBuf b) {
    if (!ProtoCodec.CURSORS) {
      return null;
    }
    ProtoInput in = ProtoCodec.reader().open(b, input);
    if (in != input && in != null) {
      input = in; // null (the buffer's own reads) keeps the last cursor
    }
    if (parseInput != in) {
      parseInput = in;
    }
    return in;
  }

  /**
   * Whether a parse of this buffer is in progress: a deferred message then parsed (a later
   * occurrence of its field merges into it) is parsed through that parse's {@link #parseInput()},
   * which it returns to where it was, instead of opening a cursor of its own.
   */
  public boolean parsing() {
    return parsing;
  }

  /**
   * Reports that a message this parse filled lacks a required field: the caller of the top-level
   * parse then walks the tree to name them all ({@link #takeMissing}). Called by a message's parse
   * as it ends, for its own required fields only.
   */
  public void missingRequired() {
    missing = true;
  }

  /** Whether a required field was reported missing since the last call; forgets the report. */
  public boolean takeMissing() {
    boolean m = missing;
    if (m) {
      missing = false;
    }
    return m;
  }

  /** Marks a parse of this buffer as ended, or (a deferred message's first use) begun. */
  public void parsing(boolean parsing) {
    this.parsing = parsing;
  }

  /** The cursor of the parse in progress ({@link #cursor}'s last result; null: none). */
  public ProtoInput parseInput() {
    return parseInput;
  }

  /**
   * The buffer, for a lazy value's read or copy: checked, so the caller need not check it again.
   *
   * @throws IllegalReferenceCountException if it is closed, released, or (aliased) its memory is no
   *     longer what was parsed (see the class comment)
   */
  public ByteBuf buffer() {
    ByteBuf b = buf;
    int s = state;
    if (s == ALIASED && address != NO_IDENTITY) {
      // memoryAddress() and array() check that the buffer is alive (Netty's ensureAccessible).
      if (!sameMemory(b)) {
        throw reused();
      }
      return b;
    }
    if (s == CLOSED) {
      throw closed();
    }
    if (s != HELD && b.refCnt() == 0) {
      throw new IllegalReferenceCountException(0);
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
    int s = state;
    if (s != CLOSED) {
      state = CLOSED;
      if (s == HELD) {
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

  private static boolean nettyChecksAccess() {
    String v = System.getProperty("io.netty.buffer.checkAccessible");
    if (v == null) {
      v = System.getProperty("io.netty.buffer.bytebuf.checkAccessible");
    }
    if (v == null) {
      return true;
    }
    v = v.trim().toLowerCase(java.util.Locale.ROOT);
    // Anything else Netty reads as its default (true); we check ourselves then, to be sure.
    return v.isEmpty() || v.equals("true") || v.equals("yes") || v.equals("1");
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
