package io.bufproto.api.format;

import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.internal.Utf8;
import io.bufproto.api.schema.EnumSchema;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.MessageSchema;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;

/**
 * Protobuf's JSON mapping, printed exactly as protobuf-java's {@code JsonFormat.printer()} prints
 * it, with the same options: field order by number, 64-bit integers quoted, unsigned values
 * unsigned, {@code NaN} and infinities as strings, bytes in base64, enums by name (by number when
 * unknown), and the JSON forms of the well-known types ({@link WellKnownJson}). Unknown fields are
 * not printed.
 *
 * <p>Like {@link ProtoText}, the printer reads the message's serialized bytes through its {@link
 * MessageSchema}. {@code JsonFormatProperties} compares it with protobuf-java on random messages.
 */
public final class ProtoJson {

  private ProtoJson() {}

  /** A printer with protobuf-java's defaults. */
  public static Printer printer() {
    return new Printer(false, false, false, false, false, TypeRegistry.empty());
  }

  /**
   * A parser of protobuf's JSON as its spec defines it (and its conformance suite checks): unknown
   * field names are refused, and so is what JsonFormat accepts beyond the spec (see {@link
   * Parser#acceptingJsonFormatLeniency()}).
   */
  public static Parser parser() {
    return new Parser(false, true, TypeRegistry.empty());
  }

  /**
   * Parses JSON into a message as protobuf-java's {@code JsonFormat.parser()} does (see {@link
   * JsonToWire} for the rules), except where JsonFormat accepts what protobuf's spec refuses
   * (unless {@link #acceptingJsonFormatLeniency()}), and that only standard JSON is accepted:
   * JsonFormat's Gson also takes comments, single quotes, unquoted names and text after the
   * document. Immutable.
   */
  public static final class Parser {
    private final boolean ignoreUnknown;
    private final boolean strict;
    private final TypeRegistry registry;

    private Parser(boolean ignoreUnknown, boolean strict, TypeRegistry registry) {
      this.ignoreUnknown = ignoreUnknown;
      this.strict = strict;
      this.registry = registry;
    }

    /** Skips fields (and enum value names) the message type does not know, instead of failing. */
    public Parser ignoringUnknownFields() {
      return new Parser(true, strict, registry);
    }

    /**
     * Also accepts what protobuf-java's JsonFormat accepts and protobuf's spec refuses, for JSON
     * written or stored by JsonFormat's users: a value of another JSON kind, by its text ({@code
     * "true"} for a bool, {@code 12345} for a string, {@code 7} for bytes), or as the one element
     * of an array ({@code [7]} for an int32); a name given twice in one object (the last value
     * wins); a string with an unpaired surrogate (it becomes {@code ?} in UTF-8); malformed UTF-8
     * in a {@code ByteBuf} (decoded to U+FFFD); and {@code FieldMask} paths with characters a
     * lowerCamel path cannot hold ({@code "foo,bar_bar"}). The result is then byte-identical to
     * JsonFormat's. Non-JSON syntax stays refused.
     */
    public Parser acceptingJsonFormatLeniency() {
      return new Parser(ignoreUnknown, false, registry);
    }

    /** The types an {@code Any} may hold. */
    public Parser usingTypeRegistry(TypeRegistry types) {
      return new Parser(ignoreUnknown, strict, types.withExtensions(registry.extensions()));
    }

    /**
     * The extensions in {@code extensions} read from {@code "[pkg.ext]": value}, and the message
     * parsed with them as {@link ProtoMessage#parseFrom(ByteBuf, int, ExtensionRegistry)} does
     * (protobuf-java's JsonFormat reads no extension; protobuf's spec names them so).
     */
    public Parser usingExtensionRegistry(ExtensionRegistry extensions) {
      return new Parser(ignoreUnknown, strict, registry.withExtensions(extensions));
    }

    /**
     * Clears {@code message} and fills it from {@code json}. Strings and bytes are copied: the
     * message aliases no buffer afterwards.
     *
     * @throws io.bufproto.api.InvalidProtobufException if {@code json} is not JSON, does not fit
     *     the message type, or leaves a required field unset
     */
    public void parse(String json, ProtoMessage<?> message) {
      JsonTree.Value tree = JsonTree.parse(json, strict);
      byte[] bytes =
          new JsonToWire(ignoreUnknown, strict, registry).message(message.schema(), tree).toBytes();
      parseInto(message, bytes);
    }

    private void parseInto(ProtoMessage<?> message, byte[] bytes) {
      if (registry.extensions() != null) {
        message.parseFrom(bytes, registry.extensions());
      } else {
        message.parseFrom(bytes);
      }
    }

    /** Clears {@code message} and fills it from the UTF-8 JSON readable in {@code json}. */
    public void parse(ByteBuf json, ProtoMessage<?> message) {
      if (strict && !Utf8.isValid(json, json.readerIndex(), json.readableBytes())) {
        throw new io.bufproto.api.InvalidProtobufException(
            "The JSON is not valid UTF-8" + JsonTree.SPEC_ONLY);
      }
      parse(
          json.toString(json.readerIndex(), json.readableBytes(), StandardCharsets.UTF_8), message);
      json.skipBytes(json.readableBytes());
    }
  }

  /** Immutable: each option returns a new printer. */
  public static final class Printer {
    final boolean protoNames;
    final boolean noPresenceDefaults;
    final boolean enumsAsInts;
    final boolean compact;
    final boolean sortMapKeys;
    final TypeRegistry registry;

    private Printer(
        boolean protoNames,
        boolean noPresenceDefaults,
        boolean enumsAsInts,
        boolean compact,
        boolean sortMapKeys,
        TypeRegistry registry) {
      this.protoNames = protoNames;
      this.noPresenceDefaults = noPresenceDefaults;
      this.enumsAsInts = enumsAsInts;
      this.compact = compact;
      this.sortMapKeys = sortMapKeys;
      this.registry = registry;
    }

    /** Field names as in the {@code .proto} file instead of their JSON names. */
    public Printer preservingProtoFieldNames() {
      return new Printer(true, noPresenceDefaults, enumsAsInts, compact, sortMapKeys, registry);
    }

    /**
     * Fields without presence (repeated, maps, proto3 scalars without {@code optional}) printed
     * even when empty or zero.
     */
    public Printer alwaysPrintFieldsWithNoPresence() {
      return new Printer(protoNames, true, enumsAsInts, compact, sortMapKeys, registry);
    }

    /** Enum values as numbers instead of names. */
    public Printer printingEnumsAsInts() {
      return new Printer(protoNames, noPresenceDefaults, true, compact, sortMapKeys, registry);
    }

    /** On one line, without the spaces and newlines of the default layout. */
    public Printer omittingInsignificantWhitespace() {
      return new Printer(protoNames, noPresenceDefaults, enumsAsInts, true, sortMapKeys, registry);
    }

    /** Map entries (and {@code Struct} fields) in key order instead of the map's order. */
    public Printer sortingMapKeys() {
      return new Printer(protoNames, noPresenceDefaults, enumsAsInts, compact, true, registry);
    }

    /** The types an {@code Any} may hold; without them a non-empty {@code Any} cannot print. */
    public Printer usingTypeRegistry(TypeRegistry types) {
      return withRegistry(types.withExtensions(registry.extensions()));
    }

    /**
     * The extensions in {@code extensions} printed as fields, {@code "[pkg.ext]": value}, in
     * field-number order among the others, as protobuf's spec names them (its conformance test
     * FieldNameExtension); protobuf-java's JsonFormat prints the same values under the extension's
     * JSON name ({@code "optionalInt32Extension"}), which no JSON parser reads back. Other
     * extension data, as unknown fields, is not printed.
     */
    public Printer usingExtensionRegistry(ExtensionRegistry extensions) {
      return withRegistry(registry.withExtensions(extensions));
    }

    private Printer withRegistry(TypeRegistry r) {
      return new Printer(protoNames, noPresenceDefaults, enumsAsInts, compact, sortMapKeys, r);
    }

    /**
     * The message as JSON.
     *
     * @throws IllegalArgumentException if a value has no JSON form: an {@code Any} whose type is
     *     not in the registry or whose value does not parse, a {@code Timestamp} or {@code
     *     Duration} out of range, a {@code Value} holding {@code NaN} or an infinity
     */
    public String print(ProtoMessage<?> message) {
      Out out = new Out(compact);
      new Writer(this, out)
          .print(
              WireMessage.decode(
                  message.schema(),
                  ((io.bufproto.api.internal.InternalMessage) message)._partialBytes(),
                  registry));
      return out.sb.toString();
    }

    /**
     * Writes the message as UTF-8 JSON at {@code buf}'s writer index, advancing it; returns the
     * number of bytes written. Nothing is written if the message cannot print.
     */
    public int writeTo(ProtoMessage<?> message, ByteBuf buf) {
      return ByteBufUtil.writeUtf8(buf, print(message));
    }
  }

  /** One print: the options and the output. */
  static final class Writer {
    private final Printer p;
    final Out out;
    private final String blank;

    Writer(Printer p, Out out) {
      this.p = p;
      this.out = out;
      this.blank = p.compact ? "" : " ";
    }

    void print(WireMessage m) {
      if (!WellKnownJson.print(this, m)) {
        printFields(m, null);
      }
    }

    /** A message's fields as an object; {@code typeUrl} first, as {@code @type}, if not null. */
    void printFields(WireMessage m, String typeUrl) {
      out.println("{");
      out.indent();
      boolean printed = false;
      if (typeUrl != null) {
        out.print("\"@type\":" + blank);
        string(typeUrl);
        printed = true;
      }
      MessageSchema schema = m.schema;
      for (int i = 0; i < schema.fieldCount(); i++) {
        FieldSchema f = schema.field(i);
        Object v = m.value(i);
        if (v == null) {
          if (!p.noPresenceDefaults || f.hasPresence() || f.isExtension()) {
            continue;
          }
          v = f.isRepeated() ? List.of() : Values.orDefault(f, null);
        }
        if (printed) {
          out.println(",");
        }
        printed = true;
        // An extension is "[pkg.ext]" either way (its jsonName).
        String name = p.protoNames && !f.isExtension() ? f.name() : f.jsonName();
        out.print("\"" + name + "\":" + blank);
        if (f.isMap()) {
          printMap(f, list(v));
        } else if (f.isRepeated()) {
          printList(f, list(v));
        } else {
          value(f, v, false);
        }
      }
      if (printed) {
        out.println();
      }
      out.outdent();
      out.print("}");
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object v) {
      return (List<Object>) v;
    }

    void printList(FieldSchema f, List<Object> values) {
      out.print("[");
      for (int i = 0; i < values.size(); i++) {
        if (i > 0) {
          out.print("," + blank);
        }
        value(f, values.get(i), false);
      }
      out.print("]");
    }

    void printMap(FieldSchema f, List<Object> entries) {
      FieldSchema key = f.mapKey();
      FieldSchema value = f.mapValue();
      List<Object> ordered = entries;
      if (p.sortMapKeys) {
        ordered = new ArrayList<>(entries);
        Collections.sort(ordered, mapKeyOrder(key));
      }
      out.println("{");
      out.indent();
      boolean printed = false;
      for (Object e : ordered) {
        WireMessage entry = (WireMessage) e;
        if (printed) {
          out.println(",");
        }
        printed = true;
        value(key, Values.orDefault(key, entry.value(0)), true);
        out.print(":" + blank);
        value(value, Values.orDefault(value, entry.value(1)), false);
      }
      if (printed) {
        out.println();
      }
      out.outdent();
      out.print("}");
    }

    @SuppressWarnings("unchecked")
    static Comparator<Object> mapKeyOrder(FieldSchema key) {
      // A TreeMap of the keys' Java values in protobuf-java: unsigned keys compare signed.
      return Comparator.comparing(
          e -> (Comparable<Object>) Values.orDefault(key, ((WireMessage) e).value(0)));
    }

    /** One value; {@code quoted} for a map key, which is always a JSON string. */
    void value(FieldSchema f, Object v, boolean quoted) {
      String q = quoted ? "\"" : "";
      switch (f.type()) {
        case INT32, SINT32, SFIXED32, BOOL -> out.print(q + v + q);
        case UINT32, FIXED32 -> out.print(q + Integer.toUnsignedString((Integer) v) + q);
        case INT64, SINT64, SFIXED64 -> out.print("\"" + v + "\"");
        case UINT64, FIXED64 -> out.print("\"" + Long.toUnsignedString((Long) v) + "\"");
        case FLOAT -> floating(((Float) v).doubleValue(), v.toString());
        case DOUBLE -> floating((Double) v, v.toString());
        case STRING -> string((String) v);
        case BYTES -> out.print("\"" + Base64.getEncoder().encodeToString((byte[]) v) + "\"");
        case ENUM -> enumValue(f.enumType(), (Integer) v, q);
        case MESSAGE, GROUP -> print((WireMessage) v);
      }
    }

    private void floating(double d, String text) {
      if (Double.isNaN(d)) {
        out.print("\"NaN\"");
      } else if (Double.isInfinite(d)) {
        out.print(d < 0 ? "\"-Infinity\"" : "\"Infinity\"");
      } else {
        out.print(text);
      }
    }

    private void enumValue(EnumSchema e, int number, String q) {
      if (e.fullName().equals("google.protobuf.NullValue")) {
        out.print(q + "null" + q);
        return;
      }
      String name = e.nameOf(number);
      if (p.enumsAsInts || name == null) {
        out.print(q + number + q);
      } else {
        out.print("\"" + name + "\"");
      }
    }

    /** A JSON string, escaped as protobuf-java (and Gson) escape: controls, quotes, HTML chars. */
    void string(CharSequence s) {
      StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        switch (c) {
          case '"' -> sb.append("\\\"");
          case '\\' -> sb.append("\\\\");
          case '\t' -> sb.append("\\t");
          case '\b' -> sb.append("\\b");
          case '\n' -> sb.append("\\n");
          case '\r' -> sb.append("\\r");
          case '\f' -> sb.append("\\f");
          case '<', '>', '&', '=', '\'', '\u2028', '\u2029' -> unicodeEscape(sb, c);
          default -> {
            if (c < 0x20) {
              unicodeEscape(sb, c);
            } else {
              sb.append(c);
            }
          }
        }
      }
      out.print(sb.append('"').toString());
    }

    private static void unicodeEscape(StringBuilder sb, char c) {
      sb.append(String.format("\\u%04x", (int) c));
    }

    String blank() {
      return blank;
    }

    TypeRegistry registry() {
      return p.registry;
    }
  }

  /** Indentation and lines as protobuf-java's JsonFormat lays them out (pretty or compact). */
  static final class Out {
    final StringBuilder sb = new StringBuilder();
    private final boolean compact;
    private int indent;
    private boolean atStartOfLine = true;

    Out(boolean compact) {
      this.compact = compact;
    }

    void indent() {
      indent += 2;
    }

    void outdent() {
      indent -= 2;
    }

    void print(String text) {
      if (text.isEmpty()) {
        return;
      }
      if (atStartOfLine && !compact) {
        for (int i = 0; i < indent; i++) {
          sb.append(' ');
        }
      }
      atStartOfLine = false;
      sb.append(text);
    }

    void println(String text) {
      print(text);
      println();
    }

    void println() {
      if (!compact) {
        sb.append('\n');
        atStartOfLine = true;
      }
    }
  }
}
