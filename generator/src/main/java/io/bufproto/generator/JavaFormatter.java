package io.bufproto.generator;

/**
 * Lays out the templates' output: re-indents by brace depth (two spaces, continuation lines
 * four more), drops blank lines after an opening and before a closing brace, and folds runs of
 * blank lines into one. Braces inside string and char literals and comments do not count, so
 * templates need not care about indentation at all.
 */
final class JavaFormatter {

  private JavaFormatter() {}

  static String format(String source) {
    StringBuilder out = new StringBuilder(source.length() + source.length() / 4);
    int depth = 0;
    boolean inBlockComment = false;
    boolean previousBlank = true;
    boolean previousOpened = false;
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
      }
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
        } else if (c == '}') {
          delta--;
          if (counting) {
            leadingClose++;
          }
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
      previousOpened = line.endsWith("{");
    }
    int end = out.length();
    while (end > 0 && out.charAt(end - 1) == '\n') {
      end--;
    }
    out.setLength(end);
    return out.append('\n').toString();
  }

  private static boolean isContinuation(String line) {
    return line.startsWith(".") || line.startsWith("+ ") || line.startsWith("&& ")
        || line.startsWith("|| ") || line.startsWith("? ") || line.startsWith(": ");
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
