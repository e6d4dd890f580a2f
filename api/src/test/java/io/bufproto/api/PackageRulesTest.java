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
 * names, Javadoc excluded): the runtime SPI depends on the user package only, and nothing depends
 * on the unexported checked runtime but the selection's caller.
 */
class PackageRulesTest {

  private static final Path SOURCES = Path.of("src/main/java/io/bufproto/api");
  private static final Pattern REFERENCE =
      Pattern.compile("\\bio\\.bufproto\\.api\\.(format|internal|spi|impl)\\.[A-Z]");

  @Test
  void spiDependsOnTheUserPackageOnly() throws IOException {
    assertEquals(Set.of(), dependencies().get("spi"), "spi -> " + dependencies().get("spi"));
  }

  @Test
  void onlyInternalReachesTheCheckedRuntime() throws IOException {
    Map<String, Set<String>> deps = dependencies();
    Set<String> into = new TreeSet<>();
    deps.forEach(
        (from, to) -> {
          if (to.contains("impl")) {
            into.add(from);
          }
        });
    assertEquals(Set.of("internal"), into);
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
          if (!m.group(1).equals(pkg)) {
            to.add(m.group(1));
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
