package io.bufproto.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The package rules of docs/design/architecture.md, read from the sources (imports and qualified
 * names, Javadoc excluded): no package reaches itself; the user package depends on the schemas
 * only, the schemas on nothing, the runtime SPI on the user package only, and nothing on the class
 * generated messages extend.
 */
class PackageRulesTest {

  private static final Path SOURCES = Path.of("src/main/java/io/bufproto/api");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.bufproto\\.api\\.(?:(format|internal|message|schema|spi)\\.)?[A-Z]");

  @Test
  void spiDependsOnTheUserPackageOnly() throws IOException {
    assertEquals(Set.of(""), dependencies().get("spi"), "spi -> (\"\" is io.bufproto.api)");
  }

  @Test
  void theUserPackageDependsOnTheSchemasOnly() throws IOException {
    assertEquals(Set.of("schema"), dependencies().get(""));
  }

  @Test
  void noPackageDependsOnTheBaseOfGeneratedClasses() throws IOException {
    for (Map.Entry<String, Set<String>> e : dependencies().entrySet()) {
      assertEquals(false, e.getValue().contains("message"), e.getKey() + " -> message");
    }
  }

  @Test
  void theSchemasDependOnNothing() throws IOException {
    assertEquals(Set.of(), dependencies().get("schema"));
  }

  @Test
  void noPackageReachesItself() throws IOException {
    Map<String, Set<String>> deps = dependencies();
    for (String start : deps.keySet()) {
      Set<String> seen = new TreeSet<>();
      java.util.ArrayDeque<String> todo = new java.util.ArrayDeque<>(deps.get(start));
      while (!todo.isEmpty()) {
        String p = todo.poll();
        if (seen.add(p)) {
          todo.addAll(deps.getOrDefault(p, Set.of()));
        }
      }
      assertEquals(false, seen.contains(start), start + " is in a circle: " + deps);
    }
  }

  /** Package (the last name, "" for io.bufproto.api) to the api packages its code names. */
  private static Map<String, Set<String>> dependencies() throws IOException {
    Map<String, Set<String>> deps = new TreeMap<>();
    try (Stream<Path> files = Files.walk(SOURCES)) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        Path dir = SOURCES.relativize(f.getParent());
        String pkg = dir.toString();
        Set<String> to = deps.computeIfAbsent(pkg, k -> new TreeSet<>());
        Matcher m = REFERENCE.matcher(code(Files.readString(f)));
        while (m.find()) {
          String target = m.group(1) == null ? "" : m.group(1);
          if (!target.equals(pkg)) {
            to.add(target);
          }
        }
      }
    }
    return deps;
  }

  /** The text without comments (Javadoc links are not dependencies). */
  private static String code(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
  }
}
