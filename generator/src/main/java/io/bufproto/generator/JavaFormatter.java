package io.bufproto.generator;

/**
 * Lays out the templates' output: re-indents by brace depth (two spaces, continuation lines four
 * more), drops blank lines after an opening and before a closing brace, folds runs of blank lines
 * into one, and puts one blank line after every member that ends with a brace. Braces inside string
 * and char literals and comments do not count, so templates need not care about indentation at all.
 */
final class JavaFormatter {

  private JavaFormatter() {}

  static String format(String source) {
    StringBuilder out = new StringBuilder(source.length() + source.length() / 4);
    int depth = 0;
    boolean inBlockComment = false;
    boolean previousBlank = true;
    boolean previousOpened = false;
    boolean memberEnded = false;
    // Per open brace: whether it opened a type's body (then a '}' closing a block in it ends a
    // member).
    java.util.ArrayDeque<Boolean> typeBody = new java.util.ArrayDeque<>();
    String[] lines = source.split("\n", -1);
    for (String raw : lines) {
      String line = raw.strip();
      if (line.isEmpty()) {
        if (!previousBlank && !previousOpened) {
          out.append('\n');
          previousBlank = true;
        }
        continue;
      }
      if (!inBlockComment && line.startsWith("}") && previousBlank && out.length() > 0) {
        out.setLength(out.length() - 1); // no blank line before a closing brace
      } else if (memberEnded && !previousBlank && !line.startsWith("}")) {
        out.append('\n'); // one blank line between members
      }
      memberEnded = false;
      int delta = 0;
      int leadingClose = 0;
      boolean counting = true;
      boolean startsInComment = inBlockComment;
      for (int i = 0; i < line.length(); i++) {
        char c = line.charAt(i);
        if (inBlockComment) {
          if (c == '*' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
            inBlockComment = false;
            i++;
          }
          continue;
        }
        if (c == '/' && i + 1 < line.length()) {
          char n = line.charAt(i + 1);
          if (n == '/') {
            break;
          }
          if (n == '*') {
            inBlockComment = true;
            i++;
            continue;
          }
        }
        if (c == '"' || c == '\'') {
          i = skipLiteral(line, i, c);
          counting = false;
          continue;
        }
        if (c == '{') {
          delta++;
          counting = false;
          typeBody.push(opensTypeBody(line));
        } else if (c == '}') {
          delta--;
          if (counting) {
            leadingClose++;
          }
          if (!typeBody.isEmpty()) {
            typeBody.pop();
          }
          memberEnded = line.equals("}") && !typeBody.isEmpty() && typeBody.peek();
        } else if (c != ' ' && c != ')' && c != ';') {
          counting = false;
        }
      }
      int indent = depth - leadingClose;
      String prefix = "  ".repeat(Math.max(indent, 0));
      if (startsInComment && line.startsWith("*")) {
        prefix += " ";
      } else if (isContinuation(line)) {
        prefix += "    ";
      }
      out.append(prefix).append(line).append('\n');
      depth += delta;
      previousBlank = false;
      previousOpened = withoutLineComment(line).endsWith("{");
    }
    int end = out.length();
    while (end > 0 && out.charAt(end - 1) == '\n') {
      end--;
    }
    out.setLength(end);
    return out.append('\n').toString();
  }

  private static boolean opensTypeBody(String line) {
    return line.matches(".*\\b(class|interface|enum|record) \\w+.*\\{")
        || line.matches(".*\\bnew [\\w.<>]+\\(.*\\) \\{");
  }

  /**
   * The line without a trailing {@code //} comment (generated case labels carry the field name).
   */
  private static String withoutLineComment(String line) {
    int i = line.indexOf(" // ");
    return i < 0 ? line : line.substring(0, i).stripTrailing();
  }

  private static boolean isContinuation(String line) {
    return line.startsWith(".")
        || line.startsWith("+ ")
        || line.startsWith("&& ")
        || line.startsWith("|| ")
        || line.startsWith("? ")
        || line.startsWith(": ");
  }

  private static int skipLiteral(String line, int start, char quote) {
    for (int i = start + 1; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == quote) {
        return i;
      }
    }
    return line.length();
  }
}
