package io.bufproto.generator;

import java.util.Locale;
import java.util.Set;

/** Java names from protobuf names, the way protobuf-java derives them. */
final class Names {

  private Names() {}

  static final Set<String> KEYWORDS =
      Set.of(
          "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class",
          "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
          "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int",
          "interface", "long", "native", "new", "package", "private", "protected", "public",
          "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
          "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false",
          "null", "var", "yield", "record", "sealed", "permits", "_");

  /** {@code foo_bar2baz} becomes {@code FooBar2Baz}: underscores dropped, next letter and letters after digits upper-cased. */
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
   * The element name of a repeated field, as LightProto derives it so that code written against
   * it compiles: {@code properties} to {@code property}, {@code phones} to {@code phone}.
   */
  static String singular(String name) {
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.endsWith("ies") && name.length() > 3) {
      return name.substring(0, name.length() - 3) + "y";
    }
    if (lower.endsWith("s") && !lower.endsWith("ss") && name.length() > 1) {
      return name.substring(0, name.length() - 1);
    }
    return name;
  }

  /** A Java identifier for a type or constant name; keywords get a trailing underscore. */
  static String identifier(String name) {
    return KEYWORDS.contains(name) ? name + "_" : name;
  }
}
