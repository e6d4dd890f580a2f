package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.ByteString;
import io.bufproto.tests.p2.Proto2Protos;
import io.bufproto.tests.p2.Scalars;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.Test;

/**
 * A lazy string getter copies a value under 8 bytes by a 4-, 2- and 1-byte read as its length's
 * bits say, and tests the copy for ASCII the same way: every length up to 19, with one non-ASCII
 * byte at each position or none, from every kind of buffer, reads what protobuf-java reads.
 */
class ShortStringsTest {

  @Test
  void everyShortLengthWithANonAsciiByteAnywhereReadsLikeProtobufJava() throws Exception {
    Scalars ours = new Scalars();
    for (BufKind kind : BufKind.values()) {
      for (int length = 0; length < 20; length++) {
        for (int high = -1; high < length; high++) {
          byte[] value = new byte[length];
          for (int i = 0; i < length; i++) {
            value[i] = (byte) ('a' + (i * 7 + length) % 26);
          }
          if (high >= 0) {
            value[high] = (byte) 0xE9; // not ASCII; alone, not UTF-8 either (proto2: not checked)
          }
          byte[] wire =
              Proto2Protos.Scalars.newBuilder()
                  .setFStringBytes(ByteString.copyFrom(value))
                  .setFInt32(length)
                  .build()
                  .toByteArray();
          String expected = Proto2Protos.Scalars.parseFrom(wire).getFString();
          ByteBuf in = kind.source(wire);
          try {
            ours.parseFrom(in, in.readableBytes());
            assertEquals(
                expected,
                ours.getFString(),
                kind + ", length " + length + ", high byte at " + high);
          } finally {
            in.release();
          }
        }
      }
    }
  }
}
