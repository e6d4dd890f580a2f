package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.UninitializedMessageException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Required fields on parse, against protobuf-java: random messages whose required fields may be
 * missing anywhere in the tree (singular, repeated and map values, oneof members, groups), alone
 * or concatenated with a second one (the parse then merges sub-messages, which can complete a
 * sub-message the first part left incomplete). Our parse must accept exactly what
 * protobuf-java's accepts, and name the same missing fields when it rejects.
 */
class RequiredFieldProperties {

  /** One instance per type, parsed again and again: a rejected parse must not leak into the next. */
  private static final Map<String, ProtoMessage<?>> REUSED = new ConcurrentHashMap<>();

  @Property
  void parseRejectsExactlyWhatProtobufJavaRejects(
      @ForAll long seed, @ForAll @IntRange(min = 0, max = 4) int size, @ForAll boolean twice) {
    CompatibilityProperties.forEachType(seed, (type, s) -> check(type, s, size, twice));
  }

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
      InvalidProtobufException e = assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(input), missing);
      assertTrue(e.getMessage().contains("fields: " + missing + " (in "), () -> e.getMessage() + " vs protobuf-java's " + missing);
      assertThrows(InvalidProtobufException.class, () -> reused.parseFrom(input), missing);
    }
  }

  /**
   * protobuf-java's bytes for {@code m}. It will not write a map value with missing required
   * fields ({@code MapEntry.build} throws), though it parses one: those maps' entries are then
   * written here, after the other fields (top-level maps with string keys, as in WithRequired).
   */
  private static byte[] encode(Message m) throws IOException {
    try {
      return m.toByteArray();
    } catch (UninitializedMessageException e) {
      Message.Builder rest = m.newBuilderForType();
      m.getAllFields().forEach((fd, v) -> {
        if (!fd.isMapField()) {
          rest.setField(fd, v);
        }
      });
      ByteArrayOutputStream maps = new ByteArrayOutputStream();
      CodedOutputStream out = CodedOutputStream.newInstance(maps);
      for (FieldDescriptor fd : m.getDescriptorForType().getFields()) {
        if (!fd.isMapField()) {
          continue;
        }
        FieldDescriptor key = fd.getMessageType().findFieldByNumber(1);
        FieldDescriptor value = fd.getMessageType().findFieldByNumber(2);
        for (Object o : (List<?>) m.getField(fd)) {
          Message entry = (Message) o;
          ByteArrayOutputStream entryBytes = new ByteArrayOutputStream();
          CodedOutputStream entryOut = CodedOutputStream.newInstance(entryBytes);
          entryOut.writeString(1, (String) entry.getField(key));
          entryOut.writeByteArray(2, ((Message) entry.getField(value)).toByteArray());
          entryOut.flush();
          out.writeByteArray(fd.getNumber(), entryBytes.toByteArray());
        }
      }
      out.flush();
      byte[] head = rest.buildPartial().toByteArray();
      byte[] all = java.util.Arrays.copyOf(head, head.length + maps.size());
      System.arraycopy(maps.toByteArray(), 0, all, head.length, maps.size());
      return all;
    }
  }
}
