package io.bufproto.api.internal;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Supplier;

/**
 * A fixed number of reusable objects shared by the virtual threads, each held by one taker at a
 * time: what they use instead of per-thread caches ({@link VirtualThreads}). A taker claims a free
 * slot (one compare-and-set on its flag), uses the slot's object, made on the slot's first use and
 * kept for good, and frees the slot (one release store). Slots are probed from one the caller picks
 * (its thread's id), so threads running at once seldom meet, and each flag has a cache line of its
 * own. When every slot is taken, {@link #take} says so and the caller makes an object of its own,
 * which is not kept.
 *
 * <p><b>Memory kept</b>: at most {@link #SLOTS} objects, whatever the number of threads. {@link
 * #SLOTS} is the virtual threads' scheduler's parallelism (its carrier threads, so the virtual
 * threads running at once) rounded up to a power of two. A decode or a write waits on nothing, so
 * its virtual thread keeps its carrier while it holds a slot, unless the target buffer's own copy
 * blocks; callers past the slots then make their own objects, and the bound still holds.
 */
final class SharedSlots<T> {

  /** The number of slots. */
  static final int SLOTS = slots();

  private static final int MASK = SLOTS - 1;

  /** Flags are this many ints apart: 64 bytes, a cache line. */
  private static final int SPACING = 16;

  private final Supplier<T> make;
  private final AtomicReferenceArray<T> objects = new AtomicReferenceArray<>(SLOTS);

  /** 1 where the slot is taken, at {@code slot * SPACING}. */
  private final AtomicIntegerArray taken = new AtomicIntegerArray(SLOTS * SPACING);

  SharedSlots(Supplier<T> make) {
    this.make = make;
  }

  /** The virtual threads' scheduler's parallelism rounded up to a power of two. */
  private static int slots() {
    int carriers =
        Integer.getInteger(
            "jdk.virtualThreadScheduler.parallelism", Runtime.getRuntime().availableProcessors());
    return Integer.highestOneBit(Math.max(1, carriers) * 2 - 1);
  }

  /**
   * Takes a free slot, probing from {@code probe}: its number, whose object is the caller's until
   * {@link #give}; or -1 if every slot is taken.
   */
  int take(int probe) {
    for (int i = 0; i < SLOTS; i++) {
      int slot = (probe + i) & MASK;
      int flag = slot * SPACING;
      if (taken.get(flag) == 0 && taken.compareAndSet(flag, 0, 1)) {
        if (objects.get(slot) == null) {
          made(slot);
        }
        return slot;
      }
    }
    return -1;
  }

  /** Makes the object of {@code slot}, just taken; frees the slot if that fails. */
  private void made(int slot) {
    try {
      objects.set(slot, make.get());
    } catch (RuntimeException | Error e) {
      give(slot);
      throw e;
    }
  }

  /** The object of {@code slot}: a taken one's, or null if it was never taken. */
  T get(int slot) {
    return objects.get(slot);
  }

  /** Frees {@code slot}, taken by the caller. */
  void give(int slot) {
    taken.setRelease(slot * SPACING, 0);
  }

  /** The objects kept: for tests. */
  int kept() {
    int n = 0;
    for (int slot = 0; slot < SLOTS; slot++) {
      n += objects.get(slot) != null ? 1 : 0;
    }
    return n;
  }
}
