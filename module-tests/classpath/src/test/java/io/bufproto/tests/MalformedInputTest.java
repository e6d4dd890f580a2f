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
import io.bufproto.tests.p3.Node;
import io.bufproto.tests.p3.Proto3Protos;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Bad input gets a clear exception, exactly where protobuf-java rejects it; a cut at a field
 * boundary is a valid shorter message, parsed and re-written exactly as protobuf-java does.
 */
class MalformedInputTest {

  /**
   * Every message type (together they hold every wire type in every position: varint32/64 singular,
   * repeated, packed and in maps, fixed32/64, length-delimited, groups), several random messages,
   * cut at every byte offset. The first two messages of each type are cut from every buffer kind,
   * the others from one kind per cut; the run repeats for every reader (see ConfigurationTest).
   */
  @Test
  void truncationAtEveryOffsetMatchesProtobufJava() throws Exception {
    int compared = 0;
    BufKind[] kinds = BufKind.values();
    for (Case type : Case.ALL) {
      for (long seed = 0; seed < 6; seed++) {
        Message pj =
            new RandomMessages(seed * 31 + type.name().hashCode(), 3, true).next(type.prototype());
        byte[] full = pj.toByteArray();
        for (int cut = 0; cut < full.length; cut++) {
          byte[] part = Arrays.copyOf(full, cut);
          if (seed < 2) {
            for (BufKind kind : kinds) {
              compare(type, pj, part, kind);
              compared++;
            }
          } else {
            compare(type, pj, part, kinds[(cut + (int) seed) % kinds.length]);
            compared++;
          }
        }
      }
    }
    assertTrue(compared > 10_000, "compared " + compared);
    System.out.println(
        "MalformedInputTest: " + compared + " truncated inputs compared with protobuf-java");
  }

  private static void compare(Case type, Message pj, byte[] part, BufKind kind) {
    Message theirs;
    String theirError = null;
    try {
      theirs = pj.getParserForType().parseFrom(part);
    } catch (InvalidProtocolBufferException e) {
      theirs = null;
      theirError = e.getMessage();
    }
    String expectedWording =
        theirError == null ? null : ParseDifferential.firstSentence(theirError);
    ProtoMessage<?> ours = type.ours().get();
    ByteBuf in = kind.source(part);
    try {
      if (theirs == null) {
        int before = in.readerIndex();
        InvalidProtobufException e =
            assertThrows(
                InvalidProtobufException.class,
                () -> ours.parseFrom(in, part.length),
                () ->
                    type
                        + ": protobuf-java rejects "
                        + part.length
                        + " bytes, we accepted them ("
                        + kind
                        + ")");
        assertEquals(
            expectedWording,
            ParseDifferential.firstSentence(e.getMessage()),
            "protobuf-java's wording");
        assertTrue(in.readerIndex() >= before);
        assertTrue(
            in.readerIndex() <= in.writerIndex(),
            () ->
                "reader index "
                    + in.readerIndex()
                    + " past writer index "
                    + in.writerIndex()
                    + " ("
                    + kind
                    + ")");
        assertTrue(
            e.getMessage().startsWith("Message missing required fields")
                ? e.offset() == -1
                : e.offset() >= 0 && e.offset() <= part.length,
            () -> "offset " + e.offset() + " of " + part.length);
      } else {
        try {
          ours.parseFrom(in, part.length);
        } catch (InvalidProtobufException e) {
          fail(
              type
                  + ": protobuf-java accepts "
                  + part.length
                  + " bytes, we threw "
                  + e
                  + " ("
                  + kind
                  + ")");
        }
        assertArrayEquals(
            theirs.toByteArray(), ours.toByteArray(), () -> type + " cut at " + part.length);
      }
    } finally {
      in.release();
    }
  }

  /**
   * Readers skip Netty's per-read reference-count check; the parse checks it once, as it opens the
   * buffer.
   */
  @Test
  void parsingAReleasedBufferThrowsNettysException() {
    for (BufKind kind : BufKind.values()) {
      Message pj =
          new RandomMessages(kind.name().hashCode(), 3, true)
              .next(Case.ALL.get(15).prototype()); // lp.Metadata
      byte[] bytes = pj.toByteArray();
      ByteBuf in = kind.source(bytes);
      in.release();
      assertThrows(
          io.netty.util.IllegalReferenceCountException.class,
          () -> Case.ALL.get(15).ours().get().parseFrom(in, bytes.length),
          kind::toString);
    }
  }

  @Test
  void nestingIsLimitedTo100LevelsLikeProtobufJava() throws Exception {
    byte[] ok = nested(100);
    byte[] tooDeep = nested(101);
    assertEquals(ok.length, Proto3Protos.Node.parseFrom(ok).getSerializedSize());
    assertThrows(InvalidProtocolBufferException.class, () -> Proto3Protos.Node.parseFrom(tooDeep));

    new Node().parseFrom(ok);
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> new Node().parseFrom(tooDeep));
    assertTrue(e.getMessage().contains("nesting"), e.getMessage());
  }

  @Test
  void theNestingLimitCanBeRaisedLikeProtobufJavas() throws Exception {
    byte[] deep = nested(150);
    assertThrows(InvalidProtobufException.class, () -> new Node().parseFrom(deep));
    com.google.protobuf.CodedInputStream in =
        com.google.protobuf.CodedInputStream.newInstance(deep);
    in.setRecursionLimit(150);
    Proto3Protos.Node theirs = Proto3Protos.Node.parseFrom(in);
    Node ours = new Node();
    ours.parseFrom(io.netty.buffer.Unpooled.wrappedBuffer(deep), deep.length, 150);
    assertArrayEquals(theirs.toByteArray(), ours.toByteArray());
    assertThrows(
        InvalidProtobufException.class,
        () -> new Node().parseFrom(io.netty.buffer.Unpooled.wrappedBuffer(deep), deep.length, 149));
  }

  /** A Node chain {@code depth} messages below the root. */
  private static byte[] nested(int depth) {
    Node root = new Node();
    Node n = root;
    for (int i = 0; i < depth; i++) {
      n = n.setNext();
    }
    n.setName("leaf");
    return root.toByteArray();
  }

  @Test
  void invalidTagsAndWireTypesAreRejected() {
    byte[][] bad = {
      {0x00}, // field number 0
      {0x0f}, // wire type 7
      {0x0e}, // wire type 6
      {0x0c}, // end group without a start
      {
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        (byte) 0x80,
        0x01
      }, // 11-byte varint tag
      {0x0a, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, // negative length
      {0x0a, 0x05, 'a'}, // length past the end
      // A tag of -1 (wire type 7) in a sub-message: singular, repeated; eager and lazy parses
      {0x12, 0x05, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
      {0x1a, 0x05, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f},
    };
    for (byte[] b : bad) {
      assertThrows(
          InvalidProtocolBufferException.class,
          () -> Proto3Protos.Node.parseFrom(b),
          Arrays.toString(b));
      assertThrows(
          InvalidProtobufException.class, () -> new Node().parseFrom(b), Arrays.toString(b));
      for (int deferFrom : new int[] {0, ProtoMessage.LAZY_DEFER_FROM}) {
        assertThrows(
            InvalidProtobufException.class,
            () -> {
              Node lazy = new Node().lazyParsing(deferFrom);
              lazy.parseFrom(b);
              lazy.materialize();
            },
            Arrays.toString(b));
      }
    }
  }

  /** Editions decide UTF-8 validation per field: VERIFY rejects, NONE accepts, as protobuf-java. */
  @Test
  void editionsValidateUtf8PerField() throws Exception {
    byte[] required = {0x20, 0x01}; // required_id = 1
    byte[] invalid = {(byte) 0xc3, 0x28};
    for (int field : new int[] {11, 12}) {
      io.netty.buffer.ByteBuf b = io.netty.buffer.Unpooled.buffer().writeBytes(required);
      b.writeByte(field << 3 | 2).writeByte(invalid.length).writeBytes(invalid);
      byte[] bytes = io.netty.buffer.ByteBufUtil.getBytes(b);
      for (boolean e24 : new boolean[] {false, true}) {
        Message pjType =
            e24
                ? io.bufproto.tests.ed24.Editions2024Protos.Edition.getDefaultInstance()
                : io.bufproto.tests.ed23.Editions2023Protos.Edition.getDefaultInstance();
        ProtoMessage<?> ours =
            e24 ? new io.bufproto.tests.ed24.Edition() : new io.bufproto.tests.ed23.Edition();
        if (field == 11) {
          assertThrows(
              InvalidProtocolBufferException.class,
              () -> pjType.getParserForType().parseFrom(bytes));
          assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(bytes), "VERIFY");
        } else {
          Message theirs = pjType.getParserForType().parseFrom(bytes);
          ours.parseFrom(bytes);
          assertArrayEquals(theirs.toByteArray(), ours.toByteArray(), "NONE keeps the bytes");
        }
      }
    }
  }

  /**
   * The classpath reader may load up to the end of a pooled buffer's pool element, past its
   * capacity (see BufProtoUncheckedAccess). A length prefix cut off by the end of the data,
   * followed in that memory by bytes that would complete it (a huge, a negative and a small
   * length), is still the truncation protobuf-java reports, and the reader index is left at the
   * writer index.
   */
  @Test
  void aVarintCutOffByTheEndIsATruncationWhateverFollowsInMemory() throws Exception {
    // name = "abcde", then next (field 2, a message) whose length prefix is cut off: 9 bytes, so
    // the
    // prefix starts 8 bytes before the end of the 16-byte pool element.
    byte[] data = {0x0a, 0x05, 'a', 'b', 'c', 'd', 'e', 0x12, (byte) 0xff};
    String expected =
        assertThrows(InvalidProtocolBufferException.class, () -> Proto3Protos.Node.parseFrom(data))
            .getMessage();
    byte[][] after = {
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07}, // 2^31 - 1
      {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f}, // negative
      {0x01}
    }; // 255
    for (boolean heap : new boolean[] {true, false}) {
      for (byte[] junk : after) {
        PooledByteBufAllocator pool = PooledByteBufAllocator.DEFAULT;
        ByteBuf in = heap ? pool.heapBuffer(data.length) : pool.directBuffer(data.length);
        assertTrue(BufKind.bytesAfter(in, junk), "the bytes after the data stayed in the element");
        in.writeBytes(data);
        try {
          InvalidProtobufException e =
              assertThrows(
                  InvalidProtobufException.class, () -> new Node().parseFrom(in, data.length));
          assertEquals(
              ParseDifferential.firstSentence(expected),
              ParseDifferential.firstSentence(e.getMessage()),
              () -> Arrays.toString(junk) + " after the data, heap " + heap);
          assertEquals(in.writerIndex(), in.readerIndex());
        } finally {
          in.release();
        }
      }
    }
  }

  @Test
  void aParseNeverReadsPastItsSize() {
    byte[] msg = new Node().setName("abc").toByteArray();
    byte[] withTrailer = Arrays.copyOf(msg, msg.length + 4);
    Node n = new Node();
    io.netty.buffer.ByteBuf buf = io.netty.buffer.Unpooled.wrappedBuffer(withTrailer);
    n.parseFrom(buf, msg.length);
    assertEquals(msg.length, buf.readerIndex());
    assertEquals("abc", n.getName());
  }

  /**
   * A 10-byte varint whose last byte has the continuation bit set: protobuf-java accepts it from a
   * byte[] when that byte's low bit is set (found by ParseFuzzTest in a BaseCommand), and rejects
   * it from a stream, as the protobuf spec and its C++ parser do. BufProto rejects it, from every
   * buffer and reader, naming the field.
   */
  @Test
  void aTenByteVarintThatDoesNotEndIsRejected() throws Exception {
    byte[] bytes = {
      0x18,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x80,
      (byte) 0x81,
      0x18,
      0x01
    }; // Lists.l_int64 twice
    com.google.protobuf.Parser<?> parser = Proto3Protos.Lists.parser();
    parser.parseFrom(bytes); // protobuf-java's fast path: accepted (10 bytes remain)
    assertThrows(
        InvalidProtocolBufferException.class, // its slow path: rejected
        () ->
            parser.parseFrom(
                com.google.protobuf.CodedInputStream.newInstance(
                    new java.io.ByteArrayInputStream(bytes), 1)));
    for (BufKind kind : BufKind.values()) {
      ByteBuf in = kind.source(bytes);
      try {
        InvalidProtobufException e =
            assertThrows(
                InvalidProtobufException.class,
                () -> new io.bufproto.tests.p3.Lists().parseFrom(in, bytes.length),
                kind::toString);
        assertTrue(
            e.getMessage().startsWith("Protocol message contained a malformed varint"),
            e.getMessage());
        assertArrayEquals(new int[] {3}, e.fieldPath());
      } finally {
        in.release();
      }
    }
  }

  @Test
  void aSizeLimitRefusesLargerMessagesBeforeReadingThem() {
    byte[] msg = new Node().setName("abcdef").toByteArray();
    ByteBuf buf = io.netty.buffer.Unpooled.wrappedBuffer(msg);
    InvalidProtobufException e =
        assertThrows(
            InvalidProtobufException.class,
            () -> new Node().parseFrom(buf, msg.length, 100, msg.length - 1));
    assertTrue(
        e.getMessage().startsWith("Protocol message was too large. May be malicious."),
        e.getMessage());
    assertEquals(0, buf.readerIndex(), "nothing read");
    Node n = new Node();
    n.parseFrom(buf, msg.length, 100, msg.length);
    assertEquals("abcdef", n.getName());
    assertEquals(
        Integer.MAX_VALUE,
        io.bufproto.api.internal.ProtoCodec.SIZE_LIMIT,
        "no global limit by default");
  }
}
