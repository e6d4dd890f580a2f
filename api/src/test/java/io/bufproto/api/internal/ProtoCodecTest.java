package io.bufproto.api.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import io.bufproto.api.InvalidProtobufException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The codec primitives against protobuf-java's CodedOutputStream/CodedInputStream and the JDK. */
class ProtoCodecTest {

  private static final Random RANDOM = new Random(42);

  private interface PjWrite {
    void write(CodedOutputStream out) throws IOException;
  }

  private static byte[] pj(PjWrite w) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    w.write(out);
    out.flush();
    return bytes.toByteArray();
  }

  private static long edgeLong() {
    return switch (RANDOM.nextInt(5)) {
      case 0 -> 1L << RANDOM.nextInt(64);
      case 1 -> (1L << RANDOM.nextInt(64)) - 1;
      case 2 -> -(1L << RANDOM.nextInt(64));
      default -> RANDOM.nextLong() >> RANDOM.nextInt(64);
    };
  }

  /**
   * A ProtoWriter call: stores at {@code at}, nothing at or after {@code end}; returns the next
   * index.
   */
  private interface Write {
    int apply(byte[] out, int at, int end);
  }

  private static final int START = 3;
  private static final byte SENTINEL = (byte) 0xa5;

  /** An array of {@code capacity} bytes, every one {@link #SENTINEL}. */
  private static byte[] fresh(int capacity) {
    byte[] out = new byte[capacity];
    java.util.Arrays.fill(out, SENTINEL);
    return out;
  }

  /** The bytes {@code write} stores from index {@link #START} of a roomy array. */
  private static byte[] written(Write write) {
    byte[] out = fresh(256);
    int at = write.apply(out, START, 256);
    return java.util.Arrays.copyOfRange(out, START, at);
  }

  /** {@link #written}, also checked with {@link #exact}. */
  private static byte[] writtenExactly(Write write) {
    byte[] w = written(write);
    exact(write, w);
    return w;
  }

  /**
   * Checks that {@code write} stores exactly {@code expected} when the space ends right after it
   * (nothing stored before {@link #START} or at the end and after), and that one byte less room
   * throws {@link java.nio.BufferOverflowException} without storing outside that room.
   */
  private static void exact(Write write, byte[] expected) {
    int end = START + expected.length;
    byte[] out = fresh(end + 16);
    assertEquals(end, write.apply(out, START, end));
    assertArrayEquals(expected, java.util.Arrays.copyOfRange(out, START, end));
    untouched(out, end);
    if (expected.length > 0) {
      byte[] small = fresh(end + 16);
      assertThrows(
          java.nio.BufferOverflowException.class, () -> write.apply(small, START, end - 1));
      untouched(small, end - 1);
    }
  }

  private static void untouched(byte[] out, int end) {
    for (int i = 0; i < START; i++) {
      assertEquals(SENTINEL, out[i], "stored before the start");
    }
    for (int i = end; i < out.length; i++) {
      assertEquals(SENTINEL, out[i], "stored at or after the end");
    }
  }

  @Test
  void varintsMatchProtobufJavaInBytesAndSizes() throws IOException {
    for (int i = 0; i < 20_000; i++) {
      long l = edgeLong();
      int v = (int) l;
      byte[] w = writtenExactly((o, a, e) -> ProtoWriter.writeInt32(o, a, e, v));
      assertArrayEquals(pj(o -> o.writeInt32NoTag(v)), w, "int32 " + v);
      assertEquals(CodedOutputStream.computeInt32SizeNoTag(v), ProtoCodec.int32Size(v));
      assertEquals(v, ProtoReads.readInt32(Unpooled.wrappedBuffer(w), null, w.length));

      w = writtenExactly((o, a, e) -> ProtoWriter.writeUInt32(o, a, e, v));
      assertArrayEquals(pj(o -> o.writeUInt32NoTag(v)), w, "uint32 " + v);
      assertEquals(CodedOutputStream.computeUInt32SizeNoTag(v), ProtoCodec.uint32Size(v));

      w = writtenExactly((o, a, e) -> ProtoWriter.writeSInt32(o, a, e, v));
      assertArrayEquals(pj(o -> o.writeSInt32NoTag(v)), w, "sint32 " + v);
      assertEquals(CodedOutputStream.computeSInt32SizeNoTag(v), ProtoCodec.sint32Size(v));
      assertEquals(v, ProtoReads.readSInt32(Unpooled.wrappedBuffer(w), null, w.length));

      w = writtenExactly((o, a, e) -> ProtoWriter.writeInt64(o, a, e, l));
      assertArrayEquals(pj(o -> o.writeInt64NoTag(l)), w, "int64 " + l);
      assertEquals(CodedOutputStream.computeInt64SizeNoTag(l), ProtoCodec.int64Size(l));
      assertEquals(l, ProtoReads.readInt64(Unpooled.wrappedBuffer(w), null, w.length));

      w = writtenExactly((o, a, e) -> ProtoWriter.writeSInt64(o, a, e, l));
      assertArrayEquals(pj(o -> o.writeSInt64NoTag(l)), w, "sint64 " + l);
      assertEquals(CodedOutputStream.computeSInt64SizeNoTag(l), ProtoCodec.sint64Size(l));
      assertEquals(l, ProtoReads.readSInt64(Unpooled.wrappedBuffer(w), null, w.length));

      w = writtenExactly((o, a, e) -> ProtoWriter.writeFixed64(o, a, e, l));
      assertArrayEquals(pj(o -> o.writeFixed64NoTag(l)), w, "fixed64 " + l);
      w = writtenExactly((o, a, e) -> ProtoWriter.writeFixed32(o, a, e, v));
      assertArrayEquals(pj(o -> o.writeFixed32NoTag(v)), w, "fixed32 " + v);
      w = writtenExactly((o, a, e) -> ProtoWriter.writeDouble(o, a, e, Double.longBitsToDouble(l)));
      assertArrayEquals(pj(o -> o.writeDoubleNoTag(Double.longBitsToDouble(l))), w, "double " + l);
    }
  }

  @Test
  void overlongVarintsDecodeAsProtobufJavaDecodesThem() throws IOException {
    for (int i = 0; i < 5_000; i++) {
      int len = 1 + RANDOM.nextInt(10);
      byte[] bytes = new byte[len];
      for (int j = 0; j < len; j++) {
        bytes[j] = (byte) (RANDOM.nextInt(256) | (j < len - 1 ? 0x80 : 0));
        if (j == len - 1) {
          bytes[j] &= 0x7f;
        }
      }
      long expected64 = CodedInputStream.newInstance(bytes).readRawVarint64();
      int expected32 = CodedInputStream.newInstance(bytes).readRawVarint32();
      assertEquals(expected64, ProtoCodec.readVarint64(Unpooled.wrappedBuffer(bytes)));
      assertEquals(expected32, ProtoCodec.readVarint32(Unpooled.wrappedBuffer(bytes)));
    }
    byte[] eleven = new byte[11];
    java.util.Arrays.fill(eleven, (byte) 0x80);
    assertThrows(
        InvalidProtobufException.class,
        () -> ProtoCodec.readVarint64(Unpooled.wrappedBuffer(eleven)));
  }

  @Test
  void utf8ValidationAgreesWithTheJdksStrictDecoder() {
    byte[][] pieces = {
      {'a'},
      {(byte) 0xc3, (byte) 0xa9},
      {(byte) 0xe4, (byte) 0xb8, (byte) 0xad},
      {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80},
      {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
      {(byte) 0xc0, (byte) 0x80},
      {(byte) 0xe0, (byte) 0x80, (byte) 0x80},
      {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      {(byte) 0x80},
      {(byte) 0xff},
      {(byte) 0xf0, (byte) 0x9f},
      {(byte) 0xc3},
    };
    java.nio.charset.CharsetDecoder strict =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
            .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT);
    for (int i = 0; i < 50_000; i++) {
      ByteBuf b = Unpooled.buffer();
      int n = RANDOM.nextInt(6);
      for (int j = 0; j < n; j++) {
        b.writeBytes(pieces[RANDOM.nextInt(RANDOM.nextInt(4) == 0 ? pieces.length : 4)]);
        if (RANDOM.nextInt(3) == 0) {
          b.writeBytes("0123456789".getBytes(StandardCharsets.US_ASCII), 0, RANDOM.nextInt(10));
        }
      }
      byte[] bytes = ByteBufUtil.getBytes(b);
      boolean jdk;
      try {
        strict.decode(java.nio.ByteBuffer.wrap(bytes));
        jdk = true;
      } catch (java.nio.charset.CharacterCodingException e) {
        jdk = false;
      }
      boolean ours;
      try {
        Utf8.checkValid(b, 0, bytes.length);
        ours = true;
      } catch (InvalidProtobufException e) {
        ours = false;
      }
      assertEquals(jdk, ours, ByteBufUtil.hexDump(bytes));
    }
  }

  /**
   * The writers taking a one-byte tag too, into roomy buffers and into exactly the room they need.
   */
  @Test
  void taggedWritersMatchProtobufJava() throws IOException {
    for (int i = 0; i < 20_000; i++) {
      long l = edgeLong();
      int v = (int) l;
      int field = 1 + RANDOM.nextInt(15);
      int varint = field << 3;
      int fixed32 = varint | 5;
      int fixed64 = varint | 1;
      tagged(
          (o, a, e) -> ProtoWriter.writeInt32(o, a, e, varint, v), pj(o -> o.writeInt32(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeUInt32(o, a, e, varint, v),
          pj(o -> o.writeUInt32(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeSInt32(o, a, e, varint, v),
          pj(o -> o.writeSInt32(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeEnum(o, a, e, varint, v), pj(o -> o.writeEnum(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeInt64(o, a, e, varint, l), pj(o -> o.writeInt64(field, l)));
      tagged(
          (o, a, e) -> ProtoWriter.writeUInt64(o, a, e, varint, l),
          pj(o -> o.writeUInt64(field, l)));
      tagged(
          (o, a, e) -> ProtoWriter.writeSInt64(o, a, e, varint, l),
          pj(o -> o.writeSInt64(field, l)));
      tagged(
          (o, a, e) -> ProtoWriter.writeBool(o, a, e, varint, (v & 1) != 0),
          pj(o -> o.writeBool(field, (v & 1) != 0)));
      tagged(
          (o, a, e) -> ProtoWriter.writeFixed32(o, a, e, fixed32, v),
          pj(o -> o.writeFixed32(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeSFixed32(o, a, e, fixed32, v),
          pj(o -> o.writeSFixed32(field, v)));
      tagged(
          (o, a, e) -> ProtoWriter.writeFloat(o, a, e, fixed32, Float.intBitsToFloat(v)),
          pj(o -> o.writeFloat(field, Float.intBitsToFloat(v))));
      tagged(
          (o, a, e) -> ProtoWriter.writeFixed64(o, a, e, fixed64, l),
          pj(o -> o.writeFixed64(field, l)));
      tagged(
          (o, a, e) -> ProtoWriter.writeSFixed64(o, a, e, fixed64, l),
          pj(o -> o.writeSFixed64(field, l)));
      tagged(
          (o, a, e) -> ProtoWriter.writeDouble(o, a, e, fixed64, Double.longBitsToDouble(l)),
          pj(o -> o.writeDouble(field, Double.longBitsToDouble(l))));
      // A length prefix: the varint bytes of uint32 under a length-delimited tag.
      tagged(
          (o, a, e) -> ProtoWriter.writeTagVarint32(o, a, e, varint | 2, v),
          withWireType(pj(o -> o.writeUInt32(field, v)), 2));
    }
  }

  /** protobuf-java's bytes for a varint field, with the tag's wire type replaced. */
  private static byte[] withWireType(byte[] varintField, int wireType) {
    byte[] b = varintField.clone();
    b[0] = (byte) ((b[0] & ~7) | wireType);
    return b;
  }

  private static void tagged(Write write, byte[] expected) {
    assertArrayEquals(expected, written(write));
    exact(write, expected);
  }

  @Test
  void utf8MatchesTheJdkIncludingUnpairedSurrogates() {
    char[] alphabet = {
      'a', 'é', '中', '\uD83D', '\uDE00', '\uDBFF', '\uDC00', '\u007f', '\u0080', '\u07ff', '\u0800',
      '\uffff'
    };
    for (int i = 0; i < 20_000; i++) {
      // Mostly-ASCII strings of up to 40 chars too, for the 8-chars-at-a-time path.
      boolean mostlyAscii = (i & 2) == 0;
      char[] cs = new char[RANDOM.nextInt(mostlyAscii ? 40 : 12)];
      for (int j = 0; j < cs.length; j++) {
        cs[j] =
            mostlyAscii && ((i & 4) == 0 || RANDOM.nextInt(16) != 0)
                ? (char) RANDOM.nextInt(0x80)
                : alphabet[RANDOM.nextInt(alphabet.length)];
      }
      String s = new String(cs);
      byte[] jdk = s.getBytes(StandardCharsets.UTF_8);
      int word = Utf8.scan(s);
      assertEquals(jdk.length, Utf8.length(word), s);
      assertEquals(jdk.length, Utf8.encodedLength(s), s);
      assertEquals(
          s.chars().allMatch(c -> c < 0x80), word >= 0, "ASCII iff the word is the length: " + s);
      byte[] ours = written((o, a, e) -> Utf8.write(o, a, e, s, word));
      assertArrayEquals(jdk, ours, s);
      // Exactly as much room as the string needs, and one byte less.
      exact((o, a, e) -> Utf8.write(o, a, e, s, word), jdk);
      assertEquals(
          new String(jdk, StandardCharsets.UTF_8),
          Utf8.decode(Unpooled.wrappedBuffer(ours), 0, jdk.length));
    }
  }

  @Test
  void aLengthWordThatIsNotTheStringsFailsInsteadOfWritingOtherBytes() {
    byte[] out = fresh(64);
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> Utf8.write(out, 0, 64, "abc", 4));
    assertEquals("string changed while being written: 3 != 4", e.getMessage());
    assertThrows(IllegalStateException.class, () -> Utf8.write(out, 0, 64, "abé", ~5));
  }
}
