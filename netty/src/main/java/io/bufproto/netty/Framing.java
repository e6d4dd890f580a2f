package io.bufproto.netty;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.CorruptedFrameException;

/** How a frame announces its length: the prefix written before each message. */
public enum Framing {
  /**
   * A varint32 length (1 to 5 bytes), as protobuf-java's {@code writeDelimitedTo} and Netty's
   * {@code ProtobufVarint32LengthFieldPrepender} write it.
   */
  VARINT32 {
    @Override
    int prefixSize(int length) {
      // 1 byte per 7 bits of the length (at least one): 1 to 5 for a non-negative int.
      return (31 - Integer.numberOfLeadingZeros(length | 1)) / 7 + 1;
    }

    @Override
    void writePrefix(ByteBuf out, int length) {
      int v = length;
      while ((v & ~0x7F) != 0) {
        out.writeByte((v & 0x7F) | 0x80);
        v >>>= 7;
      }
      out.writeByte(v);
    }

    @Override
    long readPrefix(ByteBuf in) {
      int at = in.readerIndex();
      int available = in.readableBytes();
      long length = 0;
      for (int i = 0; i < MAX_VARINT32_BYTES; i++) {
        if (i == available) {
          return INCOMPLETE;
        }
        int b = in.getByte(at + i);
        length |= (long) (b & 0x7F) << (7 * i);
        if (b >= 0) {
          in.readerIndex(at + i + 1);
          return checkLength(length);
        }
      }
      throw new CorruptedFrameException(
          "malformed varint32 length prefix: more than " + MAX_VARINT32_BYTES + " bytes");
    }
  },

  /** A 4-byte big-endian length, as Netty's {@code LengthFieldPrepender(4)} writes it. */
  FIXED32 {
    @Override
    int prefixSize(int length) {
      return 4;
    }

    @Override
    void writePrefix(ByteBuf out, int length) {
      out.writeInt(length);
    }

    @Override
    long readPrefix(ByteBuf in) {
      if (in.readableBytes() < 4) {
        return INCOMPLETE;
      }
      return checkLength(in.readUnsignedInt());
    }
  };

  private static final int MAX_VARINT32_BYTES = 5;

  /** {@link #readPrefix} found too few bytes for the whole prefix and consumed none. */
  static final long INCOMPLETE = -1;

  /** The number of bytes the prefix of a {@code length}-byte message takes. */
  abstract int prefixSize(int length);

  /** Writes the prefix of a {@code length}-byte message at the writer index. */
  abstract void writePrefix(ByteBuf out, int length);

  /**
   * Reads a prefix at the reader index and returns the length it announces, advancing past it; or
   * {@link #INCOMPLETE}, consuming nothing, when the buffer does not hold the whole prefix yet.
   *
   * @throws CorruptedFrameException if the prefix cannot be one: a varint longer than 5 bytes, or a
   *     length past {@code Integer.MAX_VALUE} (no protobuf message is that large)
   */
  abstract long readPrefix(ByteBuf in);

  private static long checkLength(long length) {
    if (length > Integer.MAX_VALUE) {
      throw new CorruptedFrameException(
          "length prefix announces " + length + " bytes, more than any protobuf message holds");
    }
    return length;
  }
}
