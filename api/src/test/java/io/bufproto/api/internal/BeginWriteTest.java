package io.bufproto.api.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

/**
 * Where a composed message lands: in place in a heap buffer's array, or copied once from the
 * scratch array by {@link ProtoWriter#endWrite} into any other buffer (direct, composite,
 * straddling components). The steps are those of generated {@code writeTo}.
 */
class BeginWriteTest {

  private static final byte[] TEN = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};

  /**
   * A composite of a 4-byte heap part and a 64-byte direct part, writer index at {@code
   * writerIndex}.
   */
  private static CompositeByteBuf twoParts(int writerIndex) {
    CompositeByteBuf c = Unpooled.compositeBuffer();
    c.addComponent(false, Unpooled.buffer(4).writerIndex(4));
    c.addComponent(false, Unpooled.directBuffer(64).writerIndex(64));
    return c.writerIndex(writerIndex);
  }

  /** Writes TEN as generated writeTo does; returns whether it was written in place. */
  private static boolean write(ByteBuf out) {
    out.ensureWritable(TEN.length);
    byte[] a;
    int at;
    boolean inPlace = out.hasArray();
    if (inPlace) {
      a = out.array();
      at = out.arrayOffset() + out.writerIndex();
    } else {
      a = ProtoWriter.scratch(TEN.length);
      at = 0;
    }
    int next = ProtoWriter.writeArray(a, at, at + TEN.length, TEN, 0, TEN.length);
    ProtoWriter.endWrite(out, a, next - at, TEN.length);
    return inPlace;
  }

  @Test
  void bytesInsideOneComponentAndStraddlingTwoLandWhereTheyBelong() {
    for (int start : new int[] {4, 1}) {
      CompositeByteBuf c = twoParts(start);
      try {
        write(c);
        assertEquals(start + 10, c.writerIndex());
        assertArrayEquals(TEN, ByteBufUtil.getBytes(c, start, TEN.length));
      } finally {
        c.release();
      }
    }
  }

  @Test
  void aGrowingCompositeAndPlainBuffersGetTheBytesToo() {
    for (ByteBuf out :
        new ByteBuf[] {
          Unpooled.compositeBuffer(),
          Unpooled.buffer(2),
          Unpooled.directBuffer(2),
          PooledByteBufAllocator.DEFAULT.heapBuffer(2),
          PooledByteBufAllocator.DEFAULT.directBuffer(2)
        }) {
      try {
        out.writeByte(42);
        write(out);
        write(out);
        assertEquals(21, out.writerIndex());
        assertEquals(42, out.getByte(0));
        assertArrayEquals(TEN, ByteBufUtil.getBytes(out, 1, TEN.length));
        assertArrayEquals(TEN, ByteBufUtil.getBytes(out, 11, TEN.length));
      } finally {
        out.release();
      }
    }
  }

  @Test
  void aHeapSliceIsWrittenInPlaceAtItsArrayOffset() {
    ByteBuf whole = Unpooled.buffer(64);
    try {
      whole.setBytes(0, new byte[64]);
      ByteBuf slice = whole.slice(8, 32).writerIndex(3);
      assertTrue(write(slice), "in place");
      assertArrayEquals(TEN, ByteBufUtil.getBytes(whole, 11, TEN.length));
      assertEquals(0, whole.getByte(10));
      assertEquals(0, whole.getByte(21));
    } finally {
      whole.release();
    }
  }

  @Test
  void writingOtherThanAnnouncedIsAnError() {
    ByteBuf out = twoParts(4);
    try {
      out.ensureWritable(TEN.length);
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () -> ProtoWriter.endWrite(out, new byte[TEN.length], 1, TEN.length));
      assertTrue(e.getMessage().startsWith("wrote 1 bytes, announced 10"), e.getMessage());
      assertEquals(4, out.writerIndex());
    } finally {
      out.release();
    }
  }

  @Test
  void scratchArraysAreRoundedUpToTheLargestKept() {
    assertEquals(128, ProtoWriter.scratch(10).length);
    assertEquals(256, ProtoWriter.scratch(129).length);
    assertEquals(ProtoWriter.MAX_SCRATCH, ProtoWriter.scratch(ProtoWriter.MAX_SCRATCH).length);
    assertEquals(
        ProtoWriter.MAX_SCRATCH, ProtoWriter.scratch(ProtoWriter.MAX_SCRATCH / 2 + 1).length);
  }
}
