package io.bufproto.generator;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Saved protoc output used as generator input. The {@code .desc} files next to each {@code .proto}
 * under {@code src/test/resources/fixtures} were made with protoc (the version pinned in the parent
 * pom), from that folder:
 *
 * <pre>protoc --include_source_info --include_imports --descriptor_set_out=NAME.desc NAME.proto
 * </pre>
 */
final class Fixtures {

  private Fixtures() {}

  /** A plugin request for {@code name.proto}, as protoc would send it with {@code parameter}. */
  static CodeGeneratorRequest request(String name, String parameter) {
    try (InputStream in = Fixtures.class.getResourceAsStream("/fixtures/" + name + ".desc")) {
      FileDescriptorSet set = FileDescriptorSet.parseFrom(in);
      CodeGeneratorRequest.Builder b = CodeGeneratorRequest.newBuilder().setParameter(parameter);
      for (FileDescriptorProto f : set.getFileList()) {
        b.addProtoFile(f.toBuilder().clearSourceCodeInfo());
        b.addSourceFileDescriptors(f);
      }
      return b.addFileToGenerate(name + ".proto").build();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
