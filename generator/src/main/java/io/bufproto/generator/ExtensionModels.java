package io.bufproto.generator;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.bufproto.templates.ExtensionModel;
import io.bufproto.templates.ScalarType;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides each {@code extend} field's {@link ExtensionModel}: the constant protobuf-java would name
 * {@code Scope.fooBar} (or {@code Outer.fooBar} at file level), typed by the extended class and the
 * value's Java type.
 */
final class ExtensionModels {

  private ExtensionModels() {}

  static List<ExtensionModel> of(List<FieldDescriptor> extensions, TypeNames names) {
    List<ExtensionModel> out = new ArrayList<>();
    for (FieldDescriptor fd : extensions) {
      out.add(of(fd, names));
    }
    return out;
  }

  static ExtensionModel of(FieldDescriptor fd, TypeNames names) {
    ScalarType type = ModelBuilder.scalarType(fd);
    String typeJava =
        type == null
            ? names.qualified(fd.getMessageType())
            : type == ScalarType.ENUM ? names.qualified(fd.getEnumType()) : null;
    String element = typeJava != null ? typeJava : type.boxedType();
    String factory = type == null ? "message" : type == ScalarType.ENUM ? "enumeration" : "scalar";
    String defaultValue = null;
    if (type != null) {
      if (fd.isRepeated()) {
        defaultValue = "null";
      } else if (type == ScalarType.ENUM) {
        defaultValue = typeJava + ".forNumber(" + Defaults.literal(fd, type) + ")";
      } else {
        defaultValue = Defaults.literal(fd, type);
      }
    }
    return new ExtensionModel(
        constName(fd),
        Declarations.of(fd),
        fd.getFullName(),
        fd.getNumber(),
        fd.getContainingType().getFullName(),
        names.qualified(fd.getContainingType()),
        fd.isRepeated() ? "java.util.List<" + element + ">" : element,
        factory,
        fd.getType().name(),
        FieldFormats.flags(fd),
        typeJava,
        defaultValue,
        type == ScalarType.ENUM && !fd.legacyEnumFieldTreatedAsClosed());
  }

  /** protobuf-java's name of the constant: the field name in lowerCamelCase. */
  static String constName(FieldDescriptor fd) {
    return Names.identifier(Names.lowerFirst(Names.upperCamel(fd.getName())));
  }

  /**
   * Every extension of {@code file} (file level, then nested, in declaration order) as a Java
   * reference to its constant; file-level ones are members of {@code holder} (qualified).
   */
  static List<String> references(FileDescriptor file, String holder, TypeNames names) {
    List<String> out = new ArrayList<>();
    for (FieldDescriptor fd : file.getExtensions()) {
      out.add(holder + "." + constName(fd));
    }
    for (Descriptor d : file.getMessageTypes()) {
      nested(d, names, out);
    }
    return out;
  }

  private static void nested(Descriptor d, TypeNames names, List<String> out) {
    for (FieldDescriptor fd : d.getExtensions()) {
      out.add(names.qualified(d) + "." + constName(fd));
    }
    for (Descriptor n : d.getNestedTypes()) {
      nested(n, names, out);
    }
  }
}
