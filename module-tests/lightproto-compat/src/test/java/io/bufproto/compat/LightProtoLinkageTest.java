package io.bufproto.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bytecode compiled against LightProto's generated classes runs against BufProto's, as a released
 * {@code pulsar-common} jar or a broker plugin would: the JVM links every call by its descriptor,
 * return type included, so a compatible signature is not enough (a {@code void} method of
 * LightProto's that returns the message in ours is a {@link NoSuchMethodError} at run time).
 *
 * <p>The test writes one call of every public constructor, method and field of every class
 * LightProto generates for its test schemas (Pulsar's among them), compiles the calls against
 * LightProto's classes, then runs them in a class loader where those class names are BufProto's
 * classes for the same schemas, generated without a prefix into {@code bufproto.linkage.sources}.
 * Every call runs (with zero and null arguments); exceptions other than {@link LinkageError} are
 * expected and ignored, a {@code LinkageError} is a failure.
 */
class LightProtoLinkageTest {

  private static final String CALLER = "bufproto.linkage.Calls";

  @Test
  void codeCompiledAgainstLightProtoLinksAgainstOurClasses(@TempDir Path work) throws Exception {
    List<String> topLevel = LightProtoApiCompatibilityTest.lightProtoClasses();
    ClassLoader test = LightProtoLinkageTest.class.getClassLoader();

    StringBuilder calls = new StringBuilder();
    int sites = 0;
    List<String> methods = new ArrayList<>();
    for (String name : topLevel) {
      sites += callsOf(Class.forName(name, false, test), calls, methods);
    }
    assertTrue(sites > 1000, "call sites written: " + sites);
    String source = callerSource(calls, methods);

    Path callers = work.resolve("callers");
    Path callerSource = work.resolve("src/bufproto/linkage/Calls.java");
    Files.createDirectories(callerSource.getParent());
    Files.writeString(callerSource, source);
    compile(List.of(callerSource), callers); // against LightProto's classes, on the test class path

    Path ours = work.resolve("ours");
    compile(javaFiles(Path.of(System.getProperty("bufproto.linkage.sources"))), ours);

    Set<String> packages =
        topLevel.stream().map(n -> n.substring(0, n.lastIndexOf('.'))).collect(Collectors.toSet());
    ClassLoader swapped = new SwappingLoader(packages, List.of(ours, callers), test);
    Class<?> baseCommand =
        Class.forName("org.apache.pulsar.common.api.proto.BaseCommand", false, swapped);
    assertSame(swapped, baseCommand.getClassLoader(), "BaseCommand is ours, not LightProto's");
    assertTrue(
        io.bufproto.api.ProtoMessage.class.isAssignableFrom(baseCommand),
        "BaseCommand is BufProto's");

    List<String> failures = new ArrayList<>();
    Class.forName(CALLER, true, swapped).getMethod("run", List.class).invoke(null, failures);
    assertEquals(
        "",
        String.join("\n", failures),
        failures.size()
            + " of "
            + sites
            + " references compiled against LightProto "
            + System.getProperty("lightproto.version")
            + " do not link against BufProto's classes");
  }

  /**
   * Appends a method that calls every public member {@code type} declares (and, recursively, its
   * public nested types); returns the number of call sites.
   */
  private static int callsOf(Class<?> type, StringBuilder out, List<String> methods) {
    if (!Modifier.isPublic(type.getModifiers()) || type.isSynthetic()) {
      return 0;
    }
    String t = type.getCanonicalName();
    String receiver = null;
    if (type.isEnum()) {
      receiver = t + ".values()[0]";
    } else if (!Modifier.isAbstract(type.getModifiers())
        && Stream.of(type.getConstructors()).anyMatch(c -> c.getParameterCount() == 0)) {
      receiver = "new " + t + "()";
    }
    String method = "c" + methods.size();
    methods.add(method);
    out.append("  static void ").append(method).append("(List<String> f) {\n");
    int sites = 0;
    for (Field field : type.getFields()) {
      if (field.getDeclaringClass() != type || !Modifier.isStatic(field.getModifiers())) {
        continue;
      }
      site(out, t + "#" + field.getName(), "Object v = " + t + "." + field.getName());
      sites++;
    }
    for (Constructor<?> c : type.getConstructors()) {
      site(out, t + "#<init>", "new " + t + "(" + arguments(c.getParameterTypes()) + ")");
      sites++;
    }
    for (Method m : type.getDeclaredMethods()) {
      if (!Modifier.isPublic(m.getModifiers())
          || m.isSynthetic()
          || m.isBridge()
          || m.getName().startsWith("_")) {
        // '_' marks generated-code internals, not LightProto's API (see the API test).
        continue;
      }
      String target = Modifier.isStatic(m.getModifiers()) ? t : receiver;
      if (target == null) {
        continue;
      }
      String call = target + "." + m.getName() + "(" + arguments(m.getParameterTypes()) + ")";
      String key = t + "#" + m.getName() + descriptor(m);
      site(out, key, call);
      sites++;
    }
    out.append("  }\n\n");
    for (Class<?> nested : type.getDeclaredClasses()) {
      sites += callsOf(nested, out, methods);
    }
    return sites;
  }

  /** One call in its own try: a {@link LinkageError} is recorded, anything else ignored. */
  private static void site(StringBuilder out, String key, String statement) {
    out.append("    try {\n      ")
        .append(statement)
        .append(";\n    } catch (LinkageError e) {\n      f.add(\"")
        .append(key)
        .append(
            ": \" + e);\n    } catch (Throwable ignored) {\n      // arguments are zero or null\n    }\n");
  }

  /** Zero or null arguments, cast to the parameter types so that overloads resolve as compiled. */
  private static String arguments(Class<?>[] types) {
    return Stream.of(types)
        .map(
            p -> {
              if (p == boolean.class) {
                return "false";
              }
              return "(" + p.getCanonicalName() + ") " + (p.isPrimitive() ? "0" : "null");
            })
        .collect(Collectors.joining(", "));
  }

  /** The JVM descriptor of {@code m}, as a LinkageError would name it: {@code (J)V}. */
  private static String descriptor(Method m) {
    return java.lang.invoke.MethodType.methodType(m.getReturnType(), m.getParameterTypes())
        .toMethodDescriptorString();
  }

  private static String callerSource(StringBuilder calls, List<String> methods) {
    StringBuilder s = new StringBuilder();
    s.append("package bufproto.linkage;\n\nimport java.util.List;\n\n")
        .append("@SuppressWarnings({\"rawtypes\", \"unchecked\", \"unused\"})\n")
        .append("public final class Calls {\n\n")
        .append("  public static void run(List<String> f) {\n");
    for (String m : methods) {
      s.append("    ").append(m).append("(f);\n");
    }
    s.append("  }\n\n").append(calls).append("}\n");
    return s.toString();
  }

  private static List<Path> javaFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
    }
  }

  /** Compiles {@code sources} against the test class path (LightProto's classes among them). */
  private static void compile(List<Path> sources, Path out) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    Files.createDirectories(out);
    List<String> args = new ArrayList<>(List.of("-nowarn", "-proc:none", "-encoding", "UTF-8"));
    args.addAll(List.of("-cp", System.getProperty("java.class.path"), "-d", out.toString()));
    StringWriter log = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(null, null, null)) {
      if (!javac
          .getTask(log, files, null, args, null, files.getJavaFileObjectsFromPaths(sources))
          .call()) {
        throw new AssertionError("javac failed:\n" + log);
      }
    }
  }

  /**
   * Loads the classes of the generated packages and of the callers from {@code roots}, never from
   * its parent (where LightProto's classes of the same names are), and everything else (BufProto's
   * API and runtime, Netty, the JDK) from its parent.
   */
  static final class SwappingLoader extends ClassLoader {
    private final Set<String> packages;
    private final List<Path> roots;

    SwappingLoader(Set<String> packages, List<Path> roots, ClassLoader parent) {
      super(parent);
      this.packages = packages;
      this.roots = roots;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      int dot = name.lastIndexOf('.');
      String pkg = dot < 0 ? "" : name.substring(0, dot);
      if (!packages.contains(pkg) && !name.startsWith("bufproto.linkage.")) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          c = findClass(name);
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      String file = name.replace('.', '/') + ".class";
      for (Path root : roots) {
        Path p = root.resolve(file);
        if (Files.exists(p)) {
          try {
            byte[] bytes = Files.readAllBytes(p);
            return defineClass(name, bytes, 0, bytes.length);
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      }
      throw new ClassNotFoundException(name + " (not generated by BufProto)");
    }
  }
}
