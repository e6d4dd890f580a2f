package io.bufproto.tests;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Coverage-guided fuzzing of the API on a reused message ({@link ApiDifferential} says what is
 * checked). Runs only when fuzzing ({@code JAZZER_FUZZ=1}), as {@link ParseFuzzTest}; every build
 * replays its corpus ({@link FuzzCorpusTest}).
 */
@EnabledIfEnvironmentVariable(named = "JAZZER_FUZZ", matches = ".+")
class ApiFuzzTest {

  @FuzzTest(maxDuration = "30m")
  void api(byte[] input) throws Exception {
    ApiDifferential.run(input);
  }
}
