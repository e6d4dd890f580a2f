package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bufproto.tests.p3.Implicit;
import io.bufproto.tests.p3.Lists;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Strings and bytes are parsed lazily; released buffers are detected, never read. */
class LazyFieldsTest {

  private static byte[] sample() {
    return new Implicit()
        .setFString("héllo wörld")
        .setFBytes(new byte[] {1, 2, 3})
        .setFInt32(7)
        .toByteArray();
  }

  @Test
  void lazyGettersAfterReleaseThrowNettysException() {
    ByteBuf buf = Unpooled.directBuffer().writeBytes(sample());
    Implicit m = new Implicit();
    m.parseFrom(buf, buf.readableBytes());
    buf.release();
    assertEquals(7, m.getFInt32(), "scalars were decoded during the parse");
    assertThrows(IllegalReferenceCountException.class, m::getFString);
    assertThrows(IllegalReferenceCountException.class, m::getFBytes);
    assertThrows(IllegalReferenceCountException.class, m::getFBytesSlice);
    assertThrows(IllegalReferenceCountException.class, () -> m.writeTo(Unpooled.buffer()));
  }

  @Test
  void materializeDetachesFromTheBuffer() {
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(sample());
    Lists outer = new Lists();
    outer.addImplicit().setFString("a");
    Lists l = new Lists();
    byte[] withChild = outer.toByteArray();
    ByteBuf buf2 = Unpooled.directBuffer().writeBytes(withChild);
    l.parseFrom(buf2, buf2.readableBytes());
    Implicit m = new Implicit();
    m.parseFrom(buf, buf.readableBytes());
    m.materialize();
    l.materialize();
    buf.release();
    buf2.release();
    assertEquals("héllo wörld", m.getFString());
    assertArrayEquals(new byte[] {1, 2, 3}, m.getFBytes());
    assertArrayEquals(sample(), m.toByteArray());
    assertEquals("a", l.getImplicitAt(0).getFString());
  }

  @Test
  void bytesSliceIsZeroCopyAndStringsAreDecodedOnce() {
    ByteBuf buf = Unpooled.buffer().writeBytes(sample());
    Implicit m = new Implicit();
    m.parseFrom(buf, buf.readableBytes());
    ByteBuf slice = m.getFBytesSlice();
    assertEquals(3, m.getFBytesSize());
    int at = indexOf(buf, new byte[] {1, 2, 3});
    buf.setByte(at, 9);
    assertEquals(9, slice.getByte(0), "the slice views the parsed buffer's memory");
    assertSame(m.getFString(), m.getFString(), "decoded once, then cached");
  }

  @Test
  void unchangedParsedStringsAreCopiedAsBytes() {
    // Invalid UTF-8 in a proto2 string survives a parse/write round trip untouched.
    byte[] raw = {(byte) 0x4a, 9, (byte) 0xff, (byte) 0xfe, 'a', 'b', 'c', 'd', 'e', 'f', 'g'};
    io.bufproto.tests.p2.Scalars m = new io.bufproto.tests.p2.Scalars();
    m.parseFrom(raw);
    m.getFString();
    assertArrayEquals(raw, m.toByteArray());
    assertEquals(
        new String(
            new byte[] {(byte) 0xff, (byte) 0xfe, 'a', 'b', 'c', 'd', 'e', 'f', 'g'},
            StandardCharsets.UTF_8),
        m.getFString());
  }

  private static int indexOf(ByteBuf buf, byte[] needle) {
    outer:
    for (int i = 0; i <= buf.writerIndex() - needle.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (buf.getByte(i + j) != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    throw new AssertionError("not found");
  }

  /**
   * proto2 keeps strings whose bytes are not UTF-8, and so does protobuf-java: materialize() must
   * keep the bytes, not the decoded String (found by ParseFuzzTest: written back with U+FFFD).
   */
  @Test
  void materializeKeepsMalformedUtf8Bytes() throws Exception {
    byte[] bytes = {
      0x4a,
      0x03,
      'a',
      (byte) 0xc3,
      0x28, // f_string: 'a', a broken 2-byte sequence
      0x4a,
      0x01,
      'b',
      0x4a,
      0x01,
      (byte) 0x80
    }; // r_string: "b" and a lone continuation byte
    byte[] scalars = java.util.Arrays.copyOfRange(bytes, 0, 5);
    byte[] repeated = java.util.Arrays.copyOfRange(bytes, 5, bytes.length);
    assertArrayEquals(
        scalars, io.bufproto.tests.p2.Proto2Protos.Scalars.parseFrom(scalars).toByteArray());
    assertArrayEquals(
        repeated, io.bufproto.tests.p2.Proto2Protos.Repeated.parseFrom(repeated).toByteArray());

    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(scalars);
    io.bufproto.tests.p2.Scalars s = new io.bufproto.tests.p2.Scalars();
    s.parseFrom(buf, buf.readableBytes());
    s.materialize();
    buf.release();
    assertEquals("a\uFFFD(", s.getFString());
    assertArrayEquals(scalars, s.toByteArray());

    buf = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(repeated);
    io.bufproto.tests.p2.Repeated r = new io.bufproto.tests.p2.Repeated();
    r.parseFrom(buf, buf.readableBytes());
    r.materialize();
    buf.release();
    assertEquals("b", r.getRStringAt(0));
    assertArrayEquals(repeated, r.toByteArray());
  }
}
