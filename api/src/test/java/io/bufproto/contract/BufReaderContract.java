package io.bufproto.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The contract of every {@link BufReader}, against protobuf-java's {@code CodedInputStream}: every
 * varint length (1 to 10 bytes, overlong forms included) at every position, in every buffer kind,
 * with the varint at the very end of the readable bytes; truncated input always throws and never
 * returns a value. Each reader's test class only supplies the reader.
 */
public abstract class BufReaderContract {

  protected abstract BufReader reader();

  /**
   * The cursor a parse of {@code b} would read through ({@link BufReader#open}), or null when the
   * reader reads the buffer itself: the reads below go through it then, and {@link
   * ProtoInput#flush} brings the reader index up to date before it is checked.
   */
  protected ProtoInput open(ByteBuf b) {
    return reader().opensCursors() ? reader().open(b, null) : null;
  }

  /** {@link BufReader#readVarint64}, or {@link BufReader#readVarintInRun} when {@code inRun}. */
  private long readVarint64(ByteBuf b, boolean inRun) {
    ProtoInput in = open(b);
    if (in == null) {
      return inRun ? reader().readVarintInRun(b) : reader().readVarint64(b);
    }
    try {
      return in.readVarint64();
    } finally {
      in.flush();
    }
  }

  /**
   * A varint of a message ending at {@code end} ({@link BufReader#readVarint64(ByteBuf, int)} and
   * its 32-bit twin): the reads of a field's value.
   */
  private long readValue(ByteBuf b, int end, boolean wide) {
    ProtoInput in = open(b);
    if (in == null) {
      return wide ? reader().readVarint64(b, end) : reader().readVarint32(b, end);
    }
    try {
      return wide ? in.readVarint64() : in.readVarint32();
    } finally {
      in.flush();
    }
  }

  /** {@link BufReader#readTag}, or the cursor's. */
  private int readTag(ByteBuf b, int end) {
    ProtoInput in = open(b);
    if (in == null) {
      return reader().readTag(b, end);
    }
    try {
      return in.readTag(end);
    } finally {
      in.flush();
    }
  }

  private int readVarint32(ByteBuf b) {
    ProtoInput in = open(b);
    if (in == null) {
      return reader().readVarint32(b);
    }
    try {
      return in.readVarint32();
    } finally {
      in.flush();
    }
  }

  private void skipTo(ByteBuf b, int index) {
    ProtoInput in = open(b);
    if (in == null) {
      reader().skipTo(b, index);
    } else {
      in.skipTo(index);
      in.flush();
    }
  }

  private static final Random RANDOM = new Random(7);

  /** Random varint encodings, canonical and overlong, 1 to 10 bytes. */
  private static byte[] randomVarint() {
    int len = 1 + RANDOM.nextInt(10);
    byte[] b = new byte[len];
    for (int i = 0; i < len; i++) {
      b[i] = (byte) (RANDOM.nextInt(128) | (i < len - 1 ? 0x80 : 0));
    }
    return b;
  }

  private static ByteBuf[] buffers(byte[] data, int before) {
    byte[] padded = new byte[before + data.length];
    System.arraycopy(data, 0, padded, before, data.length);
    CompositeByteBuf composite = Unpooled.compositeBuffer();
    int cut = RANDOM.nextInt(padded.length + 1);
    composite.addComponent(true, Unpooled.copiedBuffer(padded, 0, cut));
    composite.addComponent(true, Unpooled.copiedBuffer(padded, cut, padded.length - cut));
    ByteBuf parent =
        PooledByteBufAllocator.DEFAULT
            .directBuffer(padded.length + 16)
            .writeBytes(padded)
            .writeZero(16);
    ByteBuf[] all = {
      Unpooled.copiedBuffer(padded),
      Unpooled.directBuffer(padded.length, padded.length).writeBytes(padded),
      PooledByteBufAllocator.DEFAULT.heapBuffer().writeBytes(padded),
      PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(padded),
      composite,
      parent.retainedSlice(0, padded.length),
      Unpooled.copiedBuffer(padded).asReadOnly(),
    };
    parent.release();
    for (ByteBuf b : all) {
      b.readerIndex(before);
    }
    return all;
  }

  @Test
  void decodesEveryVarintAsProtobufJavaDoes() throws IOException {
    for (int n = 0; n < 3000; n++) {
      byte[] v = randomVarint();
      long expected = CodedInputStream.newInstance(v).readRawVarint64();
      int before = RANDOM.nextInt(12);
      byte[] withTail = Arrays.copyOf(v, v.length + RANDOM.nextInt(3) * RANDOM.nextInt(9));
      for (ByteBuf b : buffers(withTail, before)) {
        try {
          // By turns: a 64-bit value, a 32-bit value, a packed run's value, and a field's value
          // of 32 and of 64 bits in a message that ends after it (at a random point of the tail).
          int how = n % 5;
          int end = before + v.length + RANDOM.nextInt(withTail.length - v.length + 1);
          long got =
              switch (how) {
                case 0, 2 -> readVarint64(b, how == 2);
                case 1 -> readVarint32(b);
                default -> readValue(b, end, how == 4);
              };
          boolean narrow = how == 1 || how == 3;
          assertEquals(narrow ? (int) expected : expected, got, () -> b + " " + Arrays.toString(v));
          assertEquals(before + v.length, b.readerIndex(), () -> "reader index, " + b);
        } finally {
          b.release();
        }
      }
    }
  }

  /** A pooled buffer of its own (not a slice): its pool element may lie past its data. */
  private static boolean ownsMemoryPastItsData(ByteBuf b) {
    return b.alloc() instanceof PooledByteBufAllocator
        && b.unwrap() == null
        && !(b instanceof CompositeByteBuf);
  }

  @Test
  void truncatedVarintsThrowAndNeverReturnAValue() throws IOException {
    for (int n = 0; n < 2000; n++) {
      byte[] v = randomVarint();
      for (int cut = 0; cut < v.length; cut++) {
        byte[] part = Arrays.copyOf(v, cut);
        for (ByteBuf b : buffers(part, RANDOM.nextInt(4))) {
          try {
            // The message ends where the data does: a field's value is cut off by both.
            int how = n % 4;
            long got =
                how < 2 ? readVarint64(b, how == 1) : readValue(b, b.writerIndex(), how == 3);
            // The contract (BufReader, "Bounds"): an exception, or a reader index left past the
            // writer index (a read into memory the buffer owns past its data, which only a pooled
            // buffer has), which the parse's end check then rejects; never a value with the reader
            // index within the data.
            assertTrue(
                b.readerIndex() > b.writerIndex() && ownsMemoryPastItsData(b),
                () ->
                    "returned "
                        + got
                        + " from a truncated varint "
                        + Arrays.toString(part)
                        + " in "
                        + b);
          } catch (IndexOutOfBoundsException | InvalidProtobufException expected) {
            // an exception
          } finally {
            b.release();
          }
        }
      }
    }
  }

  @Test
  void tagsAreReadUpToTheMessagesEndAndZeroIsNoTag() throws IOException {
    for (int n = 0; n < 3000; n++) {
      // A tag of field 1 to 2^29 - 1, any wire type; then another field's bytes past the end.
      int tag =
          ((1 + RANDOM.nextInt((1 << (1 + RANDOM.nextInt(29))) - 1)) << 3) | RANDOM.nextInt(8);
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      com.google.protobuf.CodedOutputStream c =
          com.google.protobuf.CodedOutputStream.newInstance(out);
      c.writeUInt32NoTag(tag);
      c.flush();
      byte[] encoded = out.toByteArray();
      int before = RANDOM.nextInt(4);
      byte[] data = Arrays.copyOf(encoded, encoded.length + 3);
      data[encoded.length] = 8; // the next message's first tag
      for (ByteBuf b : buffers(data, before)) {
        try {
          int end = before + encoded.length;
          assertEquals(tag, readTag(b, end), () -> b + " " + Arrays.toString(encoded));
          assertEquals(end, b.readerIndex(), () -> "reader index, " + b);
          assertEquals(0, readTag(b, end), () -> "at the end, " + b);
          assertEquals(end, b.readerIndex(), () -> "moved at the end, " + b);
        } finally {
          b.release();
        }
      }
    }
    for (ByteBuf b : buffers(new byte[] {0, 8}, 1)) {
      try {
        readTag(b, b.writerIndex());
        fail("a zero tag returned in " + b);
      } catch (InvalidProtobufException expected) {
        assertEquals(io.bufproto.api.spi.Varints.ZERO_TAG, expected.getMessage());
      } finally {
        b.release();
      }
    }
  }

  @Test
  void skipToMovesOnlyTheReaderIndex() {
    byte[] data = new byte[40];
    RANDOM.nextBytes(data);
    for (int before = 0; before < 3; before++) {
      for (ByteBuf b : buffers(data, before)) {
        try {
          int writer = b.writerIndex();
          for (int to = b.readerIndex(); to <= writer; to += 1 + RANDOM.nextInt(9)) {
            skipTo(b, to);
            assertEquals(to, b.readerIndex(), b.toString());
            assertEquals(writer, b.writerIndex());
          }
          skipTo(b, writer);
          assertEquals(writer, b.readerIndex());
        } finally {
          b.release();
        }
      }
    }
  }

  @Test
  void copyBytesCopiesExactlyTheBytesAskedForAndMovesNoIndex() {
    byte[] data = new byte[40];
    RANDOM.nextBytes(data);
    for (int before = 0; before < 3; before++) {
      for (ByteBuf b : buffers(data, before)) {
        try {
          int reader = b.readerIndex();
          int writer = b.writerIndex();
          for (int at = reader; at <= writer; at++) {
            for (int length = 0; at + length <= writer; length++) {
              byte[] dst = new byte[length + 16];
              Arrays.fill(dst, (byte) 0x5a);
              if (!reader().copyBytes(b, at, dst, length)) {
                continue; // left to the caller's checked copy: nothing stored
              }
              byte[] expected = new byte[length + 16];
              Arrays.fill(expected, (byte) 0x5a);
              System.arraycopy(data, at - before, expected, 0, length);
              assertArrayEquals(expected, dst, b + " at " + at + " length " + length);
              assertEquals(reader, b.readerIndex());
              assertEquals(writer, b.writerIndex());
            }
          }
        } finally {
          b.release();
        }
      }
    }
  }

  @Test
  void moreThanTenBytesIsMalformed() {
    byte[] eleven = new byte[12];
    Arrays.fill(eleven, 0, 11, (byte) 0x80);
    try {
      CodedInputStream.newInstance(eleven).readRawVarint64();
      fail("protobuf-java accepts it");
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      // expected
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    for (ByteBuf b : buffers(eleven, 0)) {
      try {
        readVarint64(b, RANDOM.nextBoolean());
        fail("accepted 11 bytes in " + b);
      } catch (InvalidProtobufException expected) {
        // expected
      } finally {
        b.release();
      }
    }
  }
}
