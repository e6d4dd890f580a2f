package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.ProtoMessage;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Replays the fuzz targets' committed corpora (seeds from the harness and every finding) in every
 * build and every configuration of the suite, without Jazzer's agent (see {@link ParseFuzzTest}):
 * one test per input file.
 */
class FuzzCorpusTest {

  @TestFactory
  Stream<DynamicTest> parseCorpus() throws IOException, URISyntaxException {
    Map<String, ProtoMessage<?>> reused = new HashMap<>();
    return inputs("ParseFuzzTestInputs/parse").stream()
        .map(
            p ->
                DynamicTest.dynamicTest(
                    p.getFileName().toString(),
                    () -> ParseDifferential.run(Files.readAllBytes(p), reused)));
  }

  @TestFactory
  Stream<DynamicTest> apiCorpus() throws IOException, URISyntaxException {
    return inputs("ApiFuzzTestInputs/api").stream()
        .map(
            p ->
                DynamicTest.dynamicTest(
                    p.getFileName().toString(), () -> ApiDifferential.run(Files.readAllBytes(p))));
  }

  /** The files of a corpus directory among this package's test resources, in name order. */
  static List<Path> inputs(String dir) throws IOException, URISyntaxException {
    Path path = Paths.get(FuzzCorpusTest.class.getResource(dir).toURI());
    try (Stream<Path> files = Files.list(path)) {
      List<Path> all = files.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
      assertTrue(all.size() >= 10, dir + " holds " + all.size() + " inputs");
      return all;
    }
  }
}
