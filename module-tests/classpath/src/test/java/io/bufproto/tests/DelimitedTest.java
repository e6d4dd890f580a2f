package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Delimited streams ({@code writeDelimitedTo}, {@code parseDelimitedFrom}) against protobuf-java's,
 * both directions, on random messages of every suite type, through every buffer kind.
 */
class DelimitedTest {

  private static final int PER_TYPE = 12;

  @Test
  void streamsAreProtobufJavasInBothDirections() throws IOException {
    int compared = 0;
    for (int t = 0; t < Case.ALL.size(); t++) {
      Case type = Case.ALL.get(t);
      RandomMessages random = new RandomMessages(t, 3, true);
      List<Message> theirs = new ArrayList<>();
      ByteArrayOutputStream theirStream = new ByteArrayOutputStream();
      for (int i = 0; i < PER_TYPE; i++) {
        Message m = random.next(type.prototype());
        theirs.add(m);
        m.writeDelimitedTo(theirStream);
      }
      byte[] stream = theirStream.toByteArray();

      // Ours writes the same stream, message after message into one buffer.
      ByteBuf ourStream = Unpooled.buffer();
      for (Message m : theirs) {
        ProtoMessage<?> ours = type.ours().get();
        ours.parseFrom(m.toByteArray());
        int before = ourStream.writerIndex();
        int written = ours.writeDelimitedTo(ourStream);
        assertEquals(ourStream.writerIndex() - before, written);
      }
      assertArrayEquals(stream, ByteBufUtil.getBytes(ourStream), type.toString());
      ourStream.release();

      // Ours reads protobuf-java's stream into one reused message, from every buffer kind.
      for (BufKind kind : BufKind.values()) {
        ByteBuf in = kind.source(stream);
        ProtoMessage<?> reused = type.ours().get();
        int read = 0;
        while (reused.parseDelimitedFrom(in)) {
          assertArrayEquals(
              theirs.get(read).toByteArray(), reused.toByteArray(), kind + " " + read);
          read++;
        }
        assertEquals(PER_TYPE, read);
        assertFalse(in.isReadable());
        in.release();
        compared += read;
      }
    }
    System.out.printf(
        "DelimitedTest: %d types, %d messages written and %d read as protobuf-java does%n",
        Case.ALL.size(), Case.ALL.size() * PER_TYPE, compared);
  }

  /**
   * A stream cut anywhere inside a message is a truncation. protobuf-java says so too, except where
   * the cut falls between two fields of the message: its {@code parseDelimitedFrom} then returns
   * the fields before the cut as if they were the whole message (its limited stream does not check
   * that the announced size arrived). BufProto reports the truncation there as well (docs/guide/
   * from-protobuf-java.md).
   */
  @Test
  void aCutStreamIsATruncation() throws IOException {
    Case type = Case.ALL.get(0);
    Message m = new RandomMessages(7, 3, true).next(type.prototype());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    m.writeDelimitedTo(out);
    byte[] whole = out.toByteArray();
    int theirsThrew = 0;
    int theirsShortened = 0;
    for (int cut = 1; cut < whole.length; cut++) {
      byte[] part = java.util.Arrays.copyOf(whole, cut);
      try {
        Message theirs =
            type.prototype().getParserForType().parseDelimitedFrom(new ByteArrayInputStream(part));
        assertTrue(theirs.getSerializedSize() < m.getSerializedSize(), "cut at " + cut);
        theirsShortened++;
      } catch (InvalidProtocolBufferException e) {
        theirsThrew++;
      }
      ByteBuf in = Unpooled.wrappedBuffer(part);
      InvalidProtobufException e =
          assertThrows(
              InvalidProtobufException.class, () -> type.ours().get().parseDelimitedFrom(in));
      assertTrue(
          e.getMessage()
              .startsWith("While parsing a protocol message, the input ended unexpectedly"),
          e.getMessage());
    }
    assertTrue(theirsThrew > 0 && theirsShortened > 0, theirsThrew + " " + theirsShortened);
  }

  @Test
  void theEndOfTheBufferIsTheEndOfTheStream() {
    ProtoMessage<?> m = Case.ALL.get(0).ours().get();
    m.parseFrom(new RandomMessages(8, 3, true).next(Case.ALL.get(0).prototype()).toByteArray());
    byte[] before = m.toByteArray();
    assertFalse(m.parseDelimitedFrom(Unpooled.EMPTY_BUFFER));
    assertArrayEquals(before, m.toByteArray(), "unchanged at the end of the stream");
  }

  @Test
  void aSizePrefixOfMoreThanFiveBytesIsAMalformedVarint() {
    ByteBuf in = Unpooled.wrappedBuffer(new byte[] {-128, -128, -128, -128, -128, 0, 0});
    InvalidProtobufException e =
        assertThrows(
            InvalidProtobufException.class,
            () -> Case.ALL.get(0).ours().get().parseDelimitedFrom(in));
    assertTrue(
        e.getMessage().startsWith("The size prefix of a delimited message runs past 5 bytes"),
        e.getMessage());
  }

  @Test
  void parseFromAWholeBufferReadsItsReadableRegion() {
    Message m = new RandomMessages(9, 3, true).next(Case.ALL.get(0).prototype());
    byte[] bytes = m.toByteArray();
    ByteBuf in = Unpooled.buffer().writeBytes(new byte[] {1, 2, 3}).writeBytes(bytes);
    in.skipBytes(3);
    ProtoMessage<?> ours = Case.ALL.get(0).ours().get();
    ours.parseFrom(in);
    assertFalse(in.isReadable());
    assertArrayEquals(bytes, ours.toByteArray());
  }
}
