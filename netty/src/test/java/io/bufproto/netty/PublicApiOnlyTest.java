package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The Netty handlers use what users use: {@code io.bufproto.api} and nothing of the packages for
 * generated code ({@code internal}), runtimes ({@code spi}) or the selection ({@code impl}).
 */
class PublicApiOnlyTest {

  private static final Pattern NOT_PUBLIC =
      Pattern.compile("\\bio\\.bufproto\\.api\\.(internal|spi|impl)\\b");

  @Test
  void theHandlersNameNoInternalPackage() throws IOException {
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      List<String> offenders =
          files
              .filter(p -> p.toString().endsWith(".java"))
              .filter(p -> NOT_PUBLIC.matcher(read(p)).find())
              .map(Path::toString)
              .toList();
      assertEquals(List.of(), offenders);
    }
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
