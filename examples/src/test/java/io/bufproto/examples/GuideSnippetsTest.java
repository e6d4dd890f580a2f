package io.bufproto.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the guide cannot drift from the code: every {@code java} block in them is preceded
 * by {@code <!-- snippet: path[#region] -->} and is that file of the repository (or the lines
 * between its {@code // [START region]} and {@code // [END region]}), which the build compiles (the
 * region markers themselves are left out); a block marked so in another language ({@code proto},
 * {@code xml}) is checked the same way; and a {@code text} block preceded by {@code <!-- output:
 * class -->} is what that class's {@code main} prints.
 */
class GuideSnippetsTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
  private static final Pattern FENCE = Pattern.compile("^(\\s*)```(\\w*)\\s*$");
  private static final Pattern SNIPPET =
      Pattern.compile("^\\s*<!-- snippet: ([^#\\s]+)(?:#(\\S+))? -->\\s*$");
  private static final Pattern REGION_MARKER =
      Pattern.compile("^\\s*// \\[(START|END) [\\w-]+]\\s*$");
  private static final Pattern OUTPUT = Pattern.compile("^\\s*<!-- output: (\\S+) -->\\s*$");

  /**
   * A fenced block: where it is, its language, its text (indentation of the fence removed), and the
   * marker line above it.
   */
  record Block(Path file, int line, String language, String text, String marker) {
    String where() {
      return ROOT.relativize(file) + ":" + line;
    }
  }

  @Test
  void everyJavaBlockIsCompiledCode() throws IOException {
    int checked = 0;
    List<String> failures = new ArrayList<>();
    for (Block b : blocks()) {
      Matcher m = SNIPPET.matcher(b.marker());
      if (!m.matches()) {
        if (b.language().equals("java")) {
          failures.add(b.where() + ": a java block without <!-- snippet: path#region -->");
        }
        continue;
      }
      String expected = source(Path.of(m.group(1)), m.group(2));
      if (!expected.equals(b.text())) {
        failures.add(
            b.where()
                + ": differs from "
                + m.group(1)
                + (m.group(2) == null ? "" : "#" + m.group(2))
                + "\n--- the source says:\n"
                + expected
                + "--- the doc says:\n"
                + b.text());
      }
      checked++;
    }
    if (!failures.isEmpty()) {
      fail(String.join("\n\n", failures));
    }
    assertTrue(
        checked >= 6, "only " + checked + " snippets found: is the marker still recognised?");
  }

  @Test
  void everyShownOutputIsWhatTheCodePrints() throws Exception {
    int checked = 0;
    for (Block b : blocks()) {
      Matcher m = OUTPUT.matcher(b.marker());
      if (m.matches()) {
        assertEquals(b.text(), runMain(m.group(1)), b.where() + ": the output of " + m.group(1));
        checked++;
      }
    }
    assertTrue(checked >= 2, "only " + checked + " outputs found: is the marker still recognised?");
  }

  private static String runMain(String className) throws Exception {
    Method main = Class.forName(className).getMethod("main", String[].class);
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      main.invoke(null, (Object) new String[0]);
    } finally {
      System.setOut(out);
    }
    return captured.toString(StandardCharsets.UTF_8);
  }

  private static List<Block> blocks() throws IOException {
    List<Path> files = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    }
    List<Block> blocks = new ArrayList<>();
    for (Path f : files) {
      List<String> lines = Files.readAllLines(f);
      String marker = "";
      for (int i = 0; i < lines.size(); i++) {
        Matcher open = FENCE.matcher(lines.get(i));
        if (!open.matches()) {
          if (!lines.get(i).isBlank()) {
            marker = lines.get(i);
          }
          continue;
        }
        int indent = open.group(1).length();
        StringBuilder text = new StringBuilder();
        int j = i + 1;
        while (j < lines.size() && !lines.get(j).strip().equals("```")) {
          String l = lines.get(j);
          text.append(l.length() >= indent ? l.substring(indent) : l.strip()).append('\n');
          j++;
        }
        blocks.add(new Block(f, i + 1, open.group(2), text.toString(), marker));
        marker = "";
        i = j;
      }
    }
    return blocks;
  }

  /** The file's text, or its region's lines with their common indentation removed. */
  private static String source(Path path, String region) throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve(path));
    if (region != null) {
      int start = indexOf(lines, "// [START " + region + "]", path);
      int end = indexOf(lines, "// [END " + region + "]", path);
      lines = lines.subList(start + 1, end);
      int indent =
          lines.stream()
              .filter(l -> !l.isBlank())
              .mapToInt(l -> l.length() - l.stripLeading().length())
              .min()
              .orElse(0);
      lines =
          lines.stream()
              .map(l -> l.isBlank() ? "" : l.substring(indent))
              .collect(Collectors.toList());
    }
    return lines.stream()
        .filter(l -> !REGION_MARKER.matcher(l).matches())
        .map(l -> l + "\n")
        .collect(Collectors.joining());
  }

  private static int indexOf(List<String> lines, String marker, Path path) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals(marker)) {
        return i;
      }
    }
    throw new AssertionError(path + " has no line " + marker);
  }
}
