package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.internal.Utf8;
import io.bufproto.api.schema.EnumSchema;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import io.bufproto.api.schema.MessageSchema;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A message decoded by its schema alone, the way protobuf-java's {@code DynamicMessage} holds one:
 * a value (or a list of values) per known field, and the fields the schema does not know in wire
 * order. The text and JSON printers walk it; it is built from a message's serialized bytes, so it
 * sees exactly what protobuf-java would parse from them.
 *
 * <p>Values: {@code Integer} (32-bit integer types and enum numbers), {@code Long}, {@code Float},
 * {@code Double}, {@code Boolean}, {@code String}, {@code byte[]}, and {@code WireMessage} for
 * messages, groups and map entries.
 */
final class WireMessage {

  /**
   * A field the schema does not know: a varint or fixed64 {@code Long}, a fixed32 {@code Integer},
   * length-delimited {@code byte[]}, or a group's fields as a {@code List<Unknown>}.
   */
  record Unknown(int number, int wireType, Object value) {}

  private static final int MAX_DEPTH = 100;
  private static final MessageSchema NO_FIELDS = MessageSchema.builder("").build();

  final MessageSchema schema;
  private final Object[] values;
  final List<Unknown> unknown = new ArrayList<>();

  /** Where the message's extensions are known (its {@link TypeRegistry#view}), for its children. */
  private final TypeRegistry types;

  private WireMessage(MessageSchema schema, TypeRegistry types) {
    this.schema = types.view(schema);
    this.types = types;
    this.values = new Object[this.schema.fieldCount()];
  }

  /** A message with no field set. */
  static WireMessage empty(MessageSchema schema) {
    return new WireMessage(schema, TypeRegistry.empty());
  }

  /** The value of field {@code i} (in field-number order): null if absent, a List if repeated. */
  Object value(int i) {
    return values[i];
  }

  @SuppressWarnings("unchecked")
  List<Object> list(int i) {
    return (List<Object>) values[i];
  }

  static WireMessage decode(MessageSchema schema, byte[] bytes) {
    return decode(schema, bytes, TypeRegistry.empty());
  }

  /**
   * {@link #decode(MessageSchema, byte[])} reading the extensions {@code types} knows ({@link
   * TypeRegistry#view}) as fields, here and in sub-messages.
   */
  static WireMessage decode(MessageSchema schema, byte[] bytes, TypeRegistry types) {
    WireMessage m = new WireMessage(schema, types);
    Input in = new Input(bytes, 0, bytes.length);
    m.merge(in, 0, 0);
    return m;
  }

  /** Parses {@code bytes} as fields of unknown meaning, as protobuf-java's UnknownFieldSet does. */
  static List<Unknown> decodeUnknown(byte[] bytes) {
    return decode(NO_FIELDS, bytes).unknown;
  }

  /** Merges fields until the input ends, or until the end-group tag of group {@code group}. */
  private void merge(Input in, int group, int depth) {
    if (depth > MAX_DEPTH) {
      throw new InvalidProtobufException("Protocol message had too many levels of nesting.");
    }
    while (in.pos < in.limit) {
      int tag = in.readTag();
      int number = tag >>> 3;
      int wireType = tag & 7;
      if (wireType == 4) {
        if (number == group) {
          return;
        }
        throw new InvalidProtobufException("Protocol message end-group tag did not match.");
      }
      FieldSchema f = schema.fieldByNumber(number);
      if (f == null || !mergeKnown(f, wireType, in, depth)) {
        unknown.add(readUnknown(number, wireType, in, depth));
      }
    }
    if (group != 0) {
      throw new InvalidProtobufException("Truncated group: no end-group tag for " + group);
    }
  }

  /** Reads a value of a known field; false if its wire type is not one the field accepts. */
  private boolean mergeKnown(FieldSchema f, int wireType, Input in, int depth) {
    FieldType type = f.type();
    int i = schema.indexOf(f);
    if (wireType == type.wireType()) {
      Object v = readValue(f, type, in, depth);
      if (v != null) {
        store(f, i, v);
      }
      return true;
    }
    if (wireType == 2 && f.isRepeated() && type.packable()) {
      int end = in.limitFor(in.readLength());
      while (in.pos < end) {
        Object v = readScalar(f, type, in);
        if (v != null) {
          store(f, i, v);
        }
      }
      in.checkAt(end);
      return true;
    }
    return false;
  }

  private void store(FieldSchema f, int i, Object v) {
    if (f.isRepeated()) {
      if (values[i] == null) {
        values[i] = new ArrayList<>();
      }
      list(i).add(v);
      return;
    }
    int oneof = f.oneofIndex();
    if (oneof >= 0) {
      for (int j = 0; j < values.length; j++) {
        if (j != i && schema.field(j).oneofIndex() == oneof) {
          values[j] = null;
        }
      }
    }
    values[i] = v;
  }

  /** One value; null when it went to the unknown fields (a closed enum's unknown number). */
  private Object readValue(FieldSchema f, FieldType type, Input in, int depth) {
    switch (type) {
      case MESSAGE -> {
        int end = in.limitFor(in.readLength());
        Input sub = new Input(in.bytes, in.pos, end);
        in.pos = end;
        if (f.isMap()) {
          return readMapEntry(f, sub, depth);
        }
        WireMessage m = existingChild(f);
        m.merge(sub, 0, depth + 1);
        return m;
      }
      case GROUP -> {
        WireMessage m = existingChild(f);
        m.merge(in, f.number(), depth + 1);
        return m;
      }
      default -> {
        return readScalar(f, type, in);
      }
    }
  }

  /** A singular message field seen again merges into the first (protobuf's rule). */
  private WireMessage existingChild(FieldSchema f) {
    if (!f.isRepeated() && values[schema.indexOf(f)] instanceof WireMessage m) {
      return m;
    }
    return new WireMessage(f.messageType(), types);
  }

  /**
   * A map entry; null (kept whole as an unknown field) when its value is a number a closed enum
   * does not know, as protobuf-java does.
   */
  private Object readMapEntry(FieldSchema f, Input sub, int depth) {
    int start = sub.pos;
    WireMessage entry = new WireMessage(f.messageType(), types);
    entry.merge(sub, 0, depth + 1);
    FieldSchema value = f.mapValue();
    if (value.type() == FieldType.ENUM
        && value.enumType().isClosed()
        && entry.values[1] instanceof Integer n
        && value.enumType().nameOf(n) == null) {
      byte[] raw = new byte[sub.limit - start];
      System.arraycopy(sub.bytes, start, raw, 0, raw.length);
      unknown.add(new Unknown(f.number(), 2, raw));
      return null;
    }
    return entry;
  }

  private Object readScalar(FieldSchema f, FieldType type, Input in) {
    return switch (type) {
      case INT32, UINT32 -> (int) in.readVarint64();
      case SINT32 -> {
        int v = (int) in.readVarint64();
        yield (v >>> 1) ^ -(v & 1);
      }
      case INT64, UINT64 -> in.readVarint64();
      case SINT64 -> {
        long v = in.readVarint64();
        yield (v >>> 1) ^ -(v & 1);
      }
      case BOOL -> in.readVarint64() != 0;
      case ENUM -> {
        long raw = in.readVarint64();
        EnumSchema e = f.enumType();
        if (e.isClosed() && e.nameOf((int) raw) == null) {
          unknown.add(new Unknown(f.number(), 0, raw));
          yield null;
        }
        yield (int) raw;
      }
      case FIXED32, SFIXED32 -> in.readFixed32();
      case FLOAT -> Float.intBitsToFloat(in.readFixed32());
      case FIXED64, SFIXED64 -> in.readFixed64();
      case DOUBLE -> Double.longBitsToDouble(in.readFixed64());
      case STRING -> string(f, in.readBytes());
      case BYTES -> in.readBytes();
      case MESSAGE, GROUP -> throw new IllegalStateException(type + " is not a scalar");
    };
  }

  /** Whether {@code bytes} are valid UTF-8, by protobuf's rule (the binary parse's check). */
  static boolean isUtf8(byte[] bytes) {
    return Utf8.isValid(Unpooled.wrappedBuffer(bytes), 0, bytes.length);
  }

  /** A string field's value: malformed UTF-8 refused where the field requires UTF-8. */
  private static String string(FieldSchema f, byte[] bytes) {
    if (f.verifiesUtf8() && !isUtf8(bytes)) {
      throw new InvalidProtobufException("Protocol message had invalid UTF-8.");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  private static Unknown readUnknown(int number, int wireType, Input in, int depth) {
    return switch (wireType) {
      case 0 -> new Unknown(number, 0, in.readVarint64());
      case 1 -> new Unknown(number, 1, in.readFixed64());
      case 2 -> new Unknown(number, 2, in.readBytes());
      case 3 -> {
        WireMessage g = new WireMessage(NO_FIELDS, TypeRegistry.empty());
        g.merge(in, number, depth + 1);
        yield new Unknown(number, 3, g.unknown);
      }
      case 5 -> new Unknown(number, 5, in.readFixed32());
      default -> throw new InvalidProtobufException("Protocol message tag had invalid wire type.");
    };
  }

  /** Bytes being decoded, from {@code pos} up to {@code limit}. */
  private static final class Input {
    final byte[] bytes;
    int pos;
    final int limit;

    Input(byte[] bytes, int pos, int limit) {
      this.bytes = bytes;
      this.pos = pos;
      this.limit = limit;
    }

    int readTag() {
      int tag = (int) readVarint();
      if (tag >>> 3 == 0) {
        throw new InvalidProtobufException("Protocol message contained an invalid tag (zero).");
      }
      return tag;
    }

    /** A tag or length: protobuf-java's readRawVarint32, which takes up to ten bytes. */
    long readVarint() {
      long v = 0;
      for (int shift = 0; shift < 70; shift += 7) {
        if (pos >= limit) {
          throw truncated();
        }
        byte b = bytes[pos++];
        v |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return v;
        }
      }
      throw malformed();
    }

    /**
     * A varint value, as protobuf-java 4.36's readRawVarint64 takes it from an array: where ten
     * bytes remain, a tenth byte with its low bit set ends the varint even if it says more follow
     * (its fast path never looks at that bit; protobuf's main branch since rejects it). Printing
     * unknown fields depends on it: it decides whether a length-delimited value parses as a
     * message.
     */
    long readVarint64() {
      int start = pos;
      long v = 0;
      for (int shift = 0; shift < 63; shift += 7) {
        if (pos >= limit) {
          throw truncated();
        }
        byte b = bytes[pos++];
        v |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return v;
        }
      }
      if (pos >= limit) {
        throw truncated();
      }
      byte last = bytes[pos++];
      if (last >= 0 || ((last & 1) != 0 && limit - start >= 10)) {
        return v | (long) last << 63;
      }
      throw malformed();
    }

    private static InvalidProtobufException malformed() {
      return new InvalidProtobufException("CodedInputStream encountered a malformed varint.");
    }

    int readLength() {
      int n = (int) readVarint();
      if (n < 0) {
        throw new InvalidProtobufException(
            "CodedInputStream encountered an embedded string or"
                + " message which claimed to have negative size.");
      }
      return n;
    }

    /** The end of a length-delimited value of {@code length} bytes starting here. */
    int limitFor(int length) {
      if (length > limit - pos) {
        throw truncated();
      }
      return pos + length;
    }

    void checkAt(int end) {
      if (pos != end) {
        throw truncated();
      }
    }

    int readFixed32() {
      if (limit - pos < 4) {
        throw truncated();
      }
      int v =
          (bytes[pos] & 0xff)
              | (bytes[pos + 1] & 0xff) << 8
              | (bytes[pos + 2] & 0xff) << 16
              | (bytes[pos + 3] & 0xff) << 24;
      pos += 4;
      return v;
    }

    long readFixed64() {
      long lo = readFixed32() & 0xffffffffL;
      long hi = readFixed32() & 0xffffffffL;
      return lo | hi << 32;
    }

    byte[] readBytes() {
      int end = limitFor(readLength());
      byte[] b = new byte[end - pos];
      System.arraycopy(bytes, pos, b, 0, b.length);
      pos = end;
      return b;
    }

    private static InvalidProtobufException truncated() {
      return new InvalidProtobufException(
          "While parsing a protocol message, the input ended unexpectedly in the middle of a"
              + " field.");
    }
  }
}
