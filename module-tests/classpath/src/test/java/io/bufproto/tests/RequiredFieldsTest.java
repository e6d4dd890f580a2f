package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.tests.p2.Proto2Protos;
import io.bufproto.tests.p2.WithRequired;
import io.netty.buffer.Unpooled;
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
}
