package io.bufproto.templates;

/** Renders {@code .proto} comments as Javadoc that cannot break out of its comment or tags. */
public final class Docs {

  /** The longest Javadoc text written on one line (room left for a nested class's indentation). */
  private static final int ONE_LINE = 72;

  private Docs() {}

  /**
   * The Javadoc of a generated type: its {@code .proto} comment, then, as protobuf-java's does, the
   * line <code>Protobuf type &#123;@code full.Name&#125;</code>.
   */
  public static String type(String comment, String protoFullName) {
    return block("", comment, "Protobuf type {@code " + escape(protoFullName) + "}");
  }

  /** A Javadoc block for {@code comment}, or an empty string when there is none. */
  public static String javadoc(String comment) {
    return comment == null || comment.isBlank() ? "" : block("", comment, "");
  }

  /**
   * A Javadoc block of up to three paragraphs, each left out when empty: {@code lead} (Javadoc
   * already, one line), the {@code .proto} {@code comment} (preformatted, escaped), {@code last}
   * (Javadoc already); one line when it is {@code last} alone and short.
   */
  static String block(String lead, String comment, String last) {
    boolean noComment = comment == null || comment.isBlank();
    if (lead.isEmpty() && noComment && last.length() <= ONE_LINE) {
      // The declaration alone: one line, as most accessors' Javadoc is.
      return "/** " + last + " */";
    }
    StringBuilder sb = new StringBuilder("/**\n");
    String separator = "";
    if (!lead.isEmpty()) {
      sb.append(" * ").append(lead).append('\n');
      separator = " *\n";
    }
    if (comment != null && !comment.isBlank()) {
      sb.append(separator).append(" * <pre>\n");
      for (String line : comment.strip().split("\n", -1)) {
        sb.append(" * ").append(escape(line.stripTrailing())).append('\n');
      }
      sb.append(" * </pre>\n");
      separator = " *\n";
    }
    if (!last.isEmpty()) {
      sb.append(separator).append(" * ").append(last).append('\n');
    }
    return sb.append(" */").toString();
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
