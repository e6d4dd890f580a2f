package io.bufproto.api.internal;

/**
 * Whether the calling thread is a virtual thread: on one, the library takes its reusable arrays (a
 * string decode's scratch, a large write's chunk) from {@link SharedSlots} and gives them back,
 * rather than keeping them per thread, so a thread started for one request allocates no cache and
 * keeps none (docs/design/virtual-threads.md).
 *
 * <p>This is the JDK 21 class, in the jar's {@code META-INF/versions/21}. The JDK 17 class ({@code
 * src/main/java}) has the same methods and no thread it calls virtual.
 */
public final class VirtualThreads {

  private VirtualThreads() {}

  /**
   * Whether this class can tell a virtual thread: true here, false in the JDK 17 class. Tests ask
   * it to know which of the two classes the JVM loaded.
   */
  public static boolean detected() {
    return true;
  }

  /** Whether the calling thread is virtual. */
  static boolean current() {
    return Thread.currentThread().isVirtual();
  }

  /** Where the calling thread starts probing {@link SharedSlots}: its id. */
  static int probe() {
    return (int) Thread.currentThread().threadId();
  }
}
