package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Schemas we did not write: protobuf's descriptor.proto, the well-known types and plugin.proto (as
 * compiled into protobuf-java) must generate and compile against bufproto-api.
 */
class RealSchemasTest {

  static final List<FileDescriptor> FILES =
      List.of(
          com.google.protobuf.DescriptorProtos.getDescriptor(),
          com.google.protobuf.AnyProto.getDescriptor(),
          com.google.protobuf.TimestampProto.getDescriptor(),
          com.google.protobuf.DurationProto.getDescriptor(),
          com.google.protobuf.StructProto.getDescriptor(),
          com.google.protobuf.WrappersProto.getDescriptor(),
          com.google.protobuf.FieldMaskProto.getDescriptor(),
          com.google.protobuf.EmptyProto.getDescriptor(),
          com.google.protobuf.SourceContextProto.getDescriptor(),
          com.google.protobuf.TypeProto.getDescriptor(),
          com.google.protobuf.ApiProto.getDescriptor(),
          com.google.protobuf.compiler.PluginProtos.getDescriptor());

  @Test
  void protobufsOwnSchemasGenerateAndCompile(@TempDir Path dir) throws IOException {
    BufProtoGenerator generator =
        new BufProtoGenerator(GeneratorOptions.parse("package=io.bufproto.wkt"));
    Map<String, String> sources = new LinkedHashMap<>();
    for (FileDescriptor f : FILES) {
      for (GeneratedFile g : generator.generate(f, f.toProto())) {
        sources.put(g.name(), g.content());
      }
    }
    assertTrue(sources.size() > 40, "files: " + sources.keySet());
    List<Path> paths = new ArrayList<>();
    for (Map.Entry<String, String> e : sources.entrySet()) {
      Path p = dir.resolve("src").resolve(e.getKey());
      Files.createDirectories(p.getParent());
      Files.writeString(p, e.getValue(), StandardCharsets.UTF_8);
      paths.add(p);
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    try (StandardJavaFileManager fm =
        javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8)) {
      Files.createDirectories(dir.resolve("classes"));
      List<String> options =
          List.of(
              "-d",
              dir.resolve("classes").toString(),
              "-cp",
              System.getProperty("java.class.path"),
              "--release",
              "17",
              "-Xlint:all",
              "-Xdoclint:all,-missing",
              "-Werror");
      boolean ok =
          javac
              .getTask(null, fm, diagnostics, options, null, fm.getJavaFileObjectsFromPaths(paths))
              .call();
      StringBuilder report = new StringBuilder();
      diagnostics.getDiagnostics().stream().limit(20).forEach(d -> report.append(d).append('\n'));
      assertTrue(ok, report.toString());
      assertEquals(
          "",
          report.toString(),
          "generated code compiles without warnings, its Javadoc doclint-clean");
    }
  }
}
