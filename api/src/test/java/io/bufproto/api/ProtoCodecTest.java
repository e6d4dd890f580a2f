package io.bufproto.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
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
    switch (RANDOM.nextInt(5)) {
      case 0:
        return 1L << RANDOM.nextInt(64);
      case 1:
        return (1L << RANDOM.nextInt(64)) - 1;
      case 2:
        return -(1L << RANDOM.nextInt(64));
      default:
        return RANDOM.nextLong() >> RANDOM.nextInt(64);
    }
  }

  @Test
  void varintsMatchProtobufJavaInBytesAndSizes() throws IOException {
    for (int i = 0; i < 20_000; i++) {
      long l = edgeLong();
      int v = (int) l;
      ByteBuf b = Unpooled.buffer();
      ProtoCodec.writeInt32(b, v);
      assertArrayEquals(pj(o -> o.writeInt32NoTag(v)), ByteBufUtil.getBytes(b), "int32 " + v);
      assertEquals(CodedOutputStream.computeInt32SizeNoTag(v), ProtoCodec.int32Size(v));
      assertEquals(v, ProtoCodec.readInt32(b));

      b.clear();
      ProtoCodec.writeUInt32(b, v);
      assertArrayEquals(pj(o -> o.writeUInt32NoTag(v)), ByteBufUtil.getBytes(b), "uint32 " + v);
      assertEquals(CodedOutputStream.computeUInt32SizeNoTag(v), ProtoCodec.uint32Size(v));

      b.clear();
      ProtoCodec.writeSInt32(b, v);
      assertArrayEquals(pj(o -> o.writeSInt32NoTag(v)), ByteBufUtil.getBytes(b), "sint32 " + v);
      assertEquals(CodedOutputStream.computeSInt32SizeNoTag(v), ProtoCodec.sint32Size(v));
      assertEquals(v, ProtoCodec.readSInt32(b));

      b.clear();
      ProtoCodec.writeInt64(b, l);
      assertArrayEquals(pj(o -> o.writeInt64NoTag(l)), ByteBufUtil.getBytes(b), "int64 " + l);
      assertEquals(CodedOutputStream.computeInt64SizeNoTag(l), ProtoCodec.int64Size(l));
      assertEquals(l, ProtoCodec.readInt64(b));

      b.clear();
      ProtoCodec.writeSInt64(b, l);
      assertArrayEquals(pj(o -> o.writeSInt64NoTag(l)), ByteBufUtil.getBytes(b), "sint64 " + l);
      assertEquals(CodedOutputStream.computeSInt64SizeNoTag(l), ProtoCodec.sint64Size(l));
      assertEquals(l, ProtoCodec.readSInt64(b));
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
    assertThrows(InvalidProtobufException.class, () -> ProtoCodec.readVarint64(Unpooled.wrappedBuffer(eleven)));
  }

  @Test
  void utf8ValidationAgreesWithTheJdksStrictDecoder() {
    byte[][] pieces = {
      {'a'}, {(byte) 0xc3, (byte) 0xa9}, {(byte) 0xe4, (byte) 0xb8, (byte) 0xad},
      {(byte) 0xf0, (byte) 0x9f, (byte) 0x98, (byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
      {(byte) 0xc0, (byte) 0x80}, {(byte) 0xe0, (byte) 0x80, (byte) 0x80}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
      {(byte) 0x80}, {(byte) 0xff}, {(byte) 0xf0, (byte) 0x9f}, {(byte) 0xc3},
    };
    java.nio.charset.CharsetDecoder strict =
        StandardCharsets.UTF_8.newDecoder()
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

  @Test
  void utf8MatchesTheJdkIncludingUnpairedSurrogates() {
    char[] alphabet = {'a', 'é', '中', '\uD83D', '\uDE00', '\uDBFF', '\uDC00', '\u007f', '\u0080', '\u07ff', '\u0800', '\uffff'};
    for (int i = 0; i < 20_000; i++) {
      char[] cs = new char[RANDOM.nextInt(12)];
      for (int j = 0; j < cs.length; j++) {
        cs[j] = alphabet[RANDOM.nextInt(alphabet.length)];
      }
      String s = new String(cs);
      byte[] jdk = s.getBytes(StandardCharsets.UTF_8);
      assertEquals(jdk.length, Utf8.encodedLength(s), s);
      ByteBuf b = Unpooled.directBuffer();
      Utf8.write(b, s, jdk.length);
      assertArrayEquals(jdk, ByteBufUtil.getBytes(b), s);
      assertEquals(new String(jdk, StandardCharsets.UTF_8), Utf8.decode(b, 0, jdk.length));
    }
  }
}
