package io.bufproto.api.internal;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;

/**
 * Strings that take ownership of a fresh array instead of copying it, where the JVM allows it: the
 * JDK's own {@code JavaLangAccess} factory (what {@code Files.readString} uses), reachable only
 * when the JVM is started with {@code --add-exports java.base/jdk.internal.access=ALL-UNNAMED} (on
 * the module path: {@code =io.bufproto.api}). Without that option {@link #AVAILABLE} is false and
 * nothing here is used: no warning, no reflection beyond one failed lookup at class initialization.
 * See docs/design/strings.md, "Reading".
 */
final class OwnedStrings {

  private OwnedStrings() {}

  /** {@code (byte[], Charset) -> String}, bound to the JDK's {@code JavaLangAccess}; or null. */
  private static final MethodHandle FACTORY = factory();

  /** Whether {@link #latin1} may be called. */
  static final boolean AVAILABLE = FACTORY != null;

  private static MethodHandle factory() {
    try {
      Class<?> secrets = Class.forName("jdk.internal.access.SharedSecrets");
      Class<?> access = Class.forName("jdk.internal.access.JavaLangAccess");
      Object jla = secrets.getMethod("getJavaLangAccess").invoke(null);
      MethodType type = MethodType.methodType(String.class, byte[].class, Charset.class);
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      // JDK 17 to 23 name it newStringNoRepl; JDK 24 and later uncheckedNewStringNoRepl.
      for (String name : new String[] {"uncheckedNewStringNoRepl", "newStringNoRepl"}) {
        try {
          MethodHandle h = lookup.findVirtual(access, name, type).bindTo(jla);
          return probe(h) ? h : null;
        } catch (NoSuchMethodException e) {
          // try the other name
        }
      }
      return null;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      return null; // not exported to this module: the normal path
    }
  }

  /** Whether {@code h} builds the right string on this JVM. */
  private static boolean probe(MethodHandle h) {
    try {
      byte[] b = {'o', 'k'};
      String s = (String) h.invokeExact(b, StandardCharsets.ISO_8859_1);
      return "ok".equals(s);
    } catch (Throwable t) {
      return false;
    }
  }

  /**
   * A string of the Latin-1 {@code bytes}, which it then owns: the caller must not keep or change
   * the array. Only if {@link #AVAILABLE}.
   */
  static String latin1(byte[] bytes) {
    try {
      return (String) FACTORY.invokeExact(bytes, StandardCharsets.ISO_8859_1);
    } catch (Throwable t) {
      // Latin-1 has no malformed input: nothing to report.
      throw new IllegalStateException(t);
    }
  }
}
