package io.bufproto.api.internal;

/**
 * Whether the calling thread is a virtual thread: on one, the library takes its reusable arrays (a
 * string decode's scratch, a large write's chunk) from {@link SharedSlots} and gives them back,
 * rather than keeping them per thread, so a thread started for one request allocates no cache and
 * keeps none (docs/design/virtual-threads.md).
 *
 * <p>This is the JDK 17 class: no thread is virtual, and {@link #current()} folds to false. The
 * jar's JDK 21 layer ({@code META-INF/versions/21}, from {@code src/main/java21}) holds the class
 * that asks {@code Thread.isVirtual()}; both have the same methods.
 */
public final class VirtualThreads {

  private VirtualThreads() {}

  /**
   * Whether this class can tell a virtual thread: false here, true in the JDK 21 layer. Tests ask
   * it to know which of the two classes the JVM loaded.
   */
  public static boolean detected() {
    return false;
  }

  /** Whether the calling thread is virtual. */
  static boolean current() {
    return false;
  }

  /** Where the calling thread starts probing {@link SharedSlots}: unused, no thread is virtual. */
  static int probe() {
    return 0;
  }
}
