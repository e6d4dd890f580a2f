package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The parse fuzz target's check: for any bytes, protobuf-java and BufProto both reject them, or
 * both accept them and write back identical bytes with equal field values. BufProto may only throw
 * {@link InvalidProtobufException}; anything else escaping {@code parseFrom} fails.
 *
 * <p>An input is one byte choosing the message type ({@link #TYPES}), one choosing the source
 * buffer ({@link BufKind}: heap, direct, composite, slices, leak-aware wrappers...), then the bytes
 * to parse. The reader is the configuration's (the suite runs once per reader, see
 * ConfigurationTest). Driven by {@link ParseFuzzTest} (Jazzer) and {@link FuzzCorpusTest} (the
 * committed corpus, in every build).
 */
final class ParseDifferential {

  private ParseDifferential() {}

  /** protobuf's MessageSet ({@code message_set_wire_format}); see MessageSetProperties. */
  static final Case MESSAGE_SET =
      new Case(
          com.google.protobuf_test_messages.proto2.TestMessagesProto2.TestAllTypesProto2
              .MessageSetCorrect.getDefaultInstance(),
          com.google.protobuf_test_messages.proto2.TestAllTypesProto2.MessageSetCorrect::new);

  /**
   * The fuzzed types: the suite's, protobuf's large test messages, Pulsar's commands, a MessageSet.
   */
  static final List<Case> TYPES = types();

  private static List<Case> types() {
    List<Case> all = new ArrayList<>(Case.ALL);
    all.addAll(ProtobufTestSchemasProperties.LARGE);
    all.add(
        new Case(
            io.bufproto.tests.pulsar.PulsarApi.MessageMetadata.getDefaultInstance(),
            io.bufproto.tests.pulsar.MessageMetadata::new));
    all.add(
        new Case(
            io.bufproto.tests.pulsar.PulsarApi.BaseCommand.getDefaultInstance(),
            io.bufproto.tests.pulsar.BaseCommand::new));
    // Appended last: an input's first byte keeps naming the same type in the committed corpus.
    all.add(MESSAGE_SET);
    return List.copyOf(all);
  }

  /** Runs one fuzz input; {@code reused} holds one instance per type, reused across inputs. */
  static void run(byte[] input, Map<String, ProtoMessage<?>> reused) {
    if (input.length < 2) {
      return;
    }
    Case type = TYPES.get((input[0] & 0xff) % TYPES.size());
    @SuppressWarnings("EnumOrdinal") // an index into the kinds, chosen by the fuzzer's input
    BufKind kind = BufKind.values()[(input[1] & 0xff) % BufKind.values().length];
    check(type, kind, Arrays.copyOfRange(input, 2, input.length), reused);
  }

  static void check(Case type, BufKind kind, byte[] bytes, Map<String, ProtoMessage<?>> reused) {
    String theirError = protobufJavaError(type, bytes);
    Message theirs = theirError == null ? protobufJava(type, bytes) : null;
    int deferFrom = LazySuite.nextDeferFrom();
    ProtoMessage<?> ours = LazySuite.configure(type.ours().get(), deferFrom);
    ProtoMessage<?> again =
        LazySuite.configure(reused.computeIfAbsent(type.name(), k -> type.ours().get()), deferFrom);
    ByteBuf in = kind.source(bytes);
    try {
      try {
        ours.parseFrom(in, bytes.length);
      } catch (InvalidProtobufException e) {
        if (theirs != null) {
          fail(
              type
                  + " from "
                  + kind
                  + ": protobuf-java accepts "
                  + bytes.length
                  + " bytes, we threw "
                  + e,
              e);
        }
        assertTrue(
            e.getMessage().startsWith("Message missing required fields")
                ? e.offset() == -1
                : e.offset() >= 0 && e.offset() <= bytes.length,
            () -> "offset " + e.offset() + ": " + e.getMessage());
        String slowPath = protobufJavaSlowPathMalformedVarint(type, bytes);
        // (A lazy parse checks less, so its first error may be another than the eager parse's.)
        if (theirError != null
            && !LazySuite.ON
            && !(slowPath != null
                && firstSentence(slowPath).equals(firstSentence(e.getMessage())))) {
          assertEquals(
              firstSentence(theirError), firstSentence(e.getMessage()), "protobuf-java's wording");
        }
        assertThrows(
            InvalidProtobufException.class, () -> again.parseFrom(bytes), "a reused instance");
        projected(type, kind, bytes, null);
        return;
      }
      if (LazySuite.ON && lazyRefuses(type, kind, bytes, ours, theirs)) {
        return;
      }
      if (theirs == null) {
        fail(
            type
                + " from "
                + kind
                + ": protobuf-java rejects "
                + bytes.length
                + " bytes, we accepted them");
      }
      theirs = spec(theirs, bytes, ours.toByteArray());
      byte[] expected = theirs.toByteArray();
      assertArrayEquals(
          expected, ours.toByteArray(), () -> type + " from " + kind + ": written back");
      assertEquals(expected.length, ours.getSerializedSize());
      if (!hasUnknownFields(theirs)) {
        // Field values, through the setters: built from protobuf-java's values, equal to ours.
        ProtoMessage<?> built = type.ours().get();
        OursFiller.fill(built, theirs);
        assertEquals(built, ours, () -> type + " from " + kind + ": field values");
      }
      again.parseFrom(bytes);
      if (LazySuite.ON) {
        again.materialize();
      }
      assertArrayEquals(expected, again.toByteArray(), () -> type + ": a reused instance");
      ours.materialize();
      assertArrayEquals(expected, ours.toByteArray(), () -> type + ": after materialize()");
      projected(type, kind, bytes, theirs);
    } finally {
      in.release();
    }
  }

  /**
   * The lazy configuration's check of an input its parse accepted: unchanged, the message writes
   * the input as received (when protobuf-java accepts it); {@code materialize()}, which parses
   * every deferred sub-message, throws {@link InvalidProtobufException} exactly when protobuf-java
   * refuses the input. Returns true if it threw (the input is done with), false if the eager checks
   * go on with the materialized message.
   */
  private static boolean lazyRefuses(
      Case type, BufKind kind, byte[] bytes, ProtoMessage<?> ours, Message theirs) {
    if (theirs != null) {
      assertArrayEquals(
          bytes, ours.toByteArray(), () -> type + " from " + kind + ": written as received");
    }
    try {
      ours.materialize();
    } catch (InvalidProtobufException e) {
      if (theirs != null) {
        fail(type + " from " + kind + ": protobuf-java accepts, materialize() threw " + e, e);
      }
      projected(type, kind, bytes, null);
      return true;
    }
    return false;
  }

  /**
   * A projected parse of the same bytes, of fields the bytes choose: where our full parse accepted
   * them ({@code full} is then the spec's message), it accepts them too and holds exactly the
   * fields asked for (ProjectionProperties); where it refused them, the projection, which checks
   * less, may accept them, or throws {@link InvalidProtobufException} and nothing else.
   */
  private static void projected(Case type, BufKind kind, byte[] bytes, Message full) {
    java.util.Set<Integer> asked = new java.util.TreeSet<>();
    int choice = Arrays.hashCode(bytes);
    List<com.google.protobuf.Descriptors.FieldDescriptor> fields =
        type.prototype().getDescriptorForType().getFields();
    for (int i = 0; i < fields.size(); i++) {
      if ((choice >>> (i % 31) & 1) != 0) {
        asked.add(fields.get(i).getNumber());
      }
    }
    asked.add(1);
    io.bufproto.api.Projection projection =
        io.bufproto.api.Projection.of(asked.stream().mapToInt(Integer::intValue).toArray());
    ProtoMessage<?> ours = type.ours().get();
    ByteBuf in = kind.source(bytes);
    try {
      ours.parseFields(in, bytes.length, projection);
      if (full != null) {
        TextFormatProperties.assertSameText(
            com.google.protobuf.TextFormat.printer()
                .printToString(ProjectionProperties.keepOnly(full, asked)),
            ours.toTextFormat());
      }
    } catch (InvalidProtobufException e) {
      if (full != null) {
        fail(type + " from " + kind + ": the full parse accepts, the projection threw " + e, e);
      }
    } finally {
      in.release();
    }
  }

  /**
   * Where protobuf-java's generated parser departs from the protobuf spec, its dynamic parser
   * ({@code DynamicMessage}) does not, and BufProto follows the spec: a oneof whose message member
   * is followed by another member and then by the message member again holds only the last
   * occurrence (spec: "only the last member seen is used"; protobuf's C++ parser agrees), where the
   * generated builder, which keeps the first member's builder, merges the two. Returns the dynamic
   * parser's message when it differs from the generated one and equals what BufProto wrote (or
   * equals it once both pass through the dynamic parser, which re-encodes malformed UTF-8: then the
   * generated parser's reading of BufProto's bytes); otherwise {@code theirs}. docs/testing.md.
   */
  static Message spec(Message theirs, byte[] bytes, byte[] oursWritten) {
    try {
      Message dynamic =
          com.google.protobuf.DynamicMessage.parseFrom(theirs.getDescriptorForType(), bytes);
      byte[] d = dynamic.toByteArray();
      if (java.util.Arrays.equals(d, theirs.toByteArray())) {
        return theirs;
      }
      if (java.util.Arrays.equals(d, oursWritten)) {
        return dynamic;
      }
      // The dynamic parser decodes every string, so one holding malformed UTF-8 (which the
      // generated classes and ours keep as bytes) comes back re-encoded: compare through it.
      Message oursDynamic =
          com.google.protobuf.DynamicMessage.parseFrom(theirs.getDescriptorForType(), oursWritten);
      if (java.util.Arrays.equals(d, oursDynamic.toByteArray())) {
        return theirs.getParserForType().parseFrom(oursWritten);
      }
      return theirs;
    } catch (InvalidProtocolBufferException e) {
      return theirs;
    }
  }

  /**
   * protobuf-java's message for {@code bytes}, or null if it rejects them. Its decoders disagree on
   * one malformed class: a 10-byte varint64 whose last byte has the continuation bit set (and its
   * low bit set) is accepted by the fast path, taken when 10 bytes remain in its buffer, and
   * rejected by the slow path, as the protobuf spec and protobuf's C++ parser reject it. BufProto
   * rejects it everywhere, so the oracle here is protobuf-java with the slow path too: an input
   * that a one-byte-buffered stream decoder rejects is expected to be rejected (docs/guide/
   * malformed-input.md).
   */
  static Message protobufJava(Case type, byte[] bytes) {
    try {
      Message fromArray = type.prototype().getParserForType().parseFrom(bytes);
      type.prototype().getParserForType().parseFrom(oneByteStream(bytes));
      return dynamicSlowPathMalformedVarint(type, bytes) == null ? fromArray : null;
    } catch (InvalidProtocolBufferException e) {
      return null;
    } catch (IllegalArgumentException e) {
      theirMessageSetTypeIdError(e);
      return null;
    }
  }

  private static com.google.protobuf.CodedInputStream oneByteStream(byte[] bytes) {
    return com.google.protobuf.CodedInputStream.newInstance(
        new java.io.ByteArrayInputStream(bytes), 1);
  }

  /**
   * The "malformed varint" of protobuf-java's dynamic parser reading a one-byte-buffered stream, or
   * null. The generated parser's stream path is not the slow path everywhere: a proto2 map whose
   * value is a closed enum reads each entry's bytes first and parses them from an array (so that an
   * unknown value can keep the entry), where the fast path takes a 10-byte varint that does not
   * end. The dynamic parser reads the entry from the stream itself.
   */
  private static String dynamicSlowPathMalformedVarint(Case type, byte[] bytes) {
    try {
      Object unused =
          com.google.protobuf.DynamicMessage.parseFrom(
              type.prototype().getDescriptorForType(), oneByteStream(bytes));
      return null;
    } catch (java.io.IOException e) {
      return e.getMessage().contains("malformed varint") ? e.getMessage() : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * protobuf-java's error message for {@code bytes} (from its array decoder), or null if it accepts
   * them.
   */
  static String protobufJavaError(Case type, byte[] bytes) {
    try {
      type.prototype().getParserForType().parseFrom(bytes);
      return null;
    } catch (InvalidProtocolBufferException e) {
      return e.getMessage();
    } catch (IllegalArgumentException e) {
      theirMessageSetTypeIdError(e);
      return MESSAGE_SET_TYPE_ID;
    }
  }

  /**
   * protobuf-java's "malformed varint" on its spec path (a one-byte-buffered stream, through the
   * generated parser, then the dynamic one: see {@link #dynamicSlowPathMalformedVarint}), or null:
   * where its array decoder's fast path took a 10-byte varint that does not end (see {@link
   * #protobufJava}) and failed on the bytes after it, this is the failure we report.
   */
  static String protobufJavaSlowPathMalformedVarint(Case type, byte[] bytes) {
    try {
      type.prototype().getParserForType().parseFrom(oneByteStream(bytes));
      return dynamicSlowPathMalformedVarint(type, bytes);
    } catch (InvalidProtocolBufferException e) {
      return e.getMessage().contains("malformed varint")
          ? e.getMessage()
          : dynamicSlowPathMalformedVarint(type, bytes);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** Our wording where protobuf-java fails with an IllegalArgumentException (below). */
  static final String MESSAGE_SET_TYPE_ID =
      "Protocol message contained a MessageSet item with an invalid type id";

  /**
   * protobuf-java's one unchecked failure on input: a MessageSet item whose type id is 2^31 or more
   * (read as uint32) throws {@code IllegalArgumentException: -N is not a valid field number} from
   * its unknown field set. BufProto rejects it with an InvalidProtobufException (docs/guide/
   * malformed-input.md); any other IllegalArgumentException is rethrown.
   */
  private static void theirMessageSetTypeIdError(IllegalArgumentException e) {
    if (e.getMessage() == null || !e.getMessage().matches("-\\d+ is not a valid field number\\.")) {
      throw e;
    }
  }

  /**
   * The first sentence of an error message, for comparing ours with protobuf-java's: spaces
   * collapsed, details in parentheses dropped, protobuf-java's class name as our wording.
   */
  static String firstSentence(String message) {
    String m =
        message
            .replace("CodedInputStream encountered", "Protocol message contained")
            .replaceAll("\\s+", " ")
            .replaceAll(" \\([^)]*\\)", "");
    int dot = m.indexOf('.');
    return dot < 0 ? m : m.substring(0, dot);
  }

  /** Whether {@code m} or a message below it holds unknown fields (our setters cannot add them). */
  private static boolean hasUnknownFields(Message m) {
    if (!m.getUnknownFields().asMap().isEmpty()) {
      return true;
    }
    for (Map.Entry<com.google.protobuf.Descriptors.FieldDescriptor, Object> e :
        m.getAllFields().entrySet()) {
      for (Object v : e.getKey().isRepeated() ? (List<?>) e.getValue() : List.of(e.getValue())) {
        if (v instanceof Message message && hasUnknownFields(message)) {
          return true;
        }
      }
    }
    return false;
  }
}
