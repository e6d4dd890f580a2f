package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.tests.p3.Node;
import io.bufproto.tests.p3.Proto3Protos;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/**
 * A parse failure names the field numbers down to the field being read and the byte offset where
 * the problem was found, after protobuf-java's own wording.
 */
class ErrorLocationTest {

  /** Node: name = 1 (string), next = 2 (Node), children = 3 (repeated Node). */
  private static InvalidProtobufException reject(byte[] bytes) {
    assertThrows(InvalidProtocolBufferException.class, () -> Proto3Protos.Node.parseFrom(bytes));
    return assertThrows(InvalidProtobufException.class, () -> new Node().parseFrom(bytes));
  }

  @Test
  void aLengthPastTheEndOfANestedMessageNamesBothFields() {
    // next { next { name: length 9, 1 byte } }: the inner messages' lengths are consistent.
    byte[] bytes = {0x12, 0x05, 0x12, 0x03, 0x0a, 0x09, 'a'};
    InvalidProtobufException e = reject(bytes);
    assertArrayEquals(new int[] {2, 2, 1}, e.fieldPath());
    assertEquals(6, e.offset(), "after the length prefix");
    assertTrue(
        e.getMessage().startsWith("While parsing a protocol message, the input ended unexpectedly"),
        e.getMessage());
    assertTrue(e.getMessage().endsWith(" [field 2.2.1, byte 6]"), e.getMessage());
  }

  @Test
  void aBadTagNamesOnlyTheFieldsAroundIt() {
    // children[0] holds an 11-byte varint where its next tag should be.
    byte[] bytes = {
      0x1a,
      0x0b,
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
    };
    InvalidProtobufException e = reject(bytes);
    assertArrayEquals(new int[] {3}, e.fieldPath(), e.getMessage());
    assertTrue(e.offset() > 2 && e.offset() <= bytes.length, e.getMessage());

    InvalidProtobufException top = reject(new byte[] {0x0a, 0x01, 'x', 0x00}); // field number 0
    assertArrayEquals(new int[] {}, top.fieldPath(), top.getMessage());
    assertEquals(4, top.offset(), top.getMessage());
  }

  @Test
  void invalidUtf8NamesTheStringField() {
    byte[] bytes = {0x12, 0x04, 0x0a, 0x02, (byte) 0xc3, 0x28};
    InvalidProtobufException e = reject(bytes);
    assertArrayEquals(new int[] {2, 1}, e.fieldPath(), e.getMessage());
  }

  @Test
  void theOffsetCountsFromTheMessageNotTheBuffer() {
    byte[] bytes = {0x12, 0x05, 0x12, 0x03, 0x0a, 0x09, 'a'};
    ByteBuf buf = Unpooled.buffer().writeBytes(new byte[] {9, 9, 9}).writeBytes(bytes);
    buf.readerIndex(3);
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> new Node().parseFrom(buf, bytes.length));
    assertEquals(6, e.offset());
  }
}
