package io.bufproto.api.format;

import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.MessageSchema;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Protobuf's text format, printed exactly as protobuf-java's {@code TextFormat.printer()} prints it
 * (which is also its messages' {@code toString()}): fields in number order, map entries sorted by
 * key, unknown fields last by number, strings escaped as octal UTF-8 bytes when not ASCII.
 *
 * <p>The printer reads the message's serialized bytes through its {@link MessageSchema}, so it
 * prints what protobuf-java would parse from them. {@code CompatibilityFormatsProperties} compares
 * it with protobuf-java on random messages of every test type.
 */
public final class ProtoText {

  private ProtoText() {}

  /** The message in text format, one field per line. */
  public static String print(ProtoMessage<?> message) {
    return printer().print(message);
  }

  /** The message in text format on one line (protobuf-java's {@code emittingSingleLine(true)}). */
  public static String printSingleLine(ProtoMessage<?> message) {
    return printer().emittingSingleLine(true).print(message);
  }

  /**
   * Clears {@code message} and fills it from {@code text}, as protobuf-java's {@code
   * TextFormat.merge} reads it into an empty builder (see {@link TextToWire} for the rules).
   *
   * @throws io.bufproto.api.InvalidProtobufException if {@code text} is not valid text format for
   *     the type (unknown names included), or leaves a required field unset
   */
  public static void parse(CharSequence text, ProtoMessage<?> message) {
    parser().parse(text, message);
  }

  /** A printer with protobuf-java's {@code TextFormat.printer()} defaults. */
  public static Printer printer() {
    return new Printer(false, TypeRegistry.empty());
  }

  /** A parser with protobuf-java's {@code TextFormat.Parser} defaults. */
  public static Parser parser() {
    return new Parser(TypeRegistry.empty());
  }

  /** Immutable: each option returns a new printer. */
  public static final class Printer {
    private final boolean singleLine;
    private final TypeRegistry types;
    private final boolean unknownFields;

    private Printer(boolean singleLine, TypeRegistry types) {
      this(singleLine, types, true);
    }

    private Printer(boolean singleLine, TypeRegistry types, boolean unknownFields) {
      this.singleLine = singleLine;
      this.types = types;
      this.unknownFields = unknownFields;
    }

    /** On one line instead of one field per line. */
    public Printer emittingSingleLine(boolean singleLine) {
      return new Printer(singleLine, types, unknownFields);
    }

    /**
     * Whether unknown fields are printed (by number, after the others; the default, as
     * protobuf-java's printer prints them), or left out, as C++'s {@code
     * TextFormat::Printer::SetPrintUnknownFields(false)} and the conformance suite's {@code
     * print_unknown_fields = false} ask.
     */
    public Printer printingUnknownFields(boolean print) {
      return new Printer(singleLine, types, print);
    }

    /**
     * An {@code Any} whose type is in {@code types} (and whose value parses as that type) printed
     * expanded, {@code [type.googleapis.com/pkg.Msg] { ... }}, as protobuf-java's printer with a
     * type registry prints it; any other {@code Any} as its two fields.
     */
    public Printer usingTypeRegistry(TypeRegistry types) {
      return new Printer(singleLine, types.withExtensions(this.types.extensions()), unknownFields);
    }

    /**
     * The extensions in {@code extensions} printed as fields, {@code [pkg.ext]: value}, in
     * field-number order among the others, as protobuf-java's printer prints a message parsed with
     * an extension registry; other extension data as unknown fields (by number).
     */
    public Printer usingExtensionRegistry(ExtensionRegistry extensions) {
      return new Printer(singleLine, types.withExtensions(extensions), unknownFields);
    }

    /** The message in text format. */
    public String print(ProtoMessage<?> message) {
      WireMessage m =
          WireMessage.decode(
              message.schema(),
              ((io.bufproto.api.internal.InternalMessage) message)._partialBytes(),
              types);
      Out out = new Out(singleLine, types, unknownFields);
      printMessage(m, out);
      return out.sb.toString();
    }
  }

  /** Immutable: each option returns a new parser. */
  public static final class Parser {
    private final TypeRegistry types;

    private Parser(TypeRegistry types) {
      this.types = types;
    }

    /**
     * The types an {@code Any} may hold written expanded, {@code [type.googleapis.com/pkg.Msg] {
     * ... }}; without them an expanded {@code Any} is refused, as protobuf-java refuses it.
     */
    public Parser usingTypeRegistry(TypeRegistry types) {
      return new Parser(types.withExtensions(this.types.extensions()));
    }

    /**
     * The extensions in {@code extensions} read from {@code [pkg.ext]: value} (any other bracketed
     * name is refused, as protobuf-java refuses it), and the message parsed with them as {@link
     * ProtoMessage#parseFrom(io.netty.buffer.ByteBuf, int, ExtensionRegistry)} does.
     */
    public Parser usingExtensionRegistry(ExtensionRegistry extensions) {
      return new Parser(types.withExtensions(extensions));
    }

    /**
     * Clears {@code message} and fills it from {@code text}, as protobuf-java's {@code
     * TextFormat.merge} reads it into an empty builder (see {@link TextToWire} for the rules).
     *
     * @throws io.bufproto.api.InvalidProtobufException if {@code text} is not valid text format for
     *     the type (unknown names included), or leaves a required field unset
     */
    public void parse(CharSequence text, ProtoMessage<?> message) {
      byte[] bytes = TextToWire.parse(message.schema(), text, types);
      if (types.extensions() != null) {
        message.parseFrom(bytes, types.extensions());
      } else {
        message.parseFrom(bytes);
      }
    }
  }

  private static void printMessage(WireMessage m, Out out) {
    if (printAny(m, out)) {
      return;
    }
    MessageSchema schema = m.schema;
    for (int i = 0; i < schema.fieldCount(); i++) {
      Object v = m.value(i);
      if (v == null) {
        continue;
      }
      FieldSchema f = schema.field(i);
      if (f.isMap()) {
        List<Object> entries = new ArrayList<>(m.list(i));
        entries.sort(Comparator.comparing(e -> (WireMessage) e, mapKeyOrder(f.mapKey())));
        for (Object e : entries) {
          printField(f, e, out);
        }
      } else if (f.isRepeated()) {
        for (Object e : m.list(i)) {
          printField(f, e, out);
        }
      } else {
        printField(f, v, out);
      }
    }
    if (out.unknownFields) {
      printUnknown(m.unknown, out);
    }
  }

  /**
   * An {@code Any} expanded, if the printer's registry holds its type and its value parses as one
   * (protobuf-java's {@code printAny}); false, nothing printed, otherwise.
   */
  private static boolean printAny(WireMessage any, Out out) {
    if (!any.schema.fullName().equals("google.protobuf.Any")
        || !(any.value(0) instanceof String typeUrl)
        || typeUrl.isEmpty()) {
      return false;
    }
    WireMessage content;
    try {
      MessageSchema type = out.types.find(typeUrl);
      if (type == null) {
        return false;
      }
      content =
          WireMessage.decode(
              type, (byte[]) Values.orDefault(any.schema.field(1), any.value(1)), out.types);
    } catch (RuntimeException invalidUrlOrValue) {
      return false;
    }
    out.print("[" + typeUrl + "] {");
    out.eol();
    out.indent();
    printMessage(content, out);
    out.outdent();
    out.print("}");
    out.eol();
    return true;
  }

  /** protobuf-java's order: by the key's Java value, so unsigned keys compare signed. */
  @SuppressWarnings("unchecked")
  private static Comparator<WireMessage> mapKeyOrder(FieldSchema key) {
    return Comparator.comparing(e -> (Comparable<Object>) Values.orDefault(key, e.value(0)));
  }

  private static void printField(FieldSchema f, Object value, Out out) {
    out.print(f.textName());
    if (f.type().isMessage()) {
      out.print(" {");
      out.eol();
      out.indent();
      WireMessage m = (WireMessage) value;
      if (f.isMap()) {
        printMapEntry(m, out);
      } else {
        printMessage(m, out);
      }
      out.outdent();
      out.print("}");
    } else {
      out.print(": ");
      printValue(f, value, out);
    }
    out.eol();
  }

  /** A map entry prints its key and value always, defaults included (protobuf-java's MapEntry). */
  private static void printMapEntry(WireMessage entry, Out out) {
    for (int i = 0; i < 2; i++) {
      FieldSchema f = entry.schema.field(i);
      printField(f, Values.orDefault(f, entry.value(i)), out);
    }
  }

  private static void printValue(FieldSchema f, Object v, Out out) {
    switch (f.type()) {
      case INT32, SINT32, SFIXED32, INT64, SINT64, SFIXED64, BOOL, FLOAT, DOUBLE ->
          out.print(v.toString());
      case UINT32, FIXED32 -> out.print(Integer.toUnsignedString((Integer) v));
      case UINT64, FIXED64 -> out.print(Long.toUnsignedString((Long) v));
      case STRING -> out.print('"' + escapeText((String) v) + '"');
      case BYTES -> out.print('"' + escapeBytes((byte[]) v) + '"');
      case ENUM -> {
        int n = (Integer) v;
        String name = f.enumType().nameOf(n);
        out.print(name != null ? name : Integer.toString(n));
      }
      case MESSAGE, GROUP -> throw new IllegalStateException("printed by printField");
    }
  }

  /**
   * Unknown fields by number; for each number its varints, fixed32s, fixed64s, length-delimited
   * values (as a message when they parse as one), then groups, as protobuf-java's UnknownFieldSet.
   */
  private static void printUnknown(List<WireMessage.Unknown> unknown, Out out) {
    if (unknown.isEmpty()) {
      return;
    }
    List<WireMessage.Unknown> sorted = new ArrayList<>(unknown);
    sorted.sort(
        Comparator.comparingInt(WireMessage.Unknown::number)
            .thenComparingInt(u -> unknownOrder(u.wireType())));
    for (WireMessage.Unknown u : sorted) {
      out.print(Integer.toString(u.number()));
      switch (u.wireType()) {
        case 0 -> out.print(": " + Long.toUnsignedString((Long) u.value()));
        case 5 -> out.print(": " + String.format((Locale) null, "0x%08x", (Integer) u.value()));
        case 1 -> out.print(": " + String.format((Locale) null, "0x%016x", (Long) u.value()));
        case 2 -> printUnknownLengthDelimited((byte[]) u.value(), out);
        case 3 -> {
          out.print(" {");
          out.eol();
          out.indent();
          @SuppressWarnings("unchecked")
          List<WireMessage.Unknown> group = (List<WireMessage.Unknown>) u.value();
          printUnknown(group, out);
          out.outdent();
          out.print("}");
        }
        default -> throw new IllegalStateException("wire type " + u.wireType());
      }
      out.eol();
    }
  }

  private static int unknownOrder(int wireType) {
    return switch (wireType) {
      case 0 -> 0;
      case 5 -> 1;
      case 1 -> 2;
      case 2 -> 3;
      default -> 4;
    };
  }

  private static void printUnknownLengthDelimited(byte[] value, Out out) {
    List<WireMessage.Unknown> fields;
    try {
      fields = WireMessage.decodeUnknown(value);
    } catch (RuntimeException notAMessage) {
      out.print(": \"" + escapeBytes(value) + '"');
      return;
    }
    out.print(": {");
    out.eol();
    out.indent();
    printUnknown(fields, out);
    out.outdent();
    out.print("}");
  }

  /**
   * Escapes a string: C escapes for ASCII controls, octal UTF-8 bytes once any char is not ASCII.
   */
  static String escapeText(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 127) {
        return escapeBytes(s.getBytes(StandardCharsets.UTF_8));
      }
    }
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (!escapeNamed(sb, c)) {
        if (c < 0x20 || c == 0x7f) {
          octal(sb, c);
        } else {
          sb.append(c);
        }
      }
    }
    return sb.toString();
  }

  /** Escapes bytes: printable ASCII as is, C escapes, everything else three octal digits. */
  static String escapeBytes(byte[] bytes) {
    StringBuilder sb = new StringBuilder(bytes.length);
    for (byte b : bytes) {
      if (!escapeNamed(sb, (char) (b & 0xff))) {
        if (b >= 0x20 && b <= 0x7e) {
          sb.append((char) b);
        } else {
          octal(sb, b & 0xff);
        }
      }
    }
    return sb.toString();
  }

  private static boolean escapeNamed(StringBuilder sb, char c) {
    String e =
        switch (c) {
          case 0x07 -> "\\a";
          case '\b' -> "\\b";
          case '\f' -> "\\f";
          case '\n' -> "\\n";
          case '\r' -> "\\r";
          case '\t' -> "\\t";
          case 0x0b -> "\\v";
          case '\\' -> "\\\\";
          case '\'' -> "\\'";
          case '"' -> "\\\"";
          default -> null;
        };
    if (e == null) {
      return false;
    }
    sb.append(e);
    return true;
  }

  private static void octal(StringBuilder sb, int b) {
    sb.append('\\')
        .append((char) ('0' + ((b >>> 6) & 3)))
        .append((char) ('0' + ((b >>> 3) & 7)))
        .append((char) ('0' + (b & 7)));
  }

  /** Lines and indentation, as protobuf-java's TextGenerator lays them out. */
  private static final class Out {
    final StringBuilder sb = new StringBuilder();
    private final boolean singleLine;
    final TypeRegistry types;
    final boolean unknownFields;
    private int indent;
    private boolean atStartOfLine;

    Out(boolean singleLine, TypeRegistry types, boolean unknownFields) {
      this.singleLine = singleLine;
      this.types = types;
      this.unknownFields = unknownFields;
    }

    void indent() {
      indent += 2;
    }

    void outdent() {
      indent -= 2;
    }

    void print(String text) {
      if (atStartOfLine) {
        atStartOfLine = false;
        if (singleLine) {
          sb.append(' ');
        } else {
          for (int i = 0; i < indent; i++) {
            sb.append(' ');
          }
        }
      }
      sb.append(text);
    }

    void eol() {
      if (!singleLine) {
        sb.append('\n');
      }
      atStartOfLine = true;
    }
  }
}
