package io.bufproto.generator;

/**
 * Lays out the templates' output: re-indents by brace depth (two spaces, continuation lines four
 * more: a line inside parentheses opened on an earlier line, one starting with an operator or with
 * {@code implements}, the rest of a wrapped line), keeps every line within {@value #WIDTH} columns,
 * drops blank lines after an opening and before a closing brace and inside methods, folds runs of
 * blank lines into one, and puts one blank line after every member that ends with a brace. Braces
 * inside string and char literals and comments do not count, so templates need not care about
 * indentation at all.
 *
 * <p>A code line too long is wrapped at the first of these that fits: the last argument or
 * parameter comma, {@code &&} or {@code ||}; the opening parenthesis of the outermost call; the
 * last {@code +} or {@code |}; an assignment. A comment too long is wrapped between words, its rest
 * joined to the next line of the same paragraph.
 */
final class JavaFormatter {

  /** The width a code line is wrapped to, where it has a comma inside parentheses to wrap at. */
  static final int WIDTH = 100;

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
    // Parentheses open at the end of the previous line (a wrapped argument or parameter list); a
    // brace inside them (a lambda, an anonymous class) starts a fresh count until it closes.
    int parens = 0;
    java.util.ArrayDeque<Integer> parensOutside = new java.util.ArrayDeque<>();
    // A type declaration wrapped before its '{' (its implements clause on the next line).
    boolean pendingType = false;
    // The line before was cut by the wrapping: this one continues it.
    boolean cutBefore = false;
    java.util.ArrayDeque<String> lines =
        new java.util.ArrayDeque<>(java.util.Arrays.asList(source.split("\n", -1)));
    while (!lines.isEmpty()) {
      String line = lines.poll().strip();
      if (line.isEmpty()) {
        // Blank lines separate members; inside a method they would only part the fields' blocks.
        boolean inTypeBody = typeBody.isEmpty() || typeBody.peek();
        if (!previousBlank && !previousOpened && inTypeBody) {
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
      boolean insideParens = parens > 0;
      boolean continued = insideParens || pendingType || cutBefore || isContinuation(line);
      cutBefore = false;
      int room = WIDTH - 2 * depth - (continued && !startsInComment ? 4 : 0);
      if (startsInComment || line.startsWith("//")) {
        line = wrapComment(line, startsInComment ? room - 1 : room, lines);
      } else if (line.startsWith("/**") && line.endsWith("*/") && line.length() > room) {
        // A one-line doc comment too long: opened out, its text wrapped as the lines come.
        lines.push("*/");
        lines.push("* " + line.substring(3, line.length() - 2).strip());
        line = "/**";
      } else {
        int cut = wrapPoint(line, parens, room);
        if (cut > 0) {
          lines.push(line.substring(cut + 1).strip());
          line = line.substring(0, cut + 1);
          cutBefore = true;
        }
      }
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
        if (c == '(') {
          parens++;
        } else if (c == ')' && parens > 0) {
          parens--;
        }
        if (c == '{') {
          delta++;
          counting = false;
          typeBody.push(opensTypeBody(line) || pendingType);
          pendingType = false;
          parensOutside.push(parens);
          parens = 0;
        } else if (c == '}') {
          if (!parensOutside.isEmpty()) {
            parens = parensOutside.pop();
          }
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
      } else if (!startsInComment && continued) {
        prefix += "    ";
      }
      out.append(prefix).append(line).append('\n');
      if (!startsInComment && declaresType(line) && !line.contains("{")) {
        pendingType = true;
      }
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

  /**
   * {@code line}, a comment's line ({@code // text} or {@code * text} inside a block comment), cut
   * at its last space that leaves it within {@code room} columns; the rest goes back on {@code
   * lines}, joined to the next line when that continues the same paragraph. Unchanged when it fits
   * or has no such space.
   */
  private static String wrapComment(String line, int room, java.util.Deque<String> lines) {
    String marker = line.startsWith("//") ? "// " : line.startsWith("* ") ? "* " : null;
    if (marker == null || line.length() <= room) {
      return line;
    }
    int space = line.lastIndexOf(' ', room);
    if (space <= marker.length()) {
      return line;
    }
    String rest = line.substring(space + 1).strip();
    String next = lines.peek();
    if (next != null && next.strip().startsWith(marker) && continuesParagraph(next, marker)) {
      lines.poll();
      rest = rest + " " + next.strip().substring(marker.length()).strip();
    }
    lines.push(marker + rest);
    return line.substring(0, space).stripTrailing();
  }

  /** Whether a comment line is running text (not a tag, a list item, markup or an empty line). */
  private static boolean continuesParagraph(String line, String marker) {
    String text = line.strip().substring(marker.length()).strip();
    return !text.isEmpty()
        && !text.startsWith("@")
        && !text.startsWith("<")
        && !text.startsWith("-")
        && !text.startsWith("*/");
  }

  /**
   * Where to wrap {@code line} to fit {@code room} columns ({@code parens} are open before it): the
   * index of the last character of the part that stays, or -1 when the line fits or has no place to
   * wrap that fits. In order of preference: the last ", " inside parentheses or place before a
   * {@code &&} or {@code ||}; after the opening parenthesis of the outermost call (the last one at
   * that depth); before the last {@code +} or {@code |}; after an assignment operator. Literals are
   * never cut.
   */
  private static int wrapPoint(String line, int parens, int room) {
    if (line.length() <= room
        || line.startsWith("//")
        || line.startsWith("*")
        || line.startsWith("/*")
        || line.startsWith("@")) {
      return -1;
    }
    int open = parens;
    int angles = 0; // type arguments: a comma between them is not a place to wrap
    int best = -1;
    int call = -1;
    int callDepth = Integer.MAX_VALUE;
    int plus = -1;
    int assign = -1;
    for (int i = 0; i < line.length() && i < room; i++) {
      char c = line.charAt(i);
      if (c == '"' || c == '\'') {
        i = skipLiteral(line, i, c);
      } else if (c == '/' && i + 1 < line.length() && line.charAt(i + 1) == '/') {
        break;
      } else if (c == '(') {
        boolean isCall = i > 0 && Character.isJavaIdentifierPart(line.charAt(i - 1));
        if (isCall && open <= callDepth && i + 1 < line.length() && line.charAt(i + 1) != ')') {
          call = i;
          callDepth = open;
        }
        open++;
      } else if (c == ')') {
        open--;
      } else if (c == '<' && i > 0 && Character.isJavaIdentifierPart(line.charAt(i - 1))) {
        angles++;
      } else if (c == '>' && angles > 0) {
        angles--;
      } else if (c == '{' || c == '}') {
        break; // a lambda or a block: wrap only before it
      } else if (c == ','
          && open > 0
          && angles == 0
          && i + 1 < line.length()
          && line.charAt(i + 1) == ' ') {
        best = i;
      } else if (c == ' ' && i > 0 && (line.startsWith(" && ", i) || line.startsWith(" || ", i))) {
        best = i - 1; // before the operator: the next line starts with it
      } else if (c == ' ' && i > 0 && (line.startsWith(" + ", i) || line.startsWith(" | ", i))) {
        plus = i - 1;
      } else if (c == ' ' && assign < 0 && i + 2 < room && line.startsWith(" = ", i)) {
        assign = i + 1;
      } else if (c == ' ' && assign < 0 && i + 3 < room && line.startsWith(" += ", i)) {
        assign = i + 2;
      }
    }
    return best >= 0 ? best : call >= 0 ? call : plus >= 0 ? plus : assign;
  }

  private static boolean declaresType(String line) {
    return line.matches(
        "((public|protected|private|static|final|abstract|sealed) )*(class|interface|enum|record) \\w+.*");
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
        || line.startsWith("implements ")
        || line.startsWith("+ ")
        || line.startsWith("| ")
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
