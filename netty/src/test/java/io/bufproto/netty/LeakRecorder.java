package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Netty's leak detector for these tests (surefire sets {@code io.netty.customResourceLeakDetector}
 * to this class, and the level to {@code PARANOID}). Reports come on whichever thread allocates
 * after a leaked buffer was collected, often an event loop, so they are recorded, not thrown:
 * {@link #assertNoLeaks()} collects garbage, allocates to make Netty look, and fails if anything
 * was reported. This makes leaks visible; it cannot prove their absence.
 */
public final class LeakRecorder<T> extends ResourceLeakDetector<T> {

  private static final Queue<String> REPORTS = new ConcurrentLinkedQueue<>();

  /** Netty's factory looks up this constructor and the one below (4.1 and 4.2 alike). */
  public LeakRecorder(Class<?> resourceType, int samplingInterval) {
    super(resourceType, samplingInterval);
  }

  /** The deprecated form with {@code maxActive}, which Netty no longer uses. */
  public LeakRecorder(Class<?> resourceType, int samplingInterval, long maxActive) {
    this(resourceType, samplingInterval);
  }

  @Override
  protected void reportTracedLeak(String resourceType, String records) {
    REPORTS.add(resourceType + records);
  }

  @Override
  protected void reportUntracedLeak(String resourceType) {
    REPORTS.add(resourceType);
  }

  static void assertNoLeaks() {
    for (int round = 0; round < 3; round++) {
      System.gc();
      List<ByteBuf> probes = new ArrayList<>();
      for (int i = 0; i < 64; i++) {
        probes.add(PooledByteBufAllocator.DEFAULT.buffer(16));
      }
      probes.forEach(ByteBuf::release);
    }
    assertEquals(List.of(), List.copyOf(REPORTS), "Netty reported leaked buffers");
  }
}
