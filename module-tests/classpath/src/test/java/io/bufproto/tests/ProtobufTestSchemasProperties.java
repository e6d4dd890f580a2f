package io.bufproto.tests;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * protobuf's own large test messages (every field kind in one message, some recursive), from its
 * test schemas at their real paths under {@code google/protobuf/}: the harness's round trip and
 * non-canonical parse, with fewer cases than {@link Case#ALL} gets. In {@code Case.ALL} they
 * doubled the suite's time in every configuration (each message is tens of fields deep).
 */
class ProtobufTestSchemasProperties {

  static final List<Case> LARGE =
      List.of(
          new Case(
              com.google.protobuf_test_messages.proto3.TestMessagesProto3.TestAllTypesProto3
                  .getDefaultInstance(),
              com.google.protobuf_test_messages.proto3.TestAllTypesProto3::new),
          new Case(
              com.google.protobuf_test_messages.proto2.TestMessagesProto2.TestAllTypesProto2
                  .getDefaultInstance(),
              com.google.protobuf_test_messages.proto2.TestAllTypesProto2::new),
          new Case(
              proto2_unittest.UnittestProto.TestAllTypes.getDefaultInstance(),
              proto2_unittest.TestAllTypes::new),
          new Case(
              proto2_unittest.UnittestProto.NestedTestAllTypes.getDefaultInstance(),
              proto2_unittest.NestedTestAllTypes::new),
          new Case(
              proto2_unittest.UnittestProto.TestPackedTypes.getDefaultInstance(),
              proto2_unittest.TestPackedTypes::new),
          new Case(
              proto2_unittest.UnittestProto.TestOneof2.getDefaultInstance(),
              proto2_unittest.TestOneof2::new),
          new Case(
              proto2_unittest.MapProto2Unittest.TestMaps.getDefaultInstance(),
              proto2_unittest.TestMaps::new),
          new Case(
              proto2_unittest.UnittestProto.TestRequiredForeign.getDefaultInstance(),
              proto2_unittest.TestRequiredForeign::new));

  @Property(tries = 60)
  void protobufJavaBytesParseAndWriteBackIdentically(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 4) int size,
      @ForAll BufKind source,
      @ForAll BufKind target)
      throws Exception {
    for (Case type : LARGE) {
      try {
        CompatibilityProperties.roundTrip(
            type, seed ^ type.name().hashCode(), size, source, target);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(type.name() + ": " + e.getMessage(), e);
      }
    }
  }

  @Property(tries = 60)
  void nonCanonicalEncodingsParseAsProtobufJavaParsesThem(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size, @ForAll BufKind source)
      throws Exception {
    for (Case type : LARGE) {
      try {
        CompatibilityProperties.nonCanonical(type, seed ^ type.name().hashCode(), size, source);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(type.name() + ": " + e.getMessage(), e);
      }
    }
  }
}
