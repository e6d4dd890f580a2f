package io.bufproto.api.spi;

/**
 * A runtime: the {@link BufReader} and {@link BufWriter} generated code reads and writes buffers
 * through, found with {@link java.util.ServiceLoader}. One name per runtime, the same for its
 * artifact, module, {@link #name()} and the system property's value: {@code classpath} ({@code
 * bufproto-runtime-classpath}), {@code module} ({@code bufproto-runtime-module}, module {@code
 * io.bufproto.runtime.module}), {@code checked} (in {@code bufproto-api}, always present).
 *
 * <p>Selection happens once, when generated code first parses or writes: among the runtimes whose
 * {@link #isUsable()} is true, the one with the highest {@link #priority()} wins, and its reader
 * and writer are kept in {@code static final} fields so the JIT sees a single receiver class. The
 * system property {@code bufproto.runtime} names a runtime to use instead; naming one that is
 * absent or unusable fails initialization. {@link #active()} says which one is active.
 */
public interface BufProtoRuntime {

  /**
   * The runtime this JVM uses, chosen on first use; {@code BufProtoRuntime.active().name()} says
   * which one ({@code classpath}, {@code module} or {@code checked}).
   *
   * @throws ExceptionInInitializerError if {@code bufproto.runtime} names a runtime that is absent
   *     or unusable (its cause, an {@link IllegalStateException}, lists the runtimes found)
   */
  static BufProtoRuntime active() {
    return Runtimes.active();
  }

  /** A short stable name: {@code classpath}, {@code module}, {@code checked}. */
  String name();

  /** Higher wins. The always-present checked runtime has priority 0. */
  int priority();

  /**
   * Whether this runtime works in this JVM, decided by actually exercising it once (a runtime that
   * needs package access to Netty, for example, fails when Netty is a named module or sits in
   * another class loader). Must not throw.
   */
  boolean isUsable();

  /** The reader; called only if {@link #isUsable()} returned true. */
  BufReader reader();

  /**
   * The writer that goes with the reader (same access to Netty); called only if {@link #isUsable()}
   * returned true. By default the checked one: Netty's public setters.
   */
  default BufWriter writer() {
    return BufWriter.checked();
  }
}
