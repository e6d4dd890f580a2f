package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;
import java.nio.BufferOverflowException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The write of a message larger than {@link ProtoWriter#MAX_SCRATCH} into a buffer without an array
 * (direct, composite, wrapped): the message is composed in a chunk of {@link #CHUNK} bytes, one per
 * thread, which is copied into the buffer whenever a store does not fit, and the composing goes on
 * from the chunk's start. No array as large as the message is ever allocated, whatever its size; a
 * value larger than the chunk (a bytes or string field, unknown fields) is copied straight into the
 * buffer.
 *
 * <p><b>How a store finds room.</b> Every store of {@link ProtoWriter} and {@link Utf8} checks
 * itself against the {@code end} it is given; one that does not fit calls {@link #flush}, which
 * copies the chunk's {@code [0, at)} into the buffer and returns 0, the index to go on at. Those
 * bytes are final: stores never go back to an earlier index (a wide store may write past its value,
 * never before it). {@code flush} finds the write in progress by its chunk; for any other array (a
 * heap buffer written in place, a scratch, {@code toByteArray}) it throws {@link
 * BufferOverflowException}: there, a store past {@code end} means the message changed while being
 * written.
 *
 * <p><b>Whose chunk.</b> A platform thread keeps one chunk for its life (an event loop's few
 * threads, 64 KiB each). A virtual thread takes one from {@link SharedSlots} and gives it back (at
 * most one chunk per slot is kept), or, when every one is taken, makes one for the write.
 *
 * <p><b>Bounds.</b> Nothing is copied past the space {@code writeTo} reserved: a message that grows
 * while being written fails with {@link WriteFailure#modifiedWhileWriting} at the flush that would
 * cross it, and the writer index is moved only when the whole message was written.
 */
final class ChunkedWrite {

  /** The chunk's size: a bound on what a thread keeps, and large enough to make flushes rare. */
  static final int CHUNK = 64 * 1024;

  /** The chunk of each platform thread that wrote a large message, kept for its life. */
  private static final ThreadLocal<ChunkedWrite> CURRENT = new ThreadLocal<>();

  /** The chunks virtual threads take and give back ({@link VirtualThreads}). */
  private static final SharedSlots<ChunkedWrite> SHARED = new SharedSlots<>(ChunkedWrite::new);

  /**
   * The write in progress on each virtual thread that found every shared slot taken, made for that
   * write; {@link #flush} looks for its chunk here too.
   */
  private static final Map<Thread, ChunkedWrite> UNSHARED = new ConcurrentHashMap<>();

  private final byte[] chunk = new byte[CHUNK];

  /** The target while a write is in progress, else null. */
  private ByteBuf out;

  /** Where the next flush goes in {@code out}. */
  private int index;

  /** The end of the space reserved for the message in {@code out}. */
  private int limit;

  private ChunkedWrite() {}

  /**
   * Writes {@code message}, whose size is {@code size}, at {@code out}'s writer index (room for it
   * was made), and advances the writer index past it.
   */
  static void write(InternalMessage message, ByteBuf out, int size) {
    if (VirtualThreads.current()) {
      writeShared(message, out, size);
      return;
    }
    ChunkedWrite w = CURRENT.get();
    if (w == null) {
      w = new ChunkedWrite();
      CURRENT.set(w);
    }
    w.compose(message, out, size);
  }

  /** {@link #write} on a virtual thread: in a shared chunk, or a new one if every one is taken. */
  private static void writeShared(InternalMessage message, ByteBuf out, int size) {
    int slot = SHARED.take(VirtualThreads.probe());
    if (slot < 0) {
      Thread thread = Thread.currentThread();
      ChunkedWrite w = new ChunkedWrite();
      ChunkedWrite outer = UNSHARED.put(thread, w);
      try {
        w.compose(message, out, size);
      } finally {
        if (outer == null) {
          UNSHARED.remove(thread);
        } else {
          UNSHARED.put(thread, outer);
        }
      }
      return;
    }
    try {
      SHARED.get(slot).compose(message, out, size);
    } finally {
      SHARED.give(slot);
    }
  }

  /** {@link #write} in this object's chunk. */
  private void compose(InternalMessage message, ByteBuf target, int size) {
    int start = target.writerIndex();
    out = target;
    index = start;
    limit = start + size;
    try {
      try {
        flushChunk(message._write(chunk, 0, CHUNK));
      } catch (BufferOverflowException e) {
        throw WriteFailure.modifiedWhileWriting(-1, size);
      }
      if (index != limit) {
        throw WriteFailure.modifiedWhileWriting(index - start, size);
      }
    } finally {
      out = null;
    }
    target.writerIndex(start + size);
  }

  /** The write in progress that composes in {@code array}, or throws: see the class comment. */
  private static ChunkedWrite of(byte[] array) {
    if (VirtualThreads.current()) {
      return sharedOf(array);
    }
    ChunkedWrite w = CURRENT.get();
    if (w == null || w.out == null || w.chunk != array) {
      throw new BufferOverflowException();
    }
    return w;
  }

  /** {@link #of} on a virtual thread. */
  private static ChunkedWrite sharedOf(byte[] array) {
    for (int slot = 0; slot < SharedSlots.SLOTS; slot++) {
      ChunkedWrite w = SHARED.get(slot);
      if (w != null && w.chunk == array && w.out != null) {
        return w;
      }
    }
    ChunkedWrite w = UNSHARED.isEmpty() ? null : UNSHARED.get(Thread.currentThread());
    if (w != null && w.chunk == array && w.out != null) {
      return w;
    }
    throw new BufferOverflowException();
  }

  /**
   * Makes room in {@code array}, where the bytes before {@code at} are final: copies them into the
   * buffer and returns 0, the index to store at now (the whole chunk is free).
   *
   * @throws BufferOverflowException if {@code array} is not the chunk of a write in progress
   */
  static int flush(byte[] array, int at) {
    of(array).flushChunk(at);
    return 0;
  }

  /**
   * Writes {@code length} bytes of {@code src} from {@code offset} after the bytes before {@code
   * at} in {@code array}: both go straight into the buffer. Returns 0.
   */
  static int writeThrough(byte[] array, int at, byte[] src, int offset, int length) {
    ChunkedWrite w = of(array);
    w.out.setBytes(w.past(at, length), src, offset, length);
    return 0;
  }

  /** As the other {@code writeThrough}, from a buffer ({@code src}'s indexes unaffected). */
  static int writeThrough(byte[] array, int at, ByteBuf src, int offset, int length) {
    ChunkedWrite w = of(array);
    w.out.setBytes(w.past(at, length), src, offset, length);
    return 0;
  }

  /**
   * Flushes the chunk's first {@code at} bytes, then takes the {@code length} bytes after them in
   * the buffer: returns their index.
   */
  private int past(int at, int length) {
    flushChunk(at);
    reserve(length);
    int i = index;
    index += length;
    return i;
  }

  private void flushChunk(int length) {
    reserve(length);
    ProtoCodec.WRITER.setBytes(out, index, chunk, length);
    index += length;
  }

  private void reserve(int length) {
    if (length > limit - index) {
      throw new BufferOverflowException(); // more than the size announced: the message changed
    }
  }
}
