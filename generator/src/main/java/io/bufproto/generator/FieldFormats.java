package io.bufproto.generator;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.bufproto.templates.FieldFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Decides a field's {@link FieldFormat}: its entry in the generated {@code MessageSchema}. */
final class FieldFormats {

  private static final String SCHEMA = "io.bufproto.api.schema.FieldSchema.";

  private FieldFormats() {}

  static FieldFormat of(FieldDescriptor fd, TypeNames names) {
    String type = fd.getType().name();
    if (fd.isMapField()) {
      FieldDescriptor key = fd.getMessageType().findFieldByNumber(1);
      FieldDescriptor value = fd.getMessageType().findFieldByNumber(2);
      return new FieldFormat(
          "map",
          fd.getNumber(),
          fd.getName(),
          fd.getJsonName(),
          fd.getName(),
          key.getType().name(),
          value.getType().name(),
          mapUtf8(key, value) ? SCHEMA + "VERIFY_UTF8" : "0",
          typeRef(value, names));
    }
    String method =
        switch (fd.getType()) {
          case ENUM -> "enumeration";
          case MESSAGE -> "message";
          case GROUP -> "group";
          default -> "scalar";
        };
    String textName = isGroupLike(fd) ? fd.getMessageType().getName() : fd.getName();
    return new FieldFormat(
        method,
        fd.getNumber(),
        fd.getName(),
        fd.getJsonName(),
        textName,
        type,
        null,
        flags(fd),
        typeRef(fd, names));
  }

  /** Whether {@code fd} is a string field whose values must be valid UTF-8. */
  private static boolean utf8(FieldDescriptor fd) {
    return fd.getType() == FieldDescriptor.Type.STRING && fd.needsUtf8Check();
  }

  /**
   * Whether a map's string key or value must be valid UTF-8 in the text format: in proto3 files.
   * Not {@code needsUtf8Check()}, which is true for every map entry because protobuf-java's binary
   * parse checks them in proto2 too; the text format follows the syntax instead (map entries of
   * editions files are not flagged: their features are not visible here).
   */
  private static boolean mapUtf8(FieldDescriptor key, FieldDescriptor value) {
    boolean proto3 = key.getFile().toProto().getSyntax().equals("proto3");
    return proto3
        && (key.getType() == FieldDescriptor.Type.STRING
            || value.getType() == FieldDescriptor.Type.STRING);
  }

  private static String typeRef(FieldDescriptor fd, TypeNames names) {
    return switch (fd.getJavaType()) {
      case MESSAGE -> names.qualified(fd.getMessageType());
      case ENUM -> names.qualified(fd.getEnumType());
      default -> null;
    };
  }

  static String flags(FieldDescriptor fd) {
    List<String> flags = new ArrayList<>();
    if (fd.isRepeated()) {
      flags.add(SCHEMA + "REPEATED");
    }
    if (fd.hasPresence()) {
      flags.add(SCHEMA + "PRESENCE");
    }
    if (fd.isRequired()) {
      flags.add(SCHEMA + "REQUIRED");
    }
    if (fd.isPacked()) {
      flags.add(SCHEMA + "PACKED");
    }
    if (utf8(fd)) {
      flags.add(SCHEMA + "VERIFY_UTF8");
    }
    if (fd.getRealContainingOneof() != null) {
      flags.add(SCHEMA + "oneof(" + fd.getRealContainingOneof().getIndex() + ")");
    }
    return flags.isEmpty() ? "0" : String.join(" | ", flags);
  }

  /**
   * Whether the text format names the field by its type, as protobuf-java's package-private {@code
   * FieldDescriptor.isGroupLike()} decides: a group whose type, declared beside it in the same
   * file, is named as the field with its case kept.
   */
  static boolean isGroupLike(FieldDescriptor fd) {
    if (fd.getType() != FieldDescriptor.Type.GROUP) {
      return false;
    }
    Descriptor type = fd.getMessageType();
    if (!type.getName().toLowerCase(Locale.ROOT).equals(fd.getName())) {
      return false;
    }
    if (type.getFile() != fd.getFile()) {
      return false;
    }
    Descriptor scope = fd.isExtension() ? fd.getExtensionScope() : fd.getContainingType();
    return type.getContainingType() == scope;
  }
}
