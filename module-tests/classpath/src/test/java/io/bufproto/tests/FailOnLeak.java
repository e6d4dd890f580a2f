package io.bufproto.tests;

import io.netty.util.ResourceLeakDetector;

/**
 * Netty's leak detector for every run of the suite (surefire sets {@code
 * io.netty.customResourceLeakDetector} to this class; the module-path runs export this package to
 * {@code io.netty.common}, which constructs it reflectively): a leak report fails the test during
 * which Netty makes it, instead of being one more log line in a green build. A clean-clone CI once
 * printed 144 reports, from a test's own buffers, and passed.
 *
 * <p>Netty reports a leak when a later allocation finds a leaked buffer collected, so the failing
 * test is the one that allocated then, not always the one that leaked; the message carries Netty's
 * report, which names the buffer's type and (at the {@code PARANOID} level of the leak-aware {@link
 * BufKind}s, or with {@code -Dio.netty.leakDetection.level=paranoid}) where it was created. A leak
 * that is never reported (nothing is allocated after it) is not caught: this makes leaks visible,
 * it does not prove their absence.
 */
public final class FailOnLeak<T> extends ResourceLeakDetector<T> {

  /** Netty's factory looks up this constructor and the one below (4.1 and 4.2 alike). */
  public FailOnLeak(Class<?> resourceType, int samplingInterval) {
    super(resourceType, samplingInterval);
  }

  /** The deprecated form with {@code maxActive}, which Netty no longer uses. */
  public FailOnLeak(Class<?> resourceType, int samplingInterval, long maxActive) {
    this(resourceType, samplingInterval);
  }

  @Override
  protected void reportTracedLeak(String resourceType, String records) {
    super.reportTracedLeak(resourceType, records);
    throw new AssertionError(
        "Netty reported a leaked " + resourceType + " (release() not called):" + records);
  }

  @Override
  protected void reportUntracedLeak(String resourceType) {
    super.reportUntracedLeak(resourceType);
    throw new AssertionError(
        "Netty reported a leaked "
            + resourceType
            + " (release() not called); "
            + "run with -Dio.netty.leakDetection.level=paranoid to see where it was created");
  }
}
