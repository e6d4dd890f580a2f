package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.protobuf.ExtensionRegistry;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * protobuf's own golden data ({@code src/google/protobuf/testdata}, text format: every field of
 * {@code TestAllTypes} set, its oneof variant, every extension of {@code TestAllExtensions}, every
 * map of {@code TestMap}), read by protobuf-java's {@code TextFormat} into the binary encoding,
 * then parsed by BufProto from every buffer kind with the configuration's reader: identical bytes
 * written back (before and after {@code materialize()}), and where the schema has the fields (not
 * extensions), equal field values and identical bytes from our setters.
 */
class ProtobufGoldenDataTest {

  private record Golden(
      String file, Message prototype, Supplier<ProtoMessage<?>> ours, boolean extensions) {}

  private static final List<Golden> GOLDEN =
      List.of(
          new Golden(
              "text_format_unittest_data.txt",
              proto2_unittest.UnittestProto.TestAllTypes.getDefaultInstance(),
              proto2_unittest.TestAllTypes::new,
              false),
          new Golden(
              "text_format_unittest_data_oneof_implemented.txt",
              proto2_unittest.UnittestProto.TestAllTypes.getDefaultInstance(),
              proto2_unittest.TestAllTypes::new,
              false),
          new Golden(
              "text_format_unittest_extensions_data.txt",
              proto2_unittest.UnittestProto.TestAllExtensions.getDefaultInstance(),
              proto2_unittest.TestAllExtensions::new,
              true),
          new Golden(
              "map_test_data.txt",
              proto2_unittest.MapUnittest.TestMap.getDefaultInstance(),
              proto2_unittest.TestMap::new,
              false));

  @TestFactory
  List<DynamicTest> goldenDataParsesAndWritesBackThroughEveryBufferKind() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Golden g : GOLDEN) {
      Message pj = read(g);
      byte[] bytes = pj.toByteArray();
      for (BufKind kind : BufKind.values()) {
        tests.add(
            DynamicTest.dynamicTest(g.file() + " from " + kind, () -> check(g, pj, bytes, kind)));
      }
    }
    return tests;
  }

  private static void check(Golden g, Message pj, byte[] bytes, BufKind kind) {
    ProtoMessage<?> ours = g.ours().get();
    ByteBuf in = kind.source(bytes);
    try {
      ours.parseFrom(in, bytes.length);
      assertArrayEquals(bytes, ours.toByteArray(), "written back");
      assertEquals(bytes.length, ours.getSerializedSize());
      if (!g.extensions()) {
        ProtoMessage<?> built = g.ours().get();
        OursFiller.fill(built, pj);
        assertEquals(built, ours, "field values");
        assertArrayEquals(bytes, built.toByteArray(), "written from our setters");
      }
      ours.materialize();
      assertArrayEquals(bytes, ours.toByteArray(), "after materialize()");
    } finally {
      in.release();
    }
  }

  private static Message read(Golden g) throws IOException {
    ExtensionRegistry registry = ExtensionRegistry.newInstance();
    proto2_unittest.UnittestProto.registerAllExtensions(registry);
    Message.Builder builder = g.prototype().newBuilderForType();
    try (InputStream in =
        ProtobufGoldenDataTest.class.getResourceAsStream("protobuf-testdata/" + g.file())) {
      TextFormat.getParser()
          .merge(new String(in.readAllBytes(), StandardCharsets.UTF_8), registry, builder);
    }
    Message m = builder.build();
    assertFalse(m.getAllFields().isEmpty(), g.file() + " holds fields");
    return m;
  }
}
