package io.bufproto.example.jlink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Links this module, io.bufproto.api, io.bufproto.netty, io.bufproto.runtime.module and Netty into
 * a runtime image with the JDK running the build, runs the image and checks that it picked the
 * module runtime, round-tripped a message through a buffer and through a pipeline of the Netty
 * handlers, and printed nothing on stderr (no JDK warnings).
 */
class JlinkImageIT {

  private static final Path MODULES = Path.of(System.getProperty("bufproto.jlink.modules"));
  private static final Path IMAGES = Path.of(System.getProperty("bufproto.jlink.images"));

  @ParameterizedTest(name = "Netty {0}")
  @CsvSource({"netty42, bufproto.jlink.netty42", "netty41, bufproto.jlink.netty41"})
  void theImageRunsOnTheModuleRuntime(String netty, String versionProperty) throws Exception {
    Path image = IMAGES.resolve(netty);
    deleteRecursively(image);
    List<String> jlinkArgs =
        new ArrayList<>(
            List.of(
                "--module-path",
                String.join(
                    File.pathSeparator,
                    System.getProperty("bufproto.jlink.app"),
                    MODULES.resolve("bufproto").toString(),
                    MODULES.resolve(netty).toString()),
                // jlink links only what is named or required: the runtime module must be named.
                "--add-modules",
                "io.bufproto.example.jlink,io.bufproto.runtime.module",
                "--launcher",
                "greeting=io.bufproto.example.jlink/io.bufproto.example.jlink.Main",
                "--strip-debug",
                "--no-header-files",
                "--no-man-pages",
                "--output",
                image.toString()));
    if (netty.equals("netty41")) {
      // Netty 4.1 calls sun.misc.Unsafe, which JDK 24+ reports (JEP 498); inert on JDK 17.
      jlinkArgs.add("--add-options=-Dsun.misc.unsafe.memory.access=allow");
    }
    StringWriter jlinkOut = new StringWriter();
    int linked =
        ToolProvider.findFirst("jlink")
            .orElseThrow()
            .run(
                new PrintWriter(jlinkOut),
                new PrintWriter(jlinkOut),
                jlinkArgs.toArray(String[]::new));
    assertEquals(0, linked, () -> "jlink " + jlinkArgs + ":\n" + jlinkOut);

    Process p = new ProcessBuilder(image.resolve("bin").resolve("greeting").toString()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    int status = p.waitFor();
    System.out.println("jlink image (" + netty + ", JDK " + Runtime.version() + "):\n" + out + err);

    assertEquals(0, status, out + err);
    assertEquals("", err, "the image printed on stderr");
    assertTrue(out.contains("runtime: module\n"), out);
    assertTrue(out.contains("runtime module: io.bufproto.runtime.module\n"), out);
    assertTrue(out.contains("netty module: io.netty.buffer"), out);
    assertTrue(out.contains("round trip: ok"), out);
    assertTrue(out.contains("pipeline: ok (2 frames decoded)"), out);
    assertTrue(out.contains("handlers module: io.bufproto.netty\n"), out);
    // The api jar's JDK 21 layer is what the image runs on JDK 21 and later.
    boolean layer = Runtime.version().feature() >= 21;
    assertTrue(
        out.contains(layer ? "caches: shared on virtual threads\n" : "caches: per thread\n"), out);
    assertTrue(!layer || out.contains("virtual thread: ok\n"), out);
    String nettyVersion = System.getProperty(versionProperty);
    String modules = Files.readString(image.resolve("release"));
    assertTrue(
        modules.contains("io.netty.buffer")
            && modules.contains("io.netty.codec")
            && modules.contains("io.bufproto.netty")
            && modules.contains("io.bufproto.runtime.module"),
        modules);
    assertTrue(nettyVersion != null && !nettyVersion.isEmpty());
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
    }
  }
}
