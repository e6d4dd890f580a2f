package io.bufproto.templates;

/** Renders {@code .proto} comments as Javadoc that cannot break out of its comment or tags. */
public final class Docs {

  private Docs() {}

  /**
   * The Javadoc of a generated type: its {@code .proto} comment, then, as protobuf-java's does,
   * {@code Protobuf type {@code full.Name}}.
   */
  public static String type(String comment, String protoFullName) {
    String block = javadoc(comment);
    String line = " * Protobuf type {@code " + escape(protoFullName) + "}\n */";
    return block.isEmpty() ? "/**\n" + line : block.substring(0, block.length() - 3) + " *\n" + line;
  }

  /** A Javadoc block for {@code comment}, or an empty string when there is none. */
  public static String javadoc(String comment) {
    if (comment == null || comment.isBlank()) {
      return "";
    }
    StringBuilder sb = new StringBuilder("/**\n");
    sb.append(" * <pre>\n");
    for (String line : comment.strip().split("\n", -1)) {
      sb.append(" * ").append(escape(line.stripTrailing())).append('\n');
    }
    sb.append(" * </pre>\n */");
    return sb.toString();
  }

  static String escape(String line) {
    return line.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("*/", "*&#47;")
        .replace("@", "&#64;")
        .replace("\\", "&#92;");
  }
}
