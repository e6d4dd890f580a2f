package io.bufproto.api.format;

import io.bufproto.api.schema.EnumSchema;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.FieldType;
import io.bufproto.api.schema.MessageSchema;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Turns text format into a message's wire bytes by its schema, as protobuf-java's {@code
 * TextFormat.merge} reads it: fields by name (a group also by its type's name), a colon required
 * before scalars and optional before messages, {@code {}} or {@code <>} around messages, lists in
 * brackets for repeated fields, {@code ;} or {@code ,} after a field. Values are written in the
 * order they come; the generated class's parse then gives protobuf's merge: the last value of a
 * singular field wins, a message given twice is merged, a oneof keeps its last member.
 *
 * <p>An {@code Any} may be written expanded, {@code [type.googleapis.com/pkg.Msg] { ... }}, when
 * the parser's {@link TypeRegistry} holds the type: its value is the content's bytes as
 * protobuf-java's {@code build()} writes them (fields in number order, required fields checked).
 * Extensions ({@code [pkg.ext]}) are not supported, and refused.
 */
final class TextToWire {

  /** protobuf-java's default recursion limit. */
  static final int RECURSION_LIMIT = 100;

  private final TextTokenizer tokens;
  private final TypeRegistry types;

  private TextToWire(CharSequence text, TypeRegistry types) {
    this.tokens = new TextTokenizer(text);
    this.types = types;
  }

  /** The wire bytes of the message {@code text} describes; {@code types} for expanded Anys. */
  static byte[] parse(MessageSchema schema, CharSequence text, TypeRegistry types) {
    TextToWire p = new TextToWire(text, types);
    Draft.Out out = new Draft.Out();
    while (!p.tokens.atEnd()) {
      p.field(schema, out, RECURSION_LIMIT);
    }
    return out.toByteArray();
  }

  private void field(MessageSchema type, Draft.Out out, int limit) {
    MessageSchema schema = types.view(type);
    FieldSchema f;
    if (tokens.tryConsume("[")) {
      if (schema.fullName().equals("google.protobuf.Any")) {
        if (limit < 1) {
          throw tokens.error("Message is nested too deep");
        }
        expandedAny(out, limit - 1);
        return; // no separator after it, as protobuf-java reads it
      }
      String name = extensionName();
      f = schema.fieldByName("[" + name + "]");
      if (f == null || !f.isExtension()) {
        throw tokens.error(
            "Extension \"" + name + "\" not found in the ExtensionRegistry (of " + type + ").");
      }
    } else {
      String name = tokens.identifier();
      f = fieldByTextName(schema, name);
      if (f == null && schema.isReservedName(name)) {
        // The spec: a reserved name's value is skipped, not refused (protobuf-java refuses it).
        skipValue();
        return;
      }
      if (f == null) {
        throw tokens.error(
            "Input contains unknown fields and/or extensions: " + schema.fullName() + "." + name);
      }
    }
    if (f.type().isMessage()) {
      tokens.tryConsume(":");
    } else {
      tokens.consume(":");
    }
    if (f.isRepeated() && tokens.tryConsume("[")) {
      if (!tokens.tryConsume("]")) {
        do {
          value(f, out, limit);
        } while (!tokens.tryConsume("]") && consumeComma());
      }
    } else {
      value(f, out, limit);
    }
    if (!tokens.tryConsume(";")) {
      tokens.tryConsume(",");
    }
  }

  /** Skips a field's value: {@code :} (optional before a message), then a value or a list. */
  private void skipValue() {
    boolean colon = tokens.tryConsume(":");
    if (tokens.tryConsume("[")) {
      if (!tokens.tryConsume("]")) {
        do {
          skipOne(colon);
        } while (!tokens.tryConsume("]") && consumeComma());
      }
    } else {
      skipOne(colon);
    }
    if (!tokens.tryConsume(";")) {
      tokens.tryConsume(",");
    }
  }

  /** Skips one value: a message in braces or angle brackets, or (after a colon) a scalar. */
  private void skipOne(boolean colon) {
    String end = tokens.tryConsume("{") ? "}" : tokens.tryConsume("<") ? ">" : null;
    if (end == null) {
      if (!colon) {
        throw tokens.error("Expected \":\".");
      }
      tokens.skipScalar();
      return;
    }
    int depth = 1;
    while (depth > 0) {
      if (tokens.atEnd()) {
        throw tokens.error("Expected \"" + end + "\".");
      }
      if (tokens.tryConsume("{") || tokens.tryConsume("<")) {
        depth++;
      } else if (tokens.tryConsume("}") || tokens.tryConsume(">")) {
        depth--;
      } else {
        tokens.skipAny();
      }
    }
  }

  /** An extension's full name after its {@code [}, up to and past the {@code ]}. */
  private String extensionName() {
    StringBuilder name = new StringBuilder(tokens.identifier());
    while (tokens.tryConsume(".")) {
      name.append('.').append(tokens.identifier());
    }
    tokens.consume("]");
    return name.toString();
  }

  /**
   * An {@code Any} written as {@code [type_url] { fields }} (the {@code [} read): its type URL and
   * its value, the content's canonical bytes.
   */
  private void expandedAny(Draft.Out out, int limit) {
    StringBuilder url = new StringBuilder();
    while (true) {
      url.append(tokens.identifier());
      if (tokens.tryConsume("]")) {
        break;
      }
      if (tokens.tryConsume("/")) {
        url.append('/');
      } else if (tokens.tryConsume(".")) {
        url.append('.');
      } else {
        throw tokens.error("Expected a valid type URL.");
      }
    }
    tokens.tryConsume(":");
    String typeUrl = url.toString();
    MessageSchema type;
    try {
      type = types.find(typeUrl);
    } catch (IllegalArgumentException e) {
      throw tokens.error("Invalid valid type URL. Found: " + typeUrl);
    }
    if (type == null) {
      throw tokens.error(
          "Unable to parse Any of type: "
              + typeUrl
              + ". Please make sure that the TypeRegistry contains the descriptors for the given"
              + " types.");
    }
    byte[] value = Draft.canonical(WireMessage.decode(type, messageBody(type, limit)));
    out.tag(1, 2);
    out.lengthDelimited(typeUrl.getBytes(StandardCharsets.UTF_8));
    out.tag(2, 2);
    out.lengthDelimited(value);
  }

  private boolean consumeComma() {
    tokens.consume(",");
    return true;
  }

  private void value(FieldSchema f, Draft.Out out, int limit) {
    FieldType type = f.type();
    if (type.isMessage()) {
      if (limit < 1) {
        throw tokens.error("Message is nested too deep");
      }
      byte[] child = messageBody(f.messageType(), limit - 1);
      if (type == FieldType.GROUP) {
        out.tag(f.number(), 3);
        out.raw(child);
        out.tag(f.number(), 4);
      } else {
        out.tag(f.number(), 2);
        out.lengthDelimited(child);
      }
      return;
    }
    Object v =
        switch (type) {
          case INT32, SINT32, SFIXED32 -> tokens.int32();
          case INT64, SINT64, SFIXED64 -> tokens.int64();
          case UINT32, FIXED32 -> tokens.uint32();
          case UINT64, FIXED64 -> tokens.uint64();
          case FLOAT -> tokens.float32();
          case DOUBLE -> tokens.float64();
          case BOOL -> tokens.bool();
          case STRING -> string(f, tokens.bytes());
          case BYTES -> tokens.bytes();
          case ENUM -> enumNumber(f.enumType());
          case MESSAGE, GROUP -> throw new IllegalStateException("read above");
        };
    out.tag(f.number(), type.wireType());
    out.scalar(type, v);
  }

  /**
   * A string field's bytes as a string: refused if malformed UTF-8 where the field requires UTF-8
   * (protobuf's spec and conformance suite), else read with malformed sequences replaced, as
   * protobuf-java's {@code toStringUtf8} reads them (it does so in proto3 too).
   */
  private String string(FieldSchema f, byte[] bytes) {
    if (f.verifiesUtf8() && !WireMessage.isUtf8(bytes)) {
      throw tokens.error("String field " + f.name() + " holds invalid UTF-8.");
    }
    return new String(bytes, StandardCharsets.UTF_8);
  }

  /**
   * A message's fields in {@code {}} or {@code <>} (the opening one next), as wire bytes in the
   * order they come; {@code limit} is the nesting still allowed inside.
   */
  private byte[] messageBody(MessageSchema type, int limit) {
    String end = tokens.tryConsume("<") ? ">" : null;
    if (end == null) {
      tokens.consume("{");
      end = "}";
    }
    Draft.Out fields = new Draft.Out();
    while (!tokens.tryConsume(end)) {
      if (tokens.atEnd()) {
        throw tokens.error("Expected \"" + end + "\".");
      }
      field(type, fields, limit);
    }
    return fields.toByteArray();
  }

  private int enumNumber(EnumSchema e) {
    if (tokens.lookingAtInteger()) {
      int n = tokens.int32();
      if (e.isClosed() && e.nameOf(n) == null) {
        throw tokens.error(
            "Enum type \"" + e.fullName() + "\" has no value with number " + n + '.');
      }
      return n;
    }
    String id = tokens.identifier();
    Integer n = e.numberOf(id);
    if (n == null) {
      throw tokens.error("Enum type \"" + e.fullName() + "\" has no value named \"" + id + "\".");
    }
    return n;
  }

  /**
   * The field the text format names {@code name}: by its {@code .proto} name, or a group-like field
   * by its type's name; or null.
   */
  private static FieldSchema fieldByTextName(MessageSchema schema, String name) {
    for (int i = 0; i < schema.fieldCount(); i++) {
      FieldSchema f = schema.field(i);
      if (f.isExtension()) {
        continue; // named only in brackets
      }
      if (f.name().equals(name) || isTypeNameOf(f, name)) {
        return f;
      }
    }
    return null;
  }

  /** A group's type name, as protobuf-java accepts it for a group-like field. */
  private static boolean isTypeNameOf(FieldSchema f, String name) {
    return f.type() == FieldType.GROUP
        && !f.textName().equals(f.name())
        && f.textName().equals(name)
        && f.name().equals(name.toLowerCase(Locale.ROOT));
  }
}
