package io.bufproto.tests;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.bufproto.api.ProtoMessage;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Coverage-guided differential fuzzing of the parse with Jazzer ({@link ParseDifferential} says
 * what is checked). Runs only when fuzzing ({@code JAZZER_FUZZ=1}, docs/testing.md, "Fuzzing"):
 * Jazzer's agent, which its regression mode installs too, prints JVM warnings on JDK 25 and cannot
 * read its class files, so every build replays this target's corpus without it ({@link
 * FuzzCorpusTest}). Findings land in {@code
 * src/test/resources/io/bufproto/tests/ParseFuzzTestInputs/parse/}, where that replay picks them
 * up.
 */
@EnabledIfEnvironmentVariable(named = "JAZZER_FUZZ", matches = ".+")
class ParseFuzzTest {

  private final Map<String, ProtoMessage<?>> reused = new HashMap<>();

  @FuzzTest(maxDuration = "30m")
  void parse(byte[] input) {
    ParseDifferential.run(input, reused);
  }
}
