package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The generated source for each {@code fixtures/golden*.proto} is checked in under {@code
 * src/test/resources/golden}, one kind of schema each: proto3 ({@code golden}), proto2 with
 * required fields, defaults, a closed enum, a group and extensions ({@code golden_proto2}),
 * editions' features ({@code golden_editions}), maps of messages and enums ({@code golden_maps})
 * and a service ({@code golden_service}). A template change shows up as a diff there; regenerate
 * with {@code ./mvnw -pl generator test -Dtest=GoldenOutputTest -Dbufproto.updateGolden=true}.
 */
class GoldenOutputTest {

  private static final Path GOLDEN = Path.of("src/test/resources/golden");

  @ParameterizedTest
  @CsvSource({
    "golden, ''",
    "golden_proto2, ''",
    "golden_editions, ''",
    "golden_maps, ''",
    "golden_service, grpc=true"
  })
  void generatedSourcesMatchTheCheckedInGoldenFiles(String fixture, String options)
      throws IOException {
    CodeGeneratorResponse response = BufProtoGenerator.handle(Fixtures.request(fixture, options));
    assertEquals("", response.getError());
    assertTrue(response.getFileCount() > 0, fixture);
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
