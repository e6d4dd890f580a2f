package io.bufproto.api.spi;

/**
 * A source of a {@link BufReader} (and of the {@link BufWriter} that goes with it), found with {@link java.util.ServiceLoader}.
 *
 * <p>Selection happens once, when {@link io.bufproto.api.ProtoCodec} is initialized: among the
 * providers whose {@link #isUsable()} is true, the one with the highest {@link #priority()} wins,
 * and its reader is kept in a {@code static final} field so the JIT sees a single receiver class.
 * The system property {@value io.bufproto.api.spi.Readers#FORCE_PROPERTY} names a provider to use
 * instead; naming one that is absent or unusable fails initialization.
 */
public interface BufReaderProvider {

  /** A short stable name: {@code checked}, {@code unchecked}, {@code module}. */
  String name();

  /** Higher wins. The always-present checked reader has priority 0. */
  int priority();

  /**
   * Whether this reader works in this JVM, decided by actually exercising it once (a provider
   * that needs package access to Netty, for example, fails when Netty is a named module or sits in
   * another class loader). Must not throw.
   */
  boolean isUsable();

  /** The reader; called only if {@link #isUsable()} returned true. */
  BufReader reader();

  /**
   * The writer that goes with the reader (same access to Netty); called only if
   * {@link #isUsable()} returned true. By default the checked one: Netty's public setters.
   */
  default BufWriter writer() {
    return io.bufproto.api.internal.CheckedWriter.INSTANCE;
  }
}
