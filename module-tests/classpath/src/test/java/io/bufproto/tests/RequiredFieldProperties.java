package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.UninitializedMessageException;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Required fields on parse, against protobuf-java: random messages whose required fields may be
 * missing anywhere in the tree (singular, repeated and map values, oneof members, groups), alone or
 * concatenated with a second one (the parse then merges sub-messages, which can complete a
 * sub-message the first part left incomplete). Our parse must accept exactly what protobuf-java's
 * accepts, and name the same missing fields when it rejects.
 */
class RequiredFieldProperties {

  /**
   * One instance per type, parsed again and again: a rejected parse must not leak into the next.
   */
  private static final Map<String, ProtoMessage<?>> REUSED = new ConcurrentHashMap<>();

  @Property
  void parseRejectsExactlyWhatProtobufJavaRejects(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size, @ForAll boolean twice)
      throws Exception {
    CompatibilityProperties.forEachType(seed, (type, s) -> check(type, s, size, twice));
    // Not in Case.ALL: a required field of its own type leaves no finite complete message
    // (TestAllRequiredTypesProto2), or too large for every property (TestRequiredForeign).
    for (Case type : MORE) {
      check(type, seed ^ type.name().hashCode(), size, twice);
    }
  }

  private static final List<Case> MORE =
      List.of(
          new Case(
              com.google.protobuf_test_messages.proto2.TestMessagesProto2.TestAllRequiredTypesProto2
                  .getDefaultInstance(),
              com.google.protobuf_test_messages.proto2.TestAllRequiredTypesProto2::new),
          new Case(
              proto2_unittest.UnittestProto.TestRequiredForeign.getDefaultInstance(),
              proto2_unittest.TestRequiredForeign::new));

  private static void check(Case type, long seed, int size, boolean twice) throws Exception {
    RandomMessages random = new RandomMessages(seed, size, false);
    byte[] bytes = encode(random.next(type.prototype()));
    if (twice) {
      byte[] second = encode(random.next(type.prototype()));
      byte[] both = java.util.Arrays.copyOf(bytes, bytes.length + second.length);
      System.arraycopy(second, 0, both, bytes.length, second.length);
      bytes = both;
    }
    Message theirs = type.prototype().getParserForType().parsePartialFrom(bytes);
    ProtoMessage<?> ours = type.ours().get();
    ProtoMessage<?> reused = REUSED.computeIfAbsent(type.name(), k -> type.ours().get());
    byte[] input = bytes;
    if (theirs.isInitialized()) {
      ours.parseFrom(input);
      reused.parseFrom(input);
      assertTrue(ours.isInitialized());
      assertArrayEquals(theirs.toByteArray(), ours.toByteArray());
      assertEquals(ours, reused);
    } else {
      String missing = String.join(", ", theirs.findInitializationErrors());
      InvalidProtobufException e =
          assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(input), missing);
      assertTrue(
          e.getMessage().contains("fields: " + missing + " (in "),
          () -> e.getMessage() + " vs protobuf-java's " + missing);
      assertThrows(InvalidProtobufException.class, () -> reused.parseFrom(input), missing);
    }
  }

  /**
   * protobuf-java's bytes for {@code m}. It will not write a map value with missing required fields
   * ({@code MapEntry.build} throws), though it parses one: then {@code m} is written here field by
   * field (each scalar field by a one-field DynamicMessage, which writes without checks), map
   * entries and sub-messages by the same method.
   */
  private static byte[] encode(Message m) throws IOException {
    try {
      return m.toByteArray();
    } catch (UninitializedMessageException e) {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      CodedOutputStream out = CodedOutputStream.newInstance(bytes);
      for (Map.Entry<FieldDescriptor, Object> f : m.getAllFields().entrySet()) {
        FieldDescriptor fd = f.getKey();
        if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
          out.writeRawBytes(
              com.google.protobuf.DynamicMessage.newBuilder(m.getDescriptorForType())
                  .setField(fd, f.getValue())
                  .buildPartial()
                  .toByteArray());
          continue;
        }
        List<?> values = fd.isRepeated() ? (List<?>) f.getValue() : List.of(f.getValue());
        for (Object v : values) {
          byte[] value = fd.isMapField() ? encodeEntry((Message) v) : encode((Message) v);
          if (fd.getType() == FieldDescriptor.Type.GROUP) {
            out.writeTag(fd.getNumber(), com.google.protobuf.WireFormat.WIRETYPE_START_GROUP);
            out.writeRawBytes(value);
            out.writeTag(fd.getNumber(), com.google.protobuf.WireFormat.WIRETYPE_END_GROUP);
          } else {
            out.writeByteArray(fd.getNumber(), value);
          }
        }
      }
      out.flush();
      return bytes.toByteArray();
    }
  }

  /**
   * A map entry: its key as protobuf-java writes it, its value (when a message) by {@link #encode}.
   */
  private static byte[] encodeEntry(Message entry) throws IOException {
    FieldDescriptor key = entry.getDescriptorForType().findFieldByNumber(1);
    FieldDescriptor value = entry.getDescriptorForType().findFieldByNumber(2);
    if (value.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
      return entry.toByteArray();
    }
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeRawBytes(
        com.google.protobuf.DynamicMessage.newBuilder(entry.getDescriptorForType())
            .setField(key, entry.getField(key))
            .buildPartial()
            .toByteArray());
    out.writeByteArray(2, encode((Message) entry.getField(value)));
    out.flush();
    return bytes.toByteArray();
  }
}
