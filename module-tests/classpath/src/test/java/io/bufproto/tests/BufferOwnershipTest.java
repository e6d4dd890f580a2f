package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.tests.lp.KeyValue;
import io.bufproto.tests.lp.Metadata;
import io.netty.buffer.AdaptiveByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import io.netty.util.ResourceLeakDetector;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Whose memory a parsed message's lazy values read (ProtoMessage, "Buffer ownership"): never memory
 * the message no longer owns. An aliased buffer released and handed out again with other memory is
 * detected; a retaining message holds its buffer until it is cleared, parsed again or materialized;
 * after that, values read through a sub-message kept from before fail.
 */
class BufferOwnershipTest {

  private static byte[] sample(String name) {
    Metadata m =
        new Metadata()
            .setProducerName(name)
            .setSequenceId(1)
            .setOrderingKey(new byte[] {1, 2, 3, 4});
    m.addReplicateTo(name + "-tag");
    m.addProperty().setKey("k-" + name).setValue("v-" + name);
    return m.toByteArray();
  }

  /** Every lazy read a user may make: strings, a repeated string, bytes, a slice, a write. */
  private static List<Supplier<Object>> lazyReads(Metadata m) {
    return List.of(
        m::getProducerName,
        () -> m.getReplicateToAt(0),
        m::getOrderingKey,
        m::getOrderingKeySlice,
        m::toByteArray);
  }

  /**
   * The pattern of the defect, on an event-loop thread: a pooled buffer parsed, released, and the
   * next allocation of its size written with another tenant's bytes. Netty's adaptive allocator
   * (4.2's default) hands the same buffer object back with other memory, its reference count 1
   * again: every lazy read then fails instead of returning the other tenant's data (the previous
   * code returned it). (Netty 4.1's pooled allocator hands back the same memory too, which no check
   * can tell apart: the Javadoc says so, and a retaining parse, below, is the protection.)
   */
  @Test
  void anAliasedBufferHandedOutAgainWithOtherMemoryIsDetected() throws Throwable {
    // On a thread like an event loop's, where pipelines run (Netty's recycler caches there).
    Throwable[] failure = new Throwable[1];
    int[] detected = new int[1];
    Thread loop =
        new io.netty.util.concurrent.FastThreadLocalThread(
            () -> {
              try {
                detected[0] = releaseReuseAndRead(new AdaptiveByteBufAllocator());
              } catch (Throwable t) {
                failure[0] = t;
              }
            });
    loop.start();
    loop.join();
    if (failure[0] != null) {
      throw failure[0];
    }
    assertTrue(detected[0] > 0, "the allocator never handed the same buffer back: no case met");
  }

  /** The cases of the same buffer with other memory met in 16 tries, each checked. */
  @SuppressWarnings("ReferenceEquality") // the same buffer object is the point
  private static int releaseReuseAndRead(ByteBufAllocator alloc) {
    byte[] mine = sample("tenant-a");
    byte[] theirs = sample("tenant-b"); // the same length
    assertEquals(mine.length, theirs.length);
    int detected = 0;
    for (int attempt = 0; attempt < 16; attempt++) {
      ByteBuf first = unwrapped(() -> alloc.directBuffer(mine.length));
      first.writeBytes(mine);
      long address = first.hasMemoryAddress() ? first.memoryAddress() : 0;
      Metadata m = new Metadata();
      m.parseFrom(first, first.readableBytes());
      first.release();
      ByteBuf second = unwrapped(() -> alloc.directBuffer(mine.length));
      second.writeBytes(theirs);
      try {
        if (second == first && second.hasMemoryAddress() && second.memoryAddress() != address) {
          detected++;
          assertEquals(1, second.refCnt());
          for (Supplier<Object> read : lazyReads(m)) {
            IllegalReferenceCountException e =
                assertThrows(IllegalReferenceCountException.class, read::get);
            assertTrue(e.getMessage().contains("handed out again"), e.getMessage());
          }
          assertEquals(1, m.getSequenceId(), "scalars were decoded during the parse");
        }
      } finally {
        second.release();
      }
    }
    return detected;
  }

  /** An allocation without the leak detector's wrapper (this suite runs under PARANOID). */
  private static ByteBuf unwrapped(Supplier<ByteBuf> allocation) {
    ResourceLeakDetector.Level level = ResourceLeakDetector.getLevel();
    ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
    try {
      return allocation.get();
    } finally {
      ResourceLeakDetector.setLevel(level);
    }
  }

  /**
   * The same detection, made deterministic on every Netty line: an unpooled heap buffer grown in
   * place moves to another array (same object, reference count 1, other memory).
   */
  @Test
  void anAliasedBufferWhoseMemoryMovedIsDetected() {
    byte[] mine = sample("tenant-a");
    ByteBuf buf = Unpooled.buffer(mine.length, 1 << 20).writeBytes(mine);
    Metadata m = new Metadata();
    m.parseFrom(buf, buf.readableBytes());
    buf.capacity(mine.length * 4);
    buf.setBytes(0, sample("tenant-b"));
    try {
      for (Supplier<Object> read : lazyReads(m)) {
        assertThrows(IllegalReferenceCountException.class, read::get);
      }
    } finally {
      buf.release();
    }
  }

  @Test
  void aRetainingMessageHoldsItsBufferUntilItIsClearedOrParsedAgain() {
    byte[] mine = sample("tenant-a");
    Metadata m = new Metadata().retainParsedBuffers(true);
    ByteBuf first = ByteBufAllocator.DEFAULT.directBuffer(mine.length).writeBytes(mine);
    m.parseFrom(first, first.readableBytes());
    assertEquals(2, first.refCnt(), "one reference for the whole parse, not one per value");
    first.release(); // the caller is done with it at once
    assertEquals(1, first.refCnt());
    ByteBuf other =
        ByteBufAllocator.DEFAULT.directBuffer(mine.length).writeBytes(sample("tenant-b"));
    assertNotSame(first, other, "a buffer the message holds is not handed out again");
    assertEquals("tenant-a", m.getProducerName());
    assertEquals("tenant-a-tag", m.getReplicateToAt(0));
    assertArrayEquals(new byte[] {1, 2, 3, 4}, m.getOrderingKey());
    assertArrayEquals(mine, m.toByteArray());

    KeyValue kept = m.getPropertyAt(0);
    m.parseFrom(other, other.readableBytes()); // the next parse releases the previous buffer
    assertEquals(0, first.refCnt());
    assertEquals(2, other.refCnt());
    assertEquals("tenant-b", m.getProducerName());
    assertEquals("k-tenant-b", kept.getKey(), "the child is reused by the parse");
    m.clear();
    assertEquals(1, other.refCnt(), "clear() releases");
    assertThrows(IllegalReferenceCountException.class, kept::getValue);
    m.clear(); // nothing more to release
    assertEquals(1, other.refCnt());
    other.release();
  }

  @Test
  void materializeReleasesARetainedBuffer() {
    byte[] mine = sample("tenant-a");
    Metadata m = new Metadata().retainParsedBuffers(true);
    ByteBuf buf = ByteBufAllocator.DEFAULT.heapBuffer(mine.length).writeBytes(mine);
    m.parseFrom(buf, buf.readableBytes());
    buf.release();
    m.materialize();
    assertEquals(0, buf.refCnt());
    assertEquals("tenant-a", m.getProducerName());
    assertEquals("v-tenant-a", m.getPropertyAt(0).getValue());
    assertArrayEquals(mine, m.toByteArray());
  }

  /**
   * After clear() (or a new parse, or materialize()), a sub-message obtained before reads nothing
   * through the buffer its parent no longer holds: its lazy getters fail (the previous code read
   * the buffer, whoever owned it by then). Its decoded values stay.
   */
  @Test
  void aSubMessageKeptPastItsParentsClearReadsNothing() {
    ByteBuf buf = Unpooled.directBuffer().writeBytes(sample("tenant-a"));
    Metadata m = new Metadata();
    m.parseFrom(buf, buf.readableBytes());
    KeyValue kept = m.getPropertyAt(0);
    assertEquals("k-tenant-a", kept.getKey());
    m.clear();
    assertEquals("k-tenant-a", kept.getKey(), "decoded before the clear: a value");
    assertThrows(IllegalReferenceCountException.class, kept::getValue);
    assertThrows(IllegalReferenceCountException.class, kept::toByteArray);
    buf.release();
  }

  @Test
  void onlyATopLevelMessageChoosesHowItHoldsBuffers() {
    Metadata m = new Metadata();
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> m.addProperty().retainParsedBuffers(true));
    assertTrue(e.getMessage().contains("top-level"), e.getMessage());
  }

  /** A parse that fails still holds its retained buffer until the message is cleared. */
  @Test
  void aFailedRetainingParseReleasesAtTheNextClear() {
    byte[] truncated = sample("tenant-a");
    truncated = java.util.Arrays.copyOf(truncated, truncated.length - 1);
    ByteBuf buf = Unpooled.wrappedBuffer(truncated);
    Metadata m = new Metadata().retainParsedBuffers(true);
    assertThrows(
        io.bufproto.api.InvalidProtobufException.class,
        () -> m.parseFrom(buf, buf.readableBytes()));
    assertEquals(2, buf.refCnt());
    m.clear();
    assertEquals(1, buf.refCnt());
    assertTrue(buf.release());
  }

  @Test
  void aParseOfAReleasedBufferLetsGoOfThePreviousOneOnce() {
    byte[] mine = sample("tenant-a");
    ByteBuf first = Unpooled.wrappedBuffer(mine);
    ByteBuf released = Unpooled.wrappedBuffer(sample("tenant-b"));
    released.release();
    for (boolean retain : new boolean[] {true, false}) {
      Metadata m = new Metadata().retainParsedBuffers(true);
      m.parseFrom(first, first.readableBytes());
      first.resetReaderIndex();
      assertEquals(2, first.refCnt());
      m.retainParsedBuffers(retain);
      assertThrows(
          IllegalReferenceCountException.class,
          () -> m.parseFrom(released, released.readableBytes()));
      assertEquals(1, first.refCnt(), "the failed parse let go of the previous buffer");
      m.clear();
      assertEquals(1, first.refCnt(), "and clear() does not let go of it again");
    }
    assertTrue(first.release());
  }
}
