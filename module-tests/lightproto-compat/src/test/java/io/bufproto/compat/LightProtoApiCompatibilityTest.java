package io.bufproto.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every public member of every class LightProto generates for its own test schemas exists in the
 * class BufProto generates for the same schema, with the same signature: the same name, parameters
 * and return type (LightProto's generated types mapped to ours), the same static-ness; every public
 * nested type, enum constant and constant field. So code written against LightProto's classes
 * compiles against ours, and {@link LightProtoLinkageTest} shows that code compiled against them
 * links.
 *
 * <p>Both are generated in this module from {@code src/main/protobuf}: LightProto's classes in the
 * schemas' own Java packages, ours in the same packages with the prefix {@code Bp} ({@code Person}
 * and {@code BpPerson}). Members named with a leading {@code _} are generated-code internals in
 * both and not compared. The LightProto version is the build's ({@code lightproto.version}: 0.7.3
 * from Maven Central unless another is given). Deliberate differences are listed in {@link
 * #DIFFERENCES}, each with its reason, and in docs/guide/from-lightproto.md.
 */
class LightProtoApiCompatibilityTest {

  private static final String PREFIX = "Bp";

  /**
   * Member keys ({@code Type#member(params)}, nested types with {@code $}) that differ on purpose,
   * with the reason; a key that no longer differs fails the test, so the list stays true.
   */
  static final Map<String, String> DIFFERENCES = Map.of();

  /**
   * LightProto's support classes are its runtime, not the generated message API: {@code
   * LightProtoCodec} per package and (0.8.0) {@code io.netty.buffer.LightProtoByteBufAccess_*}.
   */
  private static final String LIGHTPROTO_SUPPORT = "LightProto";

  @Test
  void everyPublicMemberOfLightProtosClassesExistsInOurs() throws Exception {
    List<String> topLevel = lightProtoClasses();
    assertTrue(topLevel.size() > 100, "LightProto's classes found: " + topLevel.size());
    Set<String> generated = new TreeSet<>(topLevel);
    List<String> problems = new ArrayList<>();
    for (String name : topLevel) {
      Class<?> lp = load(name);
      Class<?> bp = load(ours(name));
      compare(lp, bp, generated, problems);
    }
    Set<String> unused = new TreeSet<>(DIFFERENCES.keySet());
    problems.removeIf(
        p -> {
          String key = p.substring(0, p.indexOf(':'));
          unused.remove(key);
          return DIFFERENCES.containsKey(key);
        });
    assertEquals(
        "",
        String.join("\n", problems),
        problems.size()
            + " members of LightProto "
            + System.getProperty("lightproto.version")
            + "'s classes are missing or incompatible in BufProto's");
    assertEquals(Set.of(), unused, "listed as differences but no longer different");
  }

  private static void compare(
      Class<?> lp, Class<?> bp, Set<String> generated, List<String> problems) {
    String where = lp.getName().substring(lp.getPackageName().length() + 1);
    if (lp.isEnum()) {
      Set<String> ours =
          Arrays.stream(bp.getFields()).map(Field::getName).collect(Collectors.toSet());
      for (Object constant : lp.getEnumConstants()) {
        String name = ((Enum<?>) constant).name();
        if (!ours.contains(name)) {
          problems.add(where + "#" + name + ": enum constant missing");
        }
      }
    }
    for (Field f : lp.getFields()) {
      if (f.getDeclaringClass() != lp || f.isEnumConstant()) {
        continue;
      }
      String key = where + "#" + f.getName();
      try {
        Field o = bp.getField(f.getName());
        if (Modifier.isStatic(o.getModifiers()) != Modifier.isStatic(f.getModifiers())
            || !map(f.getType(), generated).isAssignableFrom(o.getType())) {
          problems.add(
              key + ": field is " + o.toGenericString() + ", LightProto's " + f.toGenericString());
        }
      } catch (NoSuchFieldException e) {
        problems.add(key + ": field missing (" + f.toGenericString() + ")");
      }
    }
    for (Constructor<?> c : lp.getConstructors()) {
      String key = where + "#<init>" + params(c.getParameterTypes());
      try {
        Constructor<?> unused = bp.getConstructor(map(c.getParameterTypes(), generated));
      } catch (NoSuchMethodException e) {
        problems.add(key + ": constructor missing");
      }
    }
    for (Method m : lp.getDeclaredMethods()) {
      if (!Modifier.isPublic(m.getModifiers())
          || m.isSynthetic()
          || m.isBridge()
          || m.getName().startsWith("_")) {
        // '_' marks generated-code internals in both (LightProto 0.8.0's _writeTo(byte[], int)).
        continue;
      }
      String key = where + "#" + m.getName() + params(m.getParameterTypes());
      Method o;
      try {
        o = bp.getMethod(m.getName(), map(m.getParameterTypes(), generated));
      } catch (NoSuchMethodException e) {
        problems.add(
            key
                + ": method missing (LightProto's returns "
                + m.getReturnType().getSimpleName()
                + ")");
        continue;
      }
      Class<?> expected = map(m.getReturnType(), generated);
      if (o.getReturnType() != expected) {
        // Exact: the JVM links a call by its descriptor, return type included.
        problems.add(
            key
                + ": returns "
                + o.getReturnType().getName()
                + ", LightProto's "
                + m.getReturnType().getName());
      }
      if (Modifier.isStatic(o.getModifiers()) != Modifier.isStatic(m.getModifiers())) {
        problems.add(key + ": static in one, not in the other");
      }
    }
    for (Class<?> nested : lp.getDeclaredClasses()) {
      if (!Modifier.isPublic(nested.getModifiers())) {
        continue;
      }
      Class<?> ours =
          Arrays.stream(bp.getDeclaredClasses())
              .filter(c -> c.getSimpleName().equals(nested.getSimpleName()))
              .findFirst()
              .orElse(null);
      if (ours == null) {
        problems.add(where + "$" + nested.getSimpleName() + ": nested type missing");
      } else {
        compare(nested, ours, generated, problems);
      }
    }
  }

  /**
   * The BufProto type for a LightProto-generated type (top-level name prefixed), others as they
   * are.
   */
  static Class<?> map(Class<?> type, Set<String> generated) {
    if (type.isArray()) {
      return map(type.getComponentType(), generated).arrayType();
    }
    Class<?> top = type;
    while (top.getEnclosingClass() != null) {
      top = top.getEnclosingClass();
    }
    if (!generated.contains(top.getName())) {
      return type;
    }
    String nested = type.getName().substring(top.getName().length());
    return load(ours(top.getName()) + nested);
  }

  static Class<?>[] map(Class<?>[] types, Set<String> generated) {
    return Arrays.stream(types).map(t -> map(t, generated)).toArray(Class<?>[]::new);
  }

  private static String params(Class<?>[] types) {
    return Arrays.stream(types)
        .map(Class::getSimpleName)
        .collect(Collectors.joining(",", "(", ")"));
  }

  private static String ours(String lightProtoName) {
    int dot = lightProtoName.lastIndexOf('.');
    return lightProtoName.substring(0, dot + 1) + PREFIX + lightProtoName.substring(dot + 1);
  }

  /** Loaded without initialisation: LightProto's static initialisers are not run (nor needed). */
  private static Class<?> load(String name) {
    try {
      return Class.forName(name, false, LightProtoApiCompatibilityTest.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new AssertionError("no class " + name, e);
    }
  }

  /** The top-level classes LightProto generated, from its generated sources directory. */
  static List<String> lightProtoClasses() throws IOException {
    Path root =
        Path.of(System.getProperty("lightproto.sources", "target/generated-sources/lightproto"));
    try (Stream<Path> files = Files.walk(root)) {
      return files
          .filter(p -> p.toString().endsWith(".java"))
          .map(p -> root.relativize(p).toString().replace('/', '.').replace('\\', '.'))
          .map(n -> n.substring(0, n.length() - ".java".length()))
          .filter(n -> !n.substring(n.lastIndexOf('.') + 1).startsWith(LIGHTPROTO_SUPPORT))
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
