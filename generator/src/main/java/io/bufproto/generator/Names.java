package io.bufproto.generator;

import java.util.Set;

/** Java names from protobuf names, the way protobuf-java derives them. */
final class Names {

  private Names() {}

  static final Set<String> KEYWORDS =
      Set.of(
          "abstract",
          "assert",
          "boolean",
          "break",
          "byte",
          "case",
          "catch",
          "char",
          "class",
          "const",
          "continue",
          "default",
          "do",
          "double",
          "else",
          "enum",
          "extends",
          "final",
          "finally",
          "float",
          "for",
          "goto",
          "if",
          "implements",
          "import",
          "instanceof",
          "int",
          "interface",
          "long",
          "native",
          "new",
          "package",
          "private",
          "protected",
          "public",
          "return",
          "short",
          "static",
          "strictfp",
          "super",
          "switch",
          "synchronized",
          "this",
          "throw",
          "throws",
          "transient",
          "try",
          "void",
          "volatile",
          "while",
          "true",
          "false",
          "null",
          "var",
          "yield",
          "record",
          "sealed",
          "permits",
          "_");

  /**
   * {@code foo_bar2baz} becomes {@code FooBar2Baz}: underscores dropped, next letter and letters
   * after digits upper-cased.
   */
  static String upperCamel(String name) {
    StringBuilder sb = new StringBuilder(name.length());
    boolean upperNext = true;
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '_') {
        upperNext = true;
      } else if (Character.isDigit(c)) {
        sb.append(c);
        upperNext = true;
      } else if (upperNext) {
        sb.append(Character.toUpperCase(c));
        upperNext = false;
      } else {
        sb.append(c);
      }
    }
    return sb.length() == 0 ? "Field" : sb.toString();
  }

  /**
   * {@code a/b/foo_bar.proto} becomes {@code foo_bar}: the file's name without folders or
   * extension.
   */
  static String fileStem(String protoFile) {
    String base = protoFile.substring(protoFile.lastIndexOf('/') + 1);
    return base.endsWith(".proto") ? base.substring(0, base.length() - ".proto".length()) : base;
  }

  static String lowerFirst(String s) {
    return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }

  /** {@code fooBar} becomes {@code FOO_BAR}; {@code foo_bar} stays {@code FOO_BAR}. */
  static String upperSnake(String name) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && Character.isLowerCase(name.charAt(i - 1))) {
        sb.append('_');
      }
      sb.append(Character.toUpperCase(c));
    }
    return sb.toString();
  }

  /**
   * The element name of a repeated field, by LightProto's rule so code written against it compiles:
   * {@code properties} to {@code property}, {@code addresses} to {@code address}, {@code phones} to
   * {@code phone}, {@code fooList} to {@code foo}. Applied to the camel-case name.
   */
  static String singular(String name) {
    if (name.endsWith("ies")) {
      return name.substring(0, name.length() - 3) + "y";
    }
    if (name.endsWith("sses")) {
      return name.substring(0, name.length() - 2);
    }
    if (name.endsWith("s") && !name.endsWith("ss")) {
      return name.substring(0, name.length() - 1);
    }
    if (name.endsWith("List")) {
      return name.substring(0, name.length() - 4);
    }
    return name;
  }

  /**
   * The collection name of a repeated field ({@code getXsCount()}, {@code getXsList()}), by
   * LightProto's rule: {@code replicateTo} to {@code replicateTos}, {@code entry} to {@code
   * entries}, {@code class} to {@code classes}; names already plural stay.
   */
  static String plural(String name) {
    if (name.endsWith("List") || (name.endsWith("s") && !name.endsWith("ss"))) {
      return name;
    }
    if (name.endsWith("y")
        && !name.equalsIgnoreCase("any")
        && name.length() > 1
        && "aeiou".indexOf(name.charAt(name.length() - 2)) < 0) {
      return name.substring(0, name.length() - 1) + "ies";
    }
    if (name.endsWith("ss")) {
      return name + "es";
    }
    return name + "s";
  }

  /** A Java identifier for a type or constant name; keywords get a trailing underscore. */
  static String identifier(String name) {
    return KEYWORDS.contains(name) ? name + "_" : name;
  }
}
