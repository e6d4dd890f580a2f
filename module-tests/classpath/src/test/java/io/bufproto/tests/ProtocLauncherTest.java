package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The second way in: plain {@code protoc
 * --plugin=protoc-gen-bufproto=generator/target/protoc-gen-bufproto} through the launcher script.
 * Its output must equal what the Maven plugin produced for this module.
 */
class ProtocLauncherTest {

  private static final Path PROTOC = Path.of("target/protoc/protoc.exe");
  private static final Path LAUNCHER = Path.of("../../generator/target/protoc-gen-bufproto");
  private static final Path GENERATED = Path.of("target/generated-sources/protobuf");

  @Test
  void protocWithTheLauncherScriptGeneratesWhatTheMavenPluginGenerated(@TempDir Path out)
      throws Exception {
    assumeTrue(Files.exists(PROTOC), "protoc is copied only on Linux and macOS");
    assertTrue(
        Files.isExecutable(LAUNCHER), "the build leaves an executable launcher at " + LAUNCHER);
    PROTOC.toFile().setExecutable(true);
    ProcessBuilder pb =
        new ProcessBuilder(
                PROTOC.toString(),
                "--plugin=protoc-gen-bufproto=" + LAUNCHER.toAbsolutePath(),
                "--bufproto_out=" + out,
                "-Isrc/main/protobuf",
                "bufproto/test/proto3_types.proto",
                "bufproto/test/imported/common.proto")
            .redirectErrorStream(true);
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process p = pb.start();
    String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), log);

    List<Path> files = list(out);
    assertTrue(files.size() >= 8, "files: " + files);
    for (Path f : files) {
      assertEquals(
          Files.readString(GENERATED.resolve(f)), Files.readString(out.resolve(f)), f.toString());
    }
  }

  private static List<Path> list(Path root) throws IOException {
    try (Stream<Path> s = Files.walk(root)) {
      return s.filter(Files::isRegularFile)
          .map(root::relativize)
          .sorted()
          .collect(Collectors.toList());
    }
  }
}
