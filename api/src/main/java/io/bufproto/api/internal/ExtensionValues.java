package io.bufproto.api.internal;

import io.bufproto.api.Extension;
import io.bufproto.api.ProtoEnum;
import io.bufproto.api.schema.FieldType;
import io.netty.buffer.ByteBuf;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One scalar value of an extension, between its wire form, the form protobuf-java writes it in, and
 * its boxed Java value. A scalar is carried as a {@code long}: int32, uint32, sint32, enum and the
 * fixed 32-bit types as their {@code int} (sign-extended), bool as 0 or 1, float and double as
 * their raw bits; sint32 and sint64 zigzag-encoded, as on the wire. Used by {@link ExtensionFields}
 * only.
 */
final class ExtensionValues {

  private ExtensionValues() {}

  /**
   * Reads one value of {@code type} (not string, bytes or message) as protobuf-java's parse reads
   * it: a 32-bit varint type keeps the low 32 bits, bool is whether the varint is non-zero.
   */
  static long read(FieldType type, Cursor in) {
    return switch (type) {
      case INT32, UINT32, SINT32, ENUM -> (int) in.varint();
      case INT64, UINT64, SINT64 -> in.varint();
      case BOOL -> in.varint() != 0 ? 1 : 0;
      case FIXED32, SFIXED32, FLOAT -> in.fixed32();
      case FIXED64, SFIXED64, DOUBLE -> in.fixed64();
      default -> throw new IllegalArgumentException(type + " is not a scalar type");
    };
  }

  /** Writes {@code value} (as {@link #read} returns it) without a tag, as protobuf-java does. */
  static void write(FieldType type, long value, Sink out) {
    out.ensure(10);
    byte[] a = out.data;
    int e = a.length;
    out.length =
        switch (type) {
          case INT32, ENUM -> ProtoWriter.writeInt32(a, out.length, e, (int) value);
          case UINT32 -> ProtoWriter.writeUInt32(a, out.length, e, (int) value);
          // sint32 and sint64 are carried zigzag-encoded, as they came: written back unchanged.
          case SINT32 -> ProtoWriter.writeUInt32(a, out.length, e, (int) value);
          case INT64, UINT64, SINT64 -> ProtoWriter.writeUInt64(a, out.length, e, value);
          case BOOL -> ProtoWriter.writeBool(a, out.length, e, value != 0);
          case FIXED32, SFIXED32, FLOAT -> ProtoWriter.writeFixed32(a, out.length, e, (int) value);
          case FIXED64, SFIXED64, DOUBLE -> ProtoWriter.writeFixed64(a, out.length, e, value);
          default -> throw new IllegalArgumentException(type + " is not a scalar type");
        };
  }

  /** The Java value of {@code value} (as {@link #read} returns it). */
  static Object box(Extension<?, ?> ext, long value) {
    return switch (ext.type()) {
      case INT32, UINT32, FIXED32, SFIXED32 -> (int) value;
      case SINT32 -> ((int) value >>> 1) ^ -((int) value & 1);
      case INT64, UINT64, FIXED64, SFIXED64 -> value;
      case SINT64 -> (value >>> 1) ^ -(value & 1);
      case BOOL -> value != 0;
      case FLOAT -> Float.intBitsToFloat((int) value);
      case DOUBLE -> Double.longBitsToDouble(value);
      case ENUM -> ext.enumValue((int) value);
      default -> throw new IllegalArgumentException(ext.type() + " is not a scalar type");
    };
  }

  /** {@code value}, a Java value of the extension's type, as {@link #read} returns it. */
  static long unbox(Extension<?, ?> ext, Object value) {
    return switch (ext.type()) {
      case INT32, UINT32, FIXED32, SFIXED32 -> (Integer) value;
      case SINT32 -> {
        int v = (Integer) value;
        yield (v << 1) ^ (v >> 31);
      }
      case INT64, UINT64, FIXED64, SFIXED64 -> (Long) value;
      case SINT64 -> {
        long v = (Long) value;
        yield (v << 1) ^ (v >> 63);
      }
      case BOOL -> (Boolean) value ? 1 : 0;
      case FLOAT -> Float.floatToRawIntBits((Float) value);
      case DOUBLE -> Double.doubleToRawLongBits((Double) value);
      case ENUM -> {
        ProtoEnum e = (ProtoEnum) value;
        yield e.getNumber();
      }
      default -> throw new IllegalArgumentException(ext.type() + " is not a scalar type");
    };
  }

  /** A growing byte array. */
  static final class Sink {
    byte[] data = new byte[16];
    int length;

    void ensure(int n) {
      if (length + n > data.length) {
        data = Arrays.copyOf(data, Math.max(data.length * 2, length + n));
      }
    }

    void varint(long v) {
      ensure(10);
      length = ProtoWriter.writeVarint64(data, length, data.length, v);
    }

    /** A tag: unsigned, as field numbers reach 2^29 - 1. */
    void tag(int tag) {
      varint(tag & 0xffffffffL);
    }

    void bytes(byte[] src, int from, int n) {
      ensure(n);
      System.arraycopy(src, from, data, length, n);
      length += n;
    }

    void bytes(ByteBuf src, int index, int n) {
      ensure(n);
      src.getBytes(index, data, length, n);
      length += n;
    }

    byte[] toArray() {
      return Arrays.copyOf(data, length);
    }
  }

  /**
   * Reads records (tag + value) from an array the extension code filled itself: every read is
   * checked against {@code limit}, never the runtime's unchecked readers.
   */
  static final class Cursor {
    final byte[] data;
    int pos;
    final int limit;

    Cursor(byte[] data, int from, int limit) {
      this.data = data;
      this.pos = from;
      this.limit = limit;
    }

    boolean more() {
      return pos < limit;
    }

    long varint() {
      long v = 0;
      for (int shift = 0; shift < 70; shift += 7) {
        if (pos >= limit) {
          throw ParseFailure.truncated();
        }
        byte b = data[pos++];
        v |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return v;
        }
      }
      throw ParseFailure.malformedVarint();
    }

    int fixed32() {
      need(4);
      int v = (int) INT.get(data, pos);
      pos += 4;
      return v;
    }

    long fixed64() {
      need(8);
      long v = (long) LONG.get(data, pos);
      pos += 8;
      return v;
    }

    /** Reads a length prefix and checks that the bytes follow; returns the length. */
    int length() {
      long n = varint();
      if (n < 0 || n > limit - pos) {
        throw ParseFailure.truncated();
      }
      return (int) n;
    }

    void need(int n) {
      if (n > limit - pos) {
        throw ParseFailure.truncated();
      }
    }

    /**
     * Skips a group's fields after its start tag; returns where its end tag starts and leaves the
     * cursor after it.
     */
    int groupBody(int number, int depth) {
      if (depth < 0) {
        throw ParseFailure.recursionLimit();
      }
      while (pos < limit) {
        int at = pos;
        int tag = (int) varint();
        int wireType = tag & 7;
        if (wireType == ProtoCodec.WIRETYPE_END_GROUP) {
          if (tag >>> 3 != number) {
            throw ParseFailure.unexpectedEndGroup(tag);
          }
          return at;
        }
        switch (wireType) {
          case ProtoCodec.WIRETYPE_VARINT -> varint();
          case ProtoCodec.WIRETYPE_FIXED64 -> pos += checked(8);
          case ProtoCodec.WIRETYPE_FIXED32 -> pos += checked(4);
          case ProtoCodec.WIRETYPE_LENGTH_DELIMITED -> pos += length();
          case ProtoCodec.WIRETYPE_START_GROUP -> groupBody(tag >>> 3, depth - 1);
          default -> throw ParseFailure.invalidWireType(tag);
        }
      }
      throw ParseFailure.unclosedGroup();
    }

    private int checked(int n) {
      need(n);
      return n;
    }
  }

  private static final java.lang.invoke.VarHandle INT =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final java.lang.invoke.VarHandle LONG =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
}
