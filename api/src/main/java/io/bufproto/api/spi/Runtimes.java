package io.bufproto.api.spi;

import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Chooses the runtime once per JVM (see {@link BufProtoRuntime} for the rules): {@link
 * BufProtoRuntime#active()}, which generated code's reads keep in a {@code static final}.
 */
final class Runtimes {

  /** The runtime chosen on first use; a bad forced name fails this class's initialization. */
  private static final class Active {
    static final BufProtoRuntime RUNTIME = select();
  }

  static BufProtoRuntime active() {
    return Active.RUNTIME;
  }

  /**
   * System property forcing a runtime by name: {@code classpath}, {@code module}, {@code checked}.
   */
  static final String FORCE_PROPERTY = "bufproto.runtime";

  private Runtimes() {}

  /** The checked runtime: Netty's public API only, always present, priority 0. */
  static final BufProtoRuntime CHECKED =
      new BufProtoRuntime() {
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

  /**
   * The winning runtime for this JVM; throws {@link IllegalStateException} on a bad forced name.
   */
  static BufProtoRuntime select() {
    String forced = System.getProperty(FORCE_PROPERTY, "").trim();
    BufProtoRuntime best = CHECKED;
    StringBuilder seen = new StringBuilder(CHECKED.name());
    if (forced.equals(CHECKED.name())) {
      return CHECKED;
    }
    Iterator<BufProtoRuntime> it =
        ServiceLoader.load(BufProtoRuntime.class, Runtimes.class.getClassLoader()).iterator();
    while (true) {
      BufProtoRuntime p;
      try {
        if (!it.hasNext()) {
          break;
        }
        p = it.next();
      } catch (ServiceConfigurationError | LinkageError e) {
        // One broken runtime must not hide the others.
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
          "-D"
              + FORCE_PROPERTY
              + "="
              + forced
              + " names no usable BufProto runtime; found: "
              + seen);
    }
    return best;
  }

  private static boolean usable(BufProtoRuntime p) {
    try {
      return p.isUsable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }
}
