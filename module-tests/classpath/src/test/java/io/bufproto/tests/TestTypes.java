package io.bufproto.tests;

import io.bufproto.api.format.TypeRegistry;
import io.bufproto.api.schema.MessageSchema;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every test type, with protobuf-java's and our type registries of them (they hold the same types):
 * what an {@code Any} may hold in the format tests.
 */
final class TestTypes {

  static final com.google.protobuf.TypeRegistry THEIRS =
      com.google.protobuf.TypeRegistry.newBuilder()
          .add(all().map(c -> c.prototype().getDescriptorForType()).toList())
          .build();

  static final TypeRegistry OURS =
      TypeRegistry.of(all().map(c -> c.ours().get().schema()).toArray(MessageSchema[]::new));

  private TestTypes() {}

  /** The test types of {@code Case.ALL} and protobuf's large test messages. */
  static List<Case> cases() {
    return all().toList();
  }

  private static Stream<Case> all() {
    return Stream.concat(Case.ALL.stream(), ProtobufTestSchemasProperties.LARGE.stream());
  }
}
