package io.bufproto.api.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The slots virtual threads take their reusable arrays from on JDK 21+ ({@link SharedSlots}),
 * tested directly so the JDK 17 build tests them too: a slot is held by one taker at a time, a
 * freed slot's object is used again, and no more than {@link SharedSlots#SLOTS} objects are kept.
 */
class SharedSlotsTest {

  @Test
  void aFreedSlotsObjectIsTakenAgain() {
    SharedSlots<byte[]> slots = new SharedSlots<>(() -> new byte[16]);
    int slot = slots.take(5);
    byte[] first = slots.get(slot);
    slots.give(slot);
    int again = slots.take(5);
    assertEquals(slot, again);
    assertSame(first, slots.get(again));
    slots.give(again);
    assertEquals(1, slots.kept());
  }

  @Test
  void everySlotTakenSaysSoAndNothingMoreIsKept() {
    SharedSlots<byte[]> slots = new SharedSlots<>(() -> new byte[16]);
    Set<Integer> taken = new HashSet<>();
    for (int i = 0; i < SharedSlots.SLOTS; i++) {
      assertTrue(taken.add(slots.take(i * 7)), "a slot taken twice");
    }
    assertEquals(-1, slots.take(0));
    assertEquals(SharedSlots.SLOTS, slots.kept());
    for (int slot : taken) {
      slots.give(slot);
    }
    assertTrue(slots.take(3) >= 0);
  }

  @Test
  void threadsTakingAtOnceNeverShareAnObject() throws Exception {
    SharedSlots<byte[]> slots = new SharedSlots<>(() -> new byte[64]);
    CountDownLatch start = new CountDownLatch(1);
    AtomicReference<String> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      byte mark = (byte) (t + 1);
      Thread thread =
          new Thread(
              () -> {
                try {
                  start.await();
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return;
                }
                for (int i = 0; i < 20_000; i++) {
                  int slot = slots.take(i);
                  byte[] s = slot < 0 ? new byte[64] : slots.get(slot);
                  Arrays.fill(s, mark);
                  for (byte b : s) {
                    if (b != mark) {
                      failure.compareAndSet(null, "slot " + slot + " written by another thread");
                    }
                  }
                  if (slot >= 0) {
                    slots.give(slot);
                  }
                }
              });
      thread.start();
      threads.add(thread);
    }
    start.countDown();
    for (Thread thread : threads) {
      thread.join();
    }
    assertNull(failure.get());
    assertTrue(slots.kept() <= SharedSlots.SLOTS);
  }
}
