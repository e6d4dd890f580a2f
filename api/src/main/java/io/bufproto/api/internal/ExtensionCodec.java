package io.bufproto.api.internal;

import io.bufproto.api.Extension;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.internal.ExtensionValues.Cursor;
import io.bufproto.api.internal.ExtensionValues.Sink;
import io.bufproto.api.schema.FieldType;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An extension's records (tag + value, all of its number) turned into the records protobuf-java
 * writes for it, into Java values, and back. Used by {@link ExtensionFields} only.
 *
 * <p>protobuf-java's form of an extension ({@code FieldSet.writeField}): a singular value once (the
 * last that came; a message merged from every occurrence, re-encoded); a repeated one element by
 * element in arrival order, packed when the extension is declared packed, whichever way it came. A
 * closed enum's undeclared value is not the extension's: protobuf-java keeps it as an unknown
 * varint field.
 */
final class ExtensionCodec {

  private ExtensionCodec() {}

  /**
   * The records protobuf-java writes for the value {@code records} hold, or null when they hold
   * none; a closed enum's undeclared values are added to {@code leftovers} (when not null, else
   * dropped). Messages are parsed with {@code depth} levels allowed below the extended message, and
   * must have their required fields.
   */
  static byte[] canonical(
      Extension<?, ?> e, byte[] records, int length, Leftovers leftovers, int depth) {
    FieldType type = e.type();
    int number = e.number();
    boolean repeated = e.isRepeated();
    boolean packed = e.field().isPacked();
    Cursor in = new Cursor(records, 0, length);
    Sink out = new Sink();
    Sink payload = packed ? new Sink() : null;
    Sink merged = null;
    byte[] last = null; // a string's or bytes' array, with lastFrom and lastLength
    int lastFrom = 0;
    int lastLength = 0;
    long lastScalar = 0;
    boolean seen = false;
    while (in.more()) {
      int tag = (int) in.varint();
      if (type.isMessage()) {
        int from;
        int n;
        if (type == FieldType.GROUP) {
          from = in.pos;
          n = in.groupBody(number, depth) - from;
        } else {
          n = in.length();
          from = in.pos;
          in.pos += n;
        }
        if (repeated) {
          writeMessage(e, out, reencode(e, records, from, n, depth));
        } else {
          if (merged == null) {
            merged = new Sink();
          }
          merged.bytes(records, from, n);
        }
      } else if (!type.packable()) {
        int n = in.length();
        byte[] src = records;
        int from = in.pos;
        in.pos += n;
        if (type == FieldType.STRING) {
          byte[] replaced = replaceMalformedUtf8(e, records, from, n);
          if (replaced != null) {
            src = replaced;
            from = 0;
            n = replaced.length;
          }
        }
        if (repeated) {
          writeDelimited(out, number, src, from, n);
        } else {
          last = src;
          lastFrom = from;
          lastLength = n;
        }
      } else if ((tag & 7) == ProtoCodec.WIRETYPE_LENGTH_DELIMITED) {
        int n = in.length();
        Cursor p = new Cursor(records, in.pos, in.pos + n);
        in.pos += n;
        while (p.more()) {
          long v = ExtensionValues.read(type, p);
          if (keep(e, v, leftovers)) {
            element(e, v, out, payload);
          }
        }
      } else {
        long v = ExtensionValues.read(type, in);
        if (keep(e, v, leftovers)) {
          if (repeated) {
            element(e, v, out, payload);
          } else {
            lastScalar = v;
            seen = true;
          }
        }
      }
    }
    if (repeated) {
      if (payload != null && payload.length > 0) {
        writeDelimited(out, number, payload.data, 0, payload.length);
      }
    } else if (merged != null) {
      writeMessage(e, out, reencode(e, merged.data, 0, merged.length, depth));
    } else if (last != null) {
      writeDelimited(out, number, last, lastFrom, lastLength);
    } else if (seen) {
      out.tag((number << 3) | type.wireType());
      ExtensionValues.write(type, lastScalar, out);
    }
    return out.length == 0 ? null : out.toArray();
  }

  /**
   * {@link #canonical(Extension, byte[], int, Leftovers, int)} of all of {@code records}, for
   * values read outside a parse (a merge, a get): no closed enum's undeclared value is kept,
   * messages get the default nesting limit.
   */
  static byte[] canonical(Extension<?, ?> e, byte[] records) {
    return canonical(e, records, records.length, null, ProtoCodec.DEFAULT_RECURSION_LIMIT);
  }

  /**
   * Null when {@code n} bytes at {@code from} are valid UTF-8; else, for a string that must be
   * valid, a refusal, and otherwise the bytes with each malformed sequence replaced by U+FFFD:
   * protobuf-java reads a string extension as a {@code String} (not as bytes, as it does a proto2
   * string field), so that is what it writes back.
   */
  private static byte[] replaceMalformedUtf8(Extension<?, ?> e, byte[] src, int from, int n) {
    // The binary parse's check (a wrapper, not a copy).
    if (Utf8.isValid(Unpooled.wrappedBuffer(src), from, n)) {
      return null;
    }
    if (e.field().verifiesUtf8()) {
      throw ParseFailure.invalidUtf8();
    }
    return new String(src, from, n, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_8);
  }

  /** Where a closed enum's undeclared values go. */
  interface Leftovers {
    void add(int number, long value);
  }

  private static boolean keep(Extension<?, ?> e, long v, Leftovers leftovers) {
    if (e.isClosedEnum() && e.enumValue((int) v) == null) {
      if (leftovers != null) {
        leftovers.add(e.number(), v);
      }
      return false;
    }
    return true;
  }

  private static void element(Extension<?, ?> e, long v, Sink out, Sink payload) {
    if (payload != null) {
      ExtensionValues.write(e.type(), v, payload);
    } else {
      out.tag((e.number() << 3) | e.type().wireType());
      ExtensionValues.write(e.type(), v, out);
    }
  }

  private static void writeDelimited(Sink out, int number, byte[] src, int from, int n) {
    out.tag((number << 3) | ProtoCodec.WIRETYPE_LENGTH_DELIMITED);
    out.varint(n);
    out.bytes(src, from, n);
  }

  private static void writeMessage(Extension<?, ?> e, Sink out, byte[] body) {
    if (e.type() == FieldType.GROUP) {
      out.tag((e.number() << 3) | ProtoCodec.WIRETYPE_START_GROUP);
      out.bytes(body, 0, body.length);
      out.tag((e.number() << 3) | ProtoCodec.WIRETYPE_END_GROUP);
    } else {
      writeDelimited(out, e.number(), body, 0, body.length);
    }
  }

  /** A message's bytes as protobuf-java writes it after parsing them (required fields checked). */
  private static byte[] reencode(Extension<?, ?> e, byte[] src, int from, int n, int depth) {
    return parse(e, src, from, n, depth).toByteArray();
  }

  /** A new message of the extension's type parsed from {@code src}, which it may alias. */
  private static ProtoMessage<?> parse(Extension<?, ?> e, byte[] src, int from, int n, int depth) {
    if (depth <= 0) {
      throw ParseFailure.recursionLimit();
    }
    ProtoMessage<?> m = e.newMessage();
    m.parseFrom(Unpooled.wrappedBuffer(src, from, n), n, depth - 1);
    return m;
  }

  /**
   * The Java values of {@code records}, which {@link #canonical} made: one for a singular
   * extension. Messages alias {@code records}, which must never change.
   */
  static List<Object> values(Extension<?, ?> e, byte[] records) {
    List<Object> values = new ArrayList<>();
    FieldType type = e.type();
    Cursor in = new Cursor(records, 0, records.length);
    while (in.more()) {
      int tag = (int) in.varint();
      switch (type) {
        case GROUP -> {
          int from = in.pos;
          int n = in.groupBody(e.number(), ProtoCodec.DEFAULT_RECURSION_LIMIT) - from;
          values.add(parse(e, records, from, n, ProtoCodec.DEFAULT_RECURSION_LIMIT));
        }
        case MESSAGE -> {
          int n = in.length();
          values.add(parse(e, records, in.pos, n, ProtoCodec.DEFAULT_RECURSION_LIMIT));
          in.pos += n;
        }
        case STRING -> {
          int n = in.length();
          values.add(new String(records, in.pos, n, StandardCharsets.UTF_8));
          in.pos += n;
        }
        case BYTES -> {
          int n = in.length();
          values.add(Arrays.copyOfRange(records, in.pos, in.pos + n));
          in.pos += n;
        }
        default -> {
          if ((tag & 7) == ProtoCodec.WIRETYPE_LENGTH_DELIMITED) {
            int n = in.length();
            Cursor p = new Cursor(records, in.pos, in.pos + n);
            in.pos += n;
            while (p.more()) {
              values.add(ExtensionValues.box(e, ExtensionValues.read(type, p)));
            }
          } else {
            values.add(ExtensionValues.box(e, ExtensionValues.read(type, in)));
          }
        }
      }
    }
    return values;
  }

  /**
   * The records protobuf-java writes for {@code values} (Java values of the extension's type; one
   * for a singular extension), or null for none.
   *
   * @throws io.bufproto.api.InvalidProtobufException if a message value lacks a required field
   */
  static byte[] encode(Extension<?, ?> e, List<?> values) {
    if (values.isEmpty()) {
      return null;
    }
    FieldType type = e.type();
    int number = e.number();
    Sink out = new Sink();
    Sink payload = e.field().isPacked() ? new Sink() : null;
    for (Object v : values) {
      if (v == null) {
        throw new NullPointerException("a null value for extension " + e.fullName());
      }
      switch (type) {
        case MESSAGE, GROUP -> writeMessage(e, out, ((ProtoMessage<?>) v).toByteArray());
        case STRING -> {
          byte[] b = ((String) v).getBytes(StandardCharsets.UTF_8);
          writeDelimited(out, number, b, 0, b.length);
        }
        case BYTES -> {
          byte[] b = (byte[]) v;
          writeDelimited(out, number, b, 0, b.length);
        }
        default -> element(e, ExtensionValues.unbox(e, v), out, payload);
      }
    }
    if (payload != null) {
      writeDelimited(out, number, payload.data, 0, payload.length);
    }
    return out.toArray();
  }
}
