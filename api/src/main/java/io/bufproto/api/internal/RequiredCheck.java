package io.bufproto.api.internal;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Required fields at a write. A generated {@code _write} of a type with required fields tests its
 * own presence masks before its fields (one comparison per presence word, on a word it loads for
 * its fields anyway) and calls {@link #missing} when one is unset. So every message a write visits
 * checks itself, and the size pass and the write's entry ask nothing.
 *
 * <p>{@link #missing} throws {@link Missing}, which the write's entry ({@code writeTo}, {@code
 * toByteArray}) catches and turns into protobuf-java's error naming every missing field (the walk
 * of {@code isInitialized()}, run only then). The writer index has not moved; the bytes the write
 * had composed lie in the space reserved for the message, as after any failed write.
 *
 * <p>A partial write (the bytes the text and JSON formats print, protobuf-java's {@code
 * buildPartial().toByteArray()}) runs inside {@link #partially}: on its thread {@link #missing}
 * returns and the write goes on.
 */
public final class RequiredCheck {

  /** The threads running a partial write: entered only for a message missing a required field. */
  private static final Set<Thread> PARTIAL = ConcurrentHashMap.newKeySet();

  private RequiredCheck() {}

  /**
   * Generated-code API: a required field of the message being written is unset. Throws {@link
   * Missing}, unless a partial write is running on this thread.
   */
  public static void missing() {
    if (PARTIAL.isEmpty() || !PARTIAL.contains(Thread.currentThread())) {
      throw new Missing();
    }
  }

  /** Runs {@code write} with the required-field checks of this thread's writes off. */
  public static <T> T partially(Supplier<T> write) {
    Thread t = Thread.currentThread();
    if (!PARTIAL.add(t)) {
      return write.get(); // already partial (a write inside a partial write)
    }
    try {
      return write.get();
    } finally {
      PARTIAL.remove(t);
    }
  }

  /**
   * A write found a required field unset. Without a stack trace: it never leaves the write's entry,
   * which throws the error users see instead.
   */
  public static final class Missing extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private Missing() {
      super("a required field is unset", null, false, false);
    }
  }
}
