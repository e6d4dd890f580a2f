package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.FileDescriptor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    Javac.Result r = Javac.compile(sources, dir);
    assertTrue(r.ok(), r.report());
    assertEquals(
        "", r.report(), "generated code compiles without warnings, its Javadoc doclint-clean");
  }
}
