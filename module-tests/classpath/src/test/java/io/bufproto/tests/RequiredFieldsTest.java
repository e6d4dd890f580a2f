package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.tests.p2.Proto2Protos;
import io.bufproto.tests.p2.WithRequired;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** Required fields: parse and write fail naming the missing fields, as protobuf-java does. */
class RequiredFieldsTest {

  @Test
  void parsingAMessageWithoutRequiredFieldsFailsNamingThemLikeProtobufJava() {
    Proto2Protos.WithRequired pj =
        Proto2Protos.WithRequired.newBuilder()
            .setId(1)
            .setInner(Proto2Protos.WithRequired.Inner.newBuilder().setNote("n").buildPartial())
            .addInners(Proto2Protos.WithRequired.Inner.newBuilder().setValue(3).buildPartial())
            .addInners(Proto2Protos.WithRequired.Inner.getDefaultInstance())
            .buildPartial();
    byte[] bytes = pj.toByteArray();

    InvalidProtocolBufferException theirs =
        assertThrows(
            InvalidProtocolBufferException.class, () -> Proto2Protos.WithRequired.parseFrom(bytes));
    InvalidProtobufException ours =
        assertThrows(InvalidProtobufException.class, () -> new WithRequired().parseFrom(bytes));

    assertEquals(
        "name, inner.value, inners[1].value", String.join(", ", pj.findInitializationErrors()));
    assertTrue(ours.getMessage().contains("name, inner.value, inners[1].value"), ours.getMessage());
    assertTrue(
        theirs.getMessage().contains("name, inner.value, inners[1].value"), theirs.getMessage());
  }

  @Test
  void writingAMessageWithoutRequiredFieldsFails() {
    WithRequired m = new WithRequired().setId(5);
    assertFalse(m.isInitialized());
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> m.writeTo(Unpooled.buffer()));
    assertTrue(e.getMessage().contains("name"), e.getMessage());
    assertThrows(InvalidProtobufException.class, m::toByteArray);

    m.setName("x");
    assertTrue(m.isInitialized());
    m.setInner().setNote("no value");
    assertFalse(m.isInitialized(), "a set child with a missing required field");
    m.getInner().setValue(1);
    assertTrue(m.isInitialized());
    assertEquals(m.getSerializedSize(), m.toByteArray().length);
  }

  /**
   * Each message a write visits tests its own required fields: a child made incomplete after the
   * parent was written once must fail the next write, wherever it sits (singular, repeated, map
   * value, oneof member, group, inside a group), naming what protobuf-java's {@code
   * findInitializationErrors} names for the same message.
   */
  @Test
  void aChildMadeIncompleteAfterAWriteFailsTheNextWrite() throws Exception {
    List<Consumer<WithRequired>> mutations =
        List.of(
            m -> m.getInner().clearValue(),
            m -> m.getInnerAt(1).clearValue(),
            m -> m.getInnerMap("k").clearValue(),
            m -> m.getPicked().clearValue(),
            m -> m.getHeld().clearHeldId(),
            m -> m.getHeld().getHeldInnerAt(0).clearValue());
    for (Consumer<WithRequired> mutation : mutations) {
      WithRequired m = new WithRequired().setId(1).setName("n");
      m.setInner().setValue(2);
      m.addInner().setValue(3);
      m.addInner().setValue(4);
      m.putInnerMap("k").setValue(5);
      m.setPicked().setValue(6);
      m.setHeld().setHeldId(7);
      m.getHeld().addHeldInner().setValue(8);
      byte[] complete = m.toByteArray();
      Proto2Protos.WithRequired pj = Proto2Protos.WithRequired.parseFrom(complete);
      assertEquals(pj, Proto2Protos.WithRequired.parseFrom(written(m)));

      mutation.accept(m);
      // protobuf-java's names for the same message, read back from the bytes written without
      // checks.
      String missing =
          String.join(
              ", ",
              Proto2Protos.WithRequired.parser()
                  .parsePartialFrom(m._partialBytes())
                  .findInitializationErrors());
      assertFalse(missing.isEmpty());
      assertFalse(m.isInitialized());
      InvalidProtobufException e = assertThrows(InvalidProtobufException.class, () -> written(m));
      assertTrue(e.getMessage().contains("fields: " + missing + " (in "), e.getMessage());
      assertThrows(InvalidProtobufException.class, m::toByteArray, missing);
      ByteBuf out = Unpooled.buffer();
      assertThrows(InvalidProtobufException.class, () -> m.writeDelimitedTo(out), missing);
      assertEquals(0, out.writerIndex(), "a failed write leaves nothing");

      m.parseFrom(complete);
      assertArrayEquals(complete, written(m), missing + ", parsed again");
    }
  }

  /** A type whose children with required fields are all singular (Pulsar's BaseCommand). */
  @Test
  void aSingularChildMadeIncompleteAfterAWriteFailsTheNextWrite() throws Exception {
    io.bufproto.tests.pulsar.BaseCommand m =
        new io.bufproto.tests.pulsar.BaseCommand()
            .setType(io.bufproto.tests.pulsar.BaseCommand.Type.SEND);
    m.setSend().setProducerId(1).setSequenceId(2);
    byte[] complete = m.toByteArray();
    ByteBuf out = Unpooled.directBuffer();
    m.writeTo(out);
    out.release();

    m.getSend().clearSequenceId();
    String missing =
        String.join(
            ", ",
            io.bufproto.tests.pulsar.PulsarApi.BaseCommand.parser()
                .parsePartialFrom(m._partialBytes())
                .findInitializationErrors());
    assertEquals("send.sequence_id", missing);
    ByteBuf again = Unpooled.directBuffer();
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> m.writeTo(again));
    assertTrue(e.getMessage().contains("fields: " + missing + " (in "), e.getMessage());
    assertEquals(0, again.writerIndex());
    again.release();

    m.getSend().setSequenceId(2);
    assertArrayEquals(complete, m.toByteArray());
  }

  /**
   * A write that finds a required field unset moves no index and keeps the bytes before it, into a
   * heap buffer (written in place), a direct one (composed in a scratch array) and a direct one too
   * large for the scratch (composed in chunks, some already copied into the buffer when the last
   * element is found incomplete); the formats still print the message.
   */
  @Test
  void aWriteThatFindsARequiredFieldUnsetLeavesTheBufferAsItWas() {
    String note = "n".repeat(1000);
    for (int elements : new int[] {2, 100}) {
      WithRequired m = new WithRequired().setId(1).setName("n");
      for (int i = 0; i < elements; i++) {
        m.addInner().setValue(i).setNote(note);
      }
      m.getInnerAt(elements - 1).clearValue();
      for (ByteBuf out : List.of(Unpooled.buffer(), Unpooled.directBuffer())) {
        out.writeBytes(new byte[] {1, 2, 3});
        InvalidProtobufException e =
            assertThrows(InvalidProtobufException.class, () -> m.writeTo(out));
        assertTrue(
            e.getMessage().contains("fields: inners[" + (elements - 1) + "].value (in "),
            e.getMessage());
        assertEquals(3, out.writerIndex(), elements + " elements, " + out);
        assertEquals(0, out.readerIndex());
        assertArrayEquals(new byte[] {1, 2, 3}, ByteBufUtil.getBytes(out));
        out.release();
      }
      assertTrue(m.toString().contains("inners {\n  note: "), "printed without the value");
      m.getInnerAt(elements - 1).setValue(7);
      assertEquals(m.getSerializedSize(), m.toByteArray().length);
    }
  }

  /** The bytes writeTo puts into a direct buffer (composed in the message's scratch array). */
  private static byte[] written(WithRequired m) {
    ByteBuf out = Unpooled.directBuffer();
    try {
      m.writeTo(out);
      byte[] bytes = new byte[out.readableBytes()];
      out.readBytes(bytes);
      return bytes;
    } finally {
      out.release();
    }
  }
}
