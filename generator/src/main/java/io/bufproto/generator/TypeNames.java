package io.bufproto.generator;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import java.util.Set;

/**
 * Where each protobuf type lives in Java: package, optional holder class, prefix, nesting. Used for
 * the types being generated and for the types they reference in other files (which must be
 * generated with the same options).
 */
final class TypeNames {

  /**
   * The {@code java.lang} names the generated code uses unqualified; a type with such a name would
   * shadow them. BufProto's own classes are named fully qualified, so their names are free.
   */
  static final Set<String> RESERVED =
      Set.of(
          "String",
          "Object",
          "Integer",
          "Long",
          "Float",
          "Double",
          "Boolean",
          "Iterable",
          "Override",
          "IndexOutOfBoundsException",
          "IllegalArgumentException",
          "IllegalStateException",
          "RuntimeException");

  /**
   * Where protobuf's own files (the well-known types and descriptor.proto, {@link #WKT_FILES})
   * live, whatever the options: they ship once, in {@code bufproto-wkt}, and must not collide with
   * protobuf-java's {@code com.google.protobuf} classes.
   */
  static final String WKT_PACKAGE = "io.bufproto.wkt";

  /**
   * The files {@code bufproto-wkt} ships: the {@code .proto} files inside protobuf-java's jar.
   * Other files under {@code google/protobuf/} (protobuf's test schemas, {@code
   * compiler/plugin.proto}) are ordinary files, generated where their options say.
   */
  static final Set<String> WKT_FILES =
      Set.of(
          "google/protobuf/any.proto",
          "google/protobuf/api.proto",
          "google/protobuf/descriptor.proto",
          "google/protobuf/duration.proto",
          "google/protobuf/empty.proto",
          "google/protobuf/field_mask.proto",
          "google/protobuf/java_features.proto",
          "google/protobuf/source_context.proto",
          "google/protobuf/struct.proto",
          "google/protobuf/timestamp.proto",
          "google/protobuf/type.proto",
          "google/protobuf/wrappers.proto");

  private final GeneratorOptions options;

  TypeNames(GeneratorOptions options) {
    this.options = options;
  }

  static boolean isWellKnown(FileDescriptor file) {
    return WKT_FILES.contains(file.getName());
  }

  String javaPackage(FileDescriptor file) {
    if (isWellKnown(file)) {
      return WKT_PACKAGE;
    }
    if (options.javaPackage() != null) {
      return options.javaPackage();
    }
    if (file.getOptions().hasJavaPackage()) {
      return file.getOptions().getJavaPackage();
    }
    return file.getPackage();
  }

  /** The holder class of {@code file} in {@code outer_class} mode, else {@code null}. */
  String outerClass(FileDescriptor file) {
    if (options.outerClass() == null || isWellKnown(file)) {
      return null;
    }
    if (!options.outerClass().isEmpty()) {
      return options.outerClass();
    }
    String name = Names.upperCamel(Names.fileStem(file.getName())) + "Proto";
    for (Descriptor d : file.getMessageTypes()) {
      if (topLevelName(d.getName()).equals(name)) {
        name += "Outer";
      }
    }
    return name;
  }

  /**
   * The class holding {@code file}'s file-level extensions and its {@code registerAllExtensions}:
   * the {@code outer_class} when the option is given, else the file name in UpperCamelCase with
   * {@code Extensions} added ({@code unittest.proto}: {@code UnittestExtensions}), and {@code
   * Outer} after that if a top-level type has that name.
   */
  String extensionHolder(FileDescriptor file) {
    String outer = outerClass(file);
    if (outer != null) {
      return outer;
    }
    String name = topLevelName(Names.upperCamel(Names.fileStem(file.getName())) + "Extensions");
    for (Descriptor d : file.getMessageTypes()) {
      if (topLevelName(d.getName()).equals(name)) {
        return name + "Outer";
      }
    }
    for (var e : file.getEnumTypes()) {
      if (topLevelName(e.getName()).equals(name)) {
        return name + "Outer";
      }
    }
    return name;
  }

  String topLevelName(String protoName) {
    return Names.identifier(options.prefix() + protoName);
  }

  /**
   * The simple Java name of a message or enum (prefix applied only at top level, never to WKTs).
   */
  String simpleName(Descriptor d) {
    return d.getContainingType() == null && !isWellKnown(d.getFile())
        ? topLevelName(d.getName())
        : Names.identifier(d.getName());
  }

  String simpleName(EnumDescriptor e) {
    return e.getContainingType() == null && !isWellKnown(e.getFile())
        ? topLevelName(e.getName())
        : Names.identifier(e.getName());
  }

  String qualified(Descriptor d) {
    return d.getContainingType() != null
        ? qualified(d.getContainingType()) + "." + simpleName(d)
        : container(d.getFile()) + simpleName(d);
  }

  String qualified(EnumDescriptor e) {
    return e.getContainingType() != null
        ? qualified(e.getContainingType()) + "." + simpleName(e)
        : container(e.getFile()) + simpleName(e);
  }

  private String container(FileDescriptor file) {
    String pkg = javaPackage(file);
    String outer = outerClass(file);
    String prefix = pkg.isEmpty() ? "" : pkg + ".";
    return outer == null ? prefix : prefix + outer + ".";
  }
}
