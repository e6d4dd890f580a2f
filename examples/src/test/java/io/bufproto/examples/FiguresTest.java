package io.bufproto.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The README and the guide cannot quote a figure the committed results do not show: every figure
 * they quote sits between {@code <!-- fig name -->} and {@code <!-- /fig -->}, and {@code
 * jmh/report.py --check} recomputes each one, and docs/benchmarks.md, from jmh/results/ and names
 * what differs. {@code python3 jmh/report.py} rewrites them after new results.
 *
 * <p>Without python3 on the PATH the check is skipped, except under CI ({@code CI=true}, which
 * {@code .ci/run} sets after installing it), where that fails.
 */
class FiguresTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  @Test
  void everyQuotedFigureIsWhatTheResultsSay() throws IOException, InterruptedException {
    Process p;
    try {
      p =
          new ProcessBuilder("python3", "jmh/report.py", "--check")
              .directory(ROOT.toFile())
              .redirectErrorStream(true)
              .start();
    } catch (IOException e) {
      String why = "the figures check needs python3 on the PATH (" + e.getMessage() + ")";
      if ("true".equals(System.getenv("CI"))) {
        throw new AssertionError(why, e);
      }
      Assumptions.abort(why);
      return;
    }
    // Read to the end first: the script's output must not fill the pipe while we wait.
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
  }
}
