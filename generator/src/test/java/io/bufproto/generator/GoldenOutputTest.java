package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The generated source for {@code fixtures/golden.proto} is checked in under {@code
 * src/test/resources/golden}. A template change shows up as a diff there; regenerate with {@code
 * ./mvnw -pl generator test -Dtest=GoldenOutputTest -Dbufproto.updateGolden=true}.
 */
class GoldenOutputTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  @Test
  void generatedSourcesMatchTheCheckedInGoldenFiles() throws IOException {
    CodeGeneratorResponse response = BufProtoGenerator.handle(Fixtures.request("golden", ""));
    assertEquals("", response.getError());
    assertEquals(1, response.getFileCount(), "one top-level message, nested types inside");
    for (CodeGeneratorResponse.File f : response.getFileList()) {
      Path golden = GOLDEN.resolve(f.getName());
      String content = f.getContent().replace(BufProtoGenerator.VERSION, "VERSION");
      if (Boolean.getBoolean("bufproto.updateGolden")) {
        Files.createDirectories(golden.getParent());
        Files.writeString(golden, content, StandardCharsets.UTF_8);
      }
      assertTrue(Files.exists(golden), "missing golden file " + golden);
      assertEquals(Files.readString(golden, StandardCharsets.UTF_8), content, f.getName());
    }
  }
}
