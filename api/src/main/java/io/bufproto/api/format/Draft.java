package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import io.bufproto.api.schema.MessageSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A message being built from JSON or text, field by field, then written in protobuf's wire format
 * for the generated class to parse. Values are held as {@link WireMessage} holds them; a message
 * value is held already written ({@code byte[]}), a repeated field as a list, a map as a list of
 * written entries.
 */
final class Draft {

  final MessageSchema schema;
  private final Object[] values;
  private final boolean mapEntry;

  Draft(MessageSchema schema) {
    this(schema, false);
  }

  private Draft(MessageSchema schema, boolean mapEntry) {
    this.schema = schema;
    this.values = new Object[schema.fieldCount()];
    this.mapEntry = mapEntry;
  }

  /** A map entry: its key and value are written even when they are defaults, as protobuf's are. */
  static Draft mapEntry(FieldSchema map) {
    return new Draft(map.messageType(), true);
  }

  Object get(FieldSchema f) {
    return values[schema.indexOf(f)];
  }

  void set(FieldSchema f, Object v) {
    values[schema.indexOf(f)] = v;
  }

  @SuppressWarnings("unchecked")
  void add(FieldSchema f, Object v) {
    int i = schema.indexOf(f);
    if (values[i] == null) {
      values[i] = new ArrayList<>();
    }
    ((List<Object>) values[i]).add(v);
  }

  /** Whether {@code f} counts as set, as protobuf-java's {@code hasField} or a non-empty list. */
  boolean has(FieldSchema f) {
    Object v = get(f);
    if (v == null) {
      return false;
    }
    if (f.isRepeated()) {
      return !((List<?>) v).isEmpty();
    }
    return f.hasPresence() || !isDefault(f, v);
  }

  /** The member of oneof {@code index} that is set, or null. */
  FieldSchema oneofMember(int index) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null && schema.field(i).oneofIndex() == index) {
        return schema.field(i);
      }
    }
    return null;
  }

  /** The names of required fields not set, comma-separated; empty if none. */
  String missingRequired() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null && schema.field(i).isRequired()) {
        sb.append(sb.length() == 0 ? "" : ", ").append(schema.field(i).name());
      }
    }
    return sb.toString();
  }

  private static boolean isDefault(FieldSchema f, Object v) {
    return switch (f.type()) {
      case FLOAT -> Float.floatToRawIntBits((Float) v) == 0;
      case DOUBLE -> Double.doubleToRawLongBits((Double) v) == 0;
      case STRING -> ((String) v).isEmpty();
      case BYTES -> ((byte[]) v).length == 0;
      case MESSAGE, GROUP -> false;
      default -> v.equals(Values.orDefault(f, null));
    };
  }

  /**
   * The fields in number order, in their natural encoding (repeated scalars packed if declared).
   */
  byte[] toBytes() {
    Out out = new Out();
    for (int i = 0; i < values.length; i++) {
      Object v = values[i];
      if (v == null) {
        continue;
      }
      FieldSchema f = schema.field(i);
      if (!f.isRepeated()) {
        // A field without presence holding its default is not written (protobuf's rule).
        if (mapEntry || f.hasPresence() || !isDefault(f, v)) {
          write(out, f, v);
        }
      } else if (f.isPacked() && f.type().packable()) {
        Out packed = new Out();
        for (Object e : (List<?>) v) {
          packed.scalar(f.type(), e);
        }
        out.tag(f.number(), 2);
        out.lengthDelimited(packed.toByteArray());
      } else {
        for (Object e : (List<?>) v) {
          write(out, f, e);
        }
      }
    }
    return out.toByteArray();
  }

  private static void write(Out out, FieldSchema f, Object v) {
    if (f.type() == FieldType.GROUP) {
      out.tag(f.number(), 3);
      out.raw((byte[]) v);
      out.tag(f.number(), 4);
      return;
    }
    out.tag(f.number(), f.type().wireType());
    if (f.type() == FieldType.MESSAGE) {
      out.lengthDelimited((byte[]) v);
    } else {
      out.scalar(f.type(), v);
    }
  }

  /**
   * The bytes of {@code m} as protobuf-java's {@code build().toByteArray()} writes a message with
   * its values: fields in number order, repeated scalars packed if declared. {@code m} has no
   * unknown fields: it was read from text, which refuses them.
   *
   * @throws InvalidProtobufException if a required field is unset, here or in a sub-message
   */
  static byte[] canonical(WireMessage m) {
    Draft d = new Draft(m.schema, false);
    for (int i = 0; i < m.schema.fieldCount(); i++) {
      FieldSchema f = m.schema.field(i);
      Object v = m.value(i);
      if (v == null) {
        continue;
      }
      if (f.isMap()) {
        for (Object e : m.list(i)) {
          Draft entry = mapEntry(f);
          WireMessage em = (WireMessage) e;
          for (int k = 0; k < 2; k++) {
            FieldSchema part = entry.schema.field(k);
            Object pv = Values.orDefault(part, em.value(k));
            entry.set(part, pv instanceof WireMessage pm ? canonical(pm) : pv);
          }
          d.add(f, entry.toBytes());
        }
      } else if (f.isRepeated()) {
        for (Object e : m.list(i)) {
          d.add(f, e instanceof WireMessage em ? canonical(em) : e);
        }
      } else {
        d.set(f, v instanceof WireMessage vm ? canonical(vm) : v);
      }
    }
    String missing = d.missingRequired();
    if (!missing.isEmpty()) {
      throw new InvalidProtobufException(
          "Message " + m.schema.fullName() + " missing required fields: " + missing);
    }
    if (!m.unknown.isEmpty()) {
      throw new IllegalStateException("text format read unknown fields into " + m.schema);
    }
    return d.toBytes();
  }

  /** A growing byte array. */
  static final class Out {
    private byte[] buf = new byte[32];
    private int size;

    void tag(int number, int wireType) {
      varint(Integer.toUnsignedLong(number << 3 | wireType));
    }

    void scalar(FieldType type, Object v) {
      switch (type) {
        case INT32, ENUM -> varint((Integer) v);
        case UINT32 -> varint(Integer.toUnsignedLong((Integer) v));
        case SINT32 -> {
          int n = (Integer) v;
          varint(Integer.toUnsignedLong(n << 1 ^ n >> 31));
        }
        case INT64, UINT64 -> varint((Long) v);
        case SINT64 -> {
          long n = (Long) v;
          varint(n << 1 ^ n >> 63);
        }
        case BOOL -> varint((Boolean) v ? 1 : 0);
        case FIXED32, SFIXED32 -> fixed32((Integer) v);
        case FLOAT -> fixed32(Float.floatToRawIntBits((Float) v));
        case FIXED64, SFIXED64 -> fixed64((Long) v);
        case DOUBLE -> fixed64(Double.doubleToRawLongBits((Double) v));
        case STRING -> lengthDelimited(((String) v).getBytes(StandardCharsets.UTF_8));
        case BYTES -> lengthDelimited((byte[]) v);
        case MESSAGE, GROUP -> throw new IllegalStateException(type + " is not a scalar");
      }
    }

    void varint(long v) {
      while ((v & ~0x7fL) != 0) {
        put((byte) ((v & 0x7f) | 0x80));
        v >>>= 7;
      }
      put((byte) v);
    }

    void fixed32(int v) {
      for (int i = 0; i < 4; i++) {
        put((byte) (v >>> (8 * i)));
      }
    }

    void fixed64(long v) {
      for (int i = 0; i < 8; i++) {
        put((byte) (v >>> (8 * i)));
      }
    }

    void lengthDelimited(byte[] b) {
      varint(b.length);
      raw(b);
    }

    void raw(byte[] b) {
      ensure(b.length);
      System.arraycopy(b, 0, buf, size, b.length);
      size += b.length;
    }

    private void put(byte b) {
      ensure(1);
      buf[size++] = b;
    }

    private void ensure(int n) {
      if (size + n > buf.length) {
        buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
      }
    }

    byte[] toByteArray() {
      return java.util.Arrays.copyOf(buf, size);
    }
  }
}
