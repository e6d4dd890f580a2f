package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.io.File;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;

/** What a well-known type is: a file bufproto-wkt ships, not any file under google/protobuf/. */
class WellKnownFilesTest {

  @Test
  void theWellKnownFilesAreTheProtoFilesInProtobufJavasJar() throws Exception {
    // bufproto-wkt generates exactly these (wkt/pom.xml: google/protobuf/*.proto of protobuf-java).
    File jar =
        new File(
            com.google.protobuf.Any.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
    Set<String> inJar = new TreeSet<>();
    try (ZipFile zip = new ZipFile(jar)) {
      zip.stream()
          .map(e -> e.getName())
          .filter(n -> n.matches("google/protobuf/[^/]+\\.proto"))
          .forEach(inJar::add);
    }
    assertEquals(inJar, new TreeSet<>(TypeNames.WKT_FILES));
  }

  @Test
  void otherFilesUnderGoogleProtobufAreOrdinaryFiles() throws Exception {
    FileDescriptor test =
        FileDescriptor.buildFrom(
            FileDescriptorProto.newBuilder()
                .setName("google/protobuf/test_messages_proto3.proto")
                .setPackage("protobuf_test_messages.proto3")
                .setSyntax("proto3")
                .setOptions(
                    com.google.protobuf.DescriptorProtos.FileOptions.newBuilder()
                        .setJavaPackage("com.google.protobuf_test_messages.proto3"))
                .addMessageType(
                    com.google.protobuf.DescriptorProtos.DescriptorProto.newBuilder()
                        .setName("ForeignMessage"))
                .build(),
            new FileDescriptor[0]);
    assertFalse(TypeNames.isWellKnown(test));
    assertEquals(
        "com.google.protobuf_test_messages.proto3",
        new TypeNames(GeneratorOptions.parse("")).javaPackage(test));
    assertTrue(TypeNames.isWellKnown(com.google.protobuf.Any.getDescriptor().getFile()));
    assertFalse(TypeNames.isWellKnown(com.google.protobuf.compiler.PluginProtos.getDescriptor()));
  }
}
