package io.bufproto.generator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles generated sources against the test class path, as a user's build would. */
final class Javac {

  /** Whether the sources compiled, and the first diagnostics (empty when there were none). */
  record Result(boolean ok, String report) {}

  private Javac() {}

  /**
   * Writes {@code sources} (path in the source tree to content) under {@code dir/src} and compiles
   * them into {@code dir/classes} for Java 17, with every lint warning and doclint check on, as
   * errors.
   */
  static Result compile(Map<String, String> sources, Path dir) throws IOException {
    List<Path> paths = new ArrayList<>();
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path p = dir.resolve("src").resolve(e.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
      paths.add(p);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fm =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      Files.createDirectories(dir.resolve("classes"));
      List<String> options =
          List.of(
              "-d",
              dir.resolve("classes").toString(),
              "-cp",
              System.getProperty("java.class.path"),
              "--release",
              "17",
              "-Xlint:all",
              "-Xdoclint:all,-missing",
              "-Werror");
      boolean ok =
          javac
              .getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromPaths(paths))
              .call();
      StringBuilder report = new StringBuilder();
      diagnostics.getDiagnostics().stream().limit(20).forEach(d -> report.append(d).append('\n'));
      return new Result(ok, report.toString());
    }
  }
}
