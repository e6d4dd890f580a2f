package io.bufproto.tests;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the fuzz targets' seed corpora from the harness's random messages, into the test
 * resources, where Jazzer replays them in every build. Run when the types change: {@code ./mvnw -B
 * test -pl module-tests/classpath -Dtest=FuzzSeeds -Dbufproto.writeFuzzSeeds=true}.
 */
class FuzzSeeds {

  private static final Path INPUTS = Paths.get("src/test/resources/io/bufproto/tests");

  @Test
  @EnabledIfSystemProperty(named = "bufproto.writeFuzzSeeds", matches = "true")
  void writeSeeds() throws IOException {
    Path dir = Files.createDirectories(INPUTS.resolve("ParseFuzzTestInputs/parse"));
    for (int t = 0; t < ParseDifferential.TYPES.size(); t++) {
      Case type = ParseDifferential.TYPES.get(t);
      for (int seed = 0; seed < 2; seed++) {
        byte[] body =
            type.equals(ParseDifferential.MESSAGE_SET)
                ? MessageSetProperties.randomMessageSet(new java.util.Random(seed * 7919L + t))
                : new RandomMessages(seed * 7919L + t, 2, true)
                    .next(type.prototype())
                    .toByteArray();
        byte[] input = new byte[body.length + 2];
        input[0] = (byte) t;
        input[1] = (byte) (seed + t);
        System.arraycopy(body, 0, input, 2, body.length);
        Files.write(dir.resolve("seed-" + type.name() + "-" + seed), input);
      }
    }
    // The API target takes any bytes: random ones, long enough for a few dozen calls.
    Path api = Files.createDirectories(INPUTS.resolve("ApiFuzzTestInputs/api"));
    java.util.Random random = new java.util.Random(42);
    for (int i = 0; i < 16; i++) {
      byte[] input = new byte[32 + 8 * i];
      random.nextBytes(input);
      Files.write(api.resolve("seed-" + i), input);
    }
  }
}
