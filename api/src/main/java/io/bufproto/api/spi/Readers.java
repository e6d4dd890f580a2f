package io.bufproto.api.spi;

import io.bufproto.api.internal.CheckedReader;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Chooses the {@link BufReader} once per JVM (see {@link BufReaderProvider} for the rules).
 * {@link io.bufproto.api.ProtoCodec} keeps the result in a {@code static final}.
 */
public final class Readers {

  /** System property forcing a reader by name: {@code checked}, {@code unchecked}, {@code module}. */
  public static final String FORCE_PROPERTY = "bufproto.reader";

  private Readers() {}

  /** The checked reader's provider: Netty's public API only, always present, priority 0. */
  static final BufReaderProvider CHECKED =
      new BufReaderProvider() {
        @Override
        public String name() {
          return CheckedReader.NAME;
        }

        @Override
        public int priority() {
          return 0;
        }

        @Override
        public boolean isUsable() {
          return true;
        }

        @Override
        public BufReader reader() {
          return CheckedReader.INSTANCE;
        }
      };

  /** The winning provider for this JVM; throws {@link IllegalStateException} on a bad forced name. */
  public static BufReaderProvider select() {
    String forced = System.getProperty(FORCE_PROPERTY, "").trim();
    BufReaderProvider best = CHECKED;
    StringBuilder seen = new StringBuilder(CHECKED.name());
    if (forced.equals(CHECKED.name())) {
      return CHECKED;
    }
    Iterator<BufReaderProvider> it =
        ServiceLoader.load(BufReaderProvider.class, Readers.class.getClassLoader()).iterator();
    while (true) {
      BufReaderProvider p;
      try {
        if (!it.hasNext()) {
          break;
        }
        p = it.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        // One broken provider must not hide the others.
        seen.append(", <broken: ").append(e).append('>');
        continue;
      }
      boolean usable = usable(p);
      seen.append(", ").append(p.name()).append(usable ? "" : " (unusable)");
      if (!forced.isEmpty()) {
        if (p.name().equals(forced) && usable) {
          return p;
        }
      } else if (usable && p.priority() > best.priority()) {
        best = p;
      }
    }
    if (!forced.isEmpty()) {
      throw new IllegalStateException(
          "-D" + FORCE_PROPERTY + "=" + forced + " names no usable BufProto reader; found: " + seen);
    }
    return best;
  }

  private static boolean usable(BufReaderProvider p) {
    try {
      return p.isUsable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
