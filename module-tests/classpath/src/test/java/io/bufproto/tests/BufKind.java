package io.bufproto.tests;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

/** Every kind of buffer Netty hands out, as a parse source and as a write target. */
enum BufKind {
  UNPOOLED_HEAP,
  UNPOOLED_DIRECT,
  POOLED_HEAP,
  POOLED_DIRECT,
  /** The bytes spread over three components. */
  COMPOSITE,
  /** A slice in the middle of a larger pooled buffer, as frame decoders hand over. */
  SLICE,
  /** A retained duplicate of a pooled heap buffer (shares memory and reference count). */
  DUPLICATE,
  /** A read-only view (source only; as a target it is an unpooled heap buffer). */
  READ_ONLY,
  /** Data after a prefix: non-zero reader index (source) or writer index (target). */
  OFFSET,
  /**
   * A pooled direct buffer wrapped by Netty's leak detector (PARANOID: AdvancedLeakAwareByteBuf).
   */
  LEAK_AWARE,
  /**
   * A leak-aware composite (AdvancedLeakAwareCompositeByteBuf): it extends CompositeByteBuf but
   * delegates, so its own index fields are stale; a reader must never rely on them.
   */
  LEAK_AWARE_COMPOSITE;

  /** Allocates under ResourceLeakDetector level PARANOID, so the allocator wraps the buffer. */
  private static <T> T paranoid(java.util.function.Supplier<T> allocation) {
    io.netty.util.ResourceLeakDetector.Level before = io.netty.util.ResourceLeakDetector.getLevel();
    io.netty.util.ResourceLeakDetector.setLevel(io.netty.util.ResourceLeakDetector.Level.PARANOID);
    try {
      return allocation.get();
    } finally {
      io.netty.util.ResourceLeakDetector.setLevel(before);
    }
  }

  private static final PooledByteBufAllocator POOL = PooledByteBufAllocator.DEFAULT;

  /**
   * {@code b} (a new pooled buffer of capacity {@code data.length}) holding {@code data}, with the
   * rest of its pool element (past its capacity) filled with random bytes, seeded by the data: the
   * classpath reader may load up to the element's end, and a varint cut off at the end of the data
   * must still be a truncation, never a value decoded from those bytes.
   */
  private static ByteBuf junkAfter(ByteBuf b, byte[] data) {
    int element = b.maxFastWritableBytes(); // a pooled buffer: its element's length
    if (element > data.length) {
      byte[] junk = new byte[element - data.length];
      new java.util.Random(java.util.Arrays.hashCode(data)).nextBytes(junk);
      bytesAfter(b, junk); // lost where Netty moves the buffer to shrink it (see there)
    }
    return b.writeBytes(data);
  }

  /**
   * Puts {@code after} in pooled buffer {@code b}'s pool element right after its capacity, where
   * the classpath reader may load: Netty grows a pooled buffer within its element in place, and
   * shrinks it in place only when the capacity stays above half the element and, for elements of
   * 512 bytes or less, within 16 bytes of its end (else it moves the buffer). Returns whether the
   * bytes stayed there.
   */
  static boolean bytesAfter(ByteBuf b, byte[] after) {
    int capacity = b.capacity();
    b.capacity(capacity + after.length);
    b.setBytes(capacity, after);
    b.capacity(capacity);
    b.capacity(capacity + after.length);
    byte[] check = new byte[after.length];
    b.getBytes(capacity, check);
    b.capacity(capacity);
    return java.util.Arrays.equals(after, check);
  }

  /** A buffer whose readable bytes are exactly {@code data}; release it when done. */
  ByteBuf source(byte[] data) {
    switch (this) {
      case UNPOOLED_HEAP -> {
        return Unpooled.copiedBuffer(data);
      }
      case UNPOOLED_DIRECT -> {
        return Unpooled.directBuffer(data.length, data.length).writeBytes(data);
      }
      case POOLED_HEAP -> {
        return junkAfter(POOL.heapBuffer(data.length), data);
      }
      case POOLED_DIRECT -> {
        return junkAfter(POOL.directBuffer(data.length), data);
      }
      case COMPOSITE -> {
        CompositeByteBuf c = Unpooled.compositeBuffer();
        int a = data.length / 3;
        int b = 2 * data.length / 3;
        c.addComponent(true, Unpooled.copiedBuffer(data, 0, a));
        c.addComponent(true, Unpooled.directBuffer(Math.max(b - a, 1)).writeBytes(data, a, b - a));
        c.addComponent(true, Unpooled.copiedBuffer(data, b, data.length - b));
        return c;
      }
      case SLICE -> {
        ByteBuf parent = POOL.directBuffer(data.length + 32);
        parent.writeBytes(new byte[16]).writeBytes(data).writeBytes(new byte[16]);
        ByteBuf slice = parent.retainedSlice(16, data.length);
        parent.release();
        return slice;
      }
      case DUPLICATE -> {
        ByteBuf parent = POOL.heapBuffer(data.length + 8).writeBytes(data);
        ByteBuf duplicate = parent.retainedDuplicate();
        parent.release();
        return duplicate;
      }
      case READ_ONLY -> {
        return Unpooled.copiedBuffer(data).asReadOnly();
      }
      case OFFSET -> {
        ByteBuf b = Unpooled.buffer(data.length + 7);
        b.writeBytes(new byte[] {1, 2, 3, 4, 5, 6, 7}).writeBytes(data);
        b.readerIndex(7);
        return b;
      }
      case LEAK_AWARE -> {
        return paranoid(() -> POOL.directBuffer(data.length + 8)).writeBytes(data);
      }
      case LEAK_AWARE_COMPOSITE -> {
        CompositeByteBuf c = paranoid(() -> POOL.compositeDirectBuffer());
        int a = data.length / 2;
        c.addComponent(true, POOL.directBuffer(Math.max(a, 1)).writeBytes(data, 0, a));
        c.addComponent(
            true,
            POOL.heapBuffer(Math.max(data.length - a, 1)).writeBytes(data, a, data.length - a));
        c.readerIndex(0);
        return c;
      }
    }
    throw new AssertionError(this);
  }

  /**
   * An empty target (OFFSET: with 5 bytes already written; COMPOSITE: 3 bytes in its first part)
   * for about {@code expectedSize} bytes; release it when done.
   */
  ByteBuf target(int expectedSize) {
    switch (this) {
      case UNPOOLED_HEAP, READ_ONLY -> {
        return Unpooled.buffer(0);
      }
      case UNPOOLED_DIRECT -> {
        return Unpooled.directBuffer(0);
      }
      case POOLED_HEAP -> {
        return POOL.heapBuffer(16);
      }
      case POOLED_DIRECT -> {
        return POOL.directBuffer(16);
      }
      case COMPOSITE -> {
        // Two parts, the writer index where the second starts: the bytes go into its memory.
        CompositeByteBuf c = Unpooled.compositeBuffer();
        c.addComponent(true, Unpooled.buffer(3).writeBytes(new byte[] {7, 7, 7}));
        c.addComponent(
            false, Unpooled.directBuffer(expectedSize + 16).writerIndex(expectedSize + 16));
        return c;
      }
      case DUPLICATE -> {
        return POOL.directBuffer(16).duplicate();
      }
      case SLICE -> {
        // A fixed-capacity window into a larger buffer: writes must fit, nothing may grow it.
        int capacity = expectedSize + 64;
        ByteBuf parent = POOL.directBuffer(capacity + 8, Integer.MAX_VALUE);
        ByteBuf slice = parent.retainedSlice(8, capacity).clear();
        parent.release();
        return slice;
      }
      case OFFSET -> {
        return Unpooled.buffer(8).writeBytes(new byte[] {9, 9, 9, 9, 9});
      }
      case LEAK_AWARE -> {
        return paranoid(() -> POOL.directBuffer(16));
      }
      case LEAK_AWARE_COMPOSITE -> {
        return paranoid(() -> POOL.compositeDirectBuffer());
      }
    }
    throw new AssertionError(this);
  }
}
