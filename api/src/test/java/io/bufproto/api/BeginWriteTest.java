package io.bufproto.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/** Where beginWrite puts a message's bytes: the target's own memory, even in a composite. */
class BeginWriteTest {

  private static final byte[] TEN = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

  /** A composite of a 4-byte heap part and a 64-byte direct part, writer index at {@code writerIndex}. */
  private static CompositeByteBuf twoParts(int writerIndex) {
    CompositeByteBuf c = Unpooled.compositeBuffer();
    c.addComponent(false, Unpooled.buffer(4).writerIndex(4));
    c.addComponent(false, Unpooled.directBuffer(64).writerIndex(64));
    return c.writerIndex(writerIndex);
  }

  /** Writes TEN as generated writeTo does; returns the buffer the bytes were stored in. */
  private static ByteBuf write(ByteBuf out) {
    ByteBuf to = ProtoWriter.beginWrite(out, TEN.length);
    int at = ProtoWriter.startIndex(out, to);
    int end = at + TEN.length;
    int next = ProtoWriter.writeArray(to, at, end, TEN, 0, TEN.length);
    ProtoWriter.endWrite(out, next - at, TEN.length);
    return to;
  }

  @Test
  void bytesInsideOneComponentGoStraightIntoIt() {
    CompositeByteBuf c = twoParts(4);
    try {
      ByteBuf to = write(c);
      assertTrue(to.isDirect() && !(to instanceof CompositeByteBuf), "the direct component itself");
      assertEquals(14, c.writerIndex());
      assertArrayEquals(TEN, ByteBufUtil.getBytes(c, 4, TEN.length));
      assertArrayEquals(TEN, ByteBufUtil.getBytes(c.component(1), 0, TEN.length));
    } finally {
      c.release();
    }
  }

  @Test
  void bytesStraddlingTwoComponentsGoIntoTheComposite() {
    CompositeByteBuf c = twoParts(1);
    try {
      assertSame(c, write(c));
      assertEquals(11, c.writerIndex());
      assertArrayEquals(TEN, ByteBufUtil.getBytes(c, 1, TEN.length));
    } finally {
      c.release();
    }
  }

  @Test
  void aGrowingCompositeAndPlainBuffersGetTheBytesToo() {
    for (ByteBuf out : new ByteBuf[] {Unpooled.compositeBuffer(), Unpooled.buffer(2), Unpooled.directBuffer(2)}) {
      try {
        out.writeByte(42);
        write(out);
        write(out);
        assertEquals(21, out.writerIndex());
        assertArrayEquals(TEN, ByteBufUtil.getBytes(out, 11, TEN.length));
      } finally {
        out.release();
      }
    }
  }

  @Test
  void writingOtherThanAnnouncedIsAnError() {
    ByteBuf out = twoParts(4);
    try {
      ProtoWriter.beginWrite(out, TEN.length);
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> ProtoWriter.endWrite(out, 1, TEN.length));
      assertTrue(e.getMessage().startsWith("wrote 1 bytes, announced 10"), e.getMessage());
      assertEquals(4, out.writerIndex());
    } finally {
      out.release();
    }
  }
}
