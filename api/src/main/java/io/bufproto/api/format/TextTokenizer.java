package io.bufproto.api.format;

import io.bufproto.api.InvalidProtobufException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Splits text format into tokens and reads values from them with protobuf-java TextFormat's rules:
 * integers in decimal, hex ({@code 0x}) or octal (leading {@code 0}) with range checks; floats as
 * Java reads them plus {@code inf}, {@code infinity} and {@code nan} in any case (and an {@code f}
 * suffix), but never with a leading {@code 0} before a digit (protobuf's spec); booleans {@code
 * true t 1 false f 0}; adjacent quoted strings joined, with C, octal, hex and Unicode escapes;
 * {@code #} comments.
 */
final class TextTokenizer {

  private static final Pattern DOUBLE_INFINITY =
      Pattern.compile("-?inf(inity)?", Pattern.CASE_INSENSITIVE);
  private static final Pattern FLOAT_INFINITY =
      Pattern.compile("-?inf(inity)?f?", Pattern.CASE_INSENSITIVE);
  private static final Pattern FLOAT_NAN = Pattern.compile("nanf?", Pattern.CASE_INSENSITIVE);

  private final CharSequence text;
  private int pos;
  private String token = "";

  TextTokenizer(CharSequence text) {
    this.text = text;
    skipWhitespace();
    next();
  }

  boolean atEnd() {
    return token.isEmpty();
  }

  /** Consumes {@code expected} if it is the current token. */
  boolean tryConsume(String expected) {
    if (token.equals(expected)) {
      next();
      return true;
    }
    return false;
  }

  void consume(String expected) {
    if (!tryConsume(expected)) {
      throw error("Expected \"" + expected + "\".");
    }
  }

  boolean lookingAtInteger() {
    if (token.isEmpty()) {
      return false;
    }
    char c = token.charAt(0);
    return (c >= '0' && c <= '9') || c == '-' || c == '+';
  }

  boolean lookingAtString() {
    return token.startsWith("\"") || token.startsWith("'");
  }

  String identifier() {
    for (int i = 0; i < token.length(); i++) {
      char c = token.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z')
              || (c >= 'A' && c <= 'Z')
              || (c >= '0' && c <= '9')
              || c == '_'
              || c == '.';
      if (!ok) {
        throw error("Expected identifier. Found '" + token + "'");
      }
    }
    if (token.isEmpty()) {
      throw error("Expected identifier. Found end of input");
    }
    String t = token;
    next();
    return t;
  }

  int int32() {
    return (int) integer(true, false);
  }

  int uint32() {
    return (int) integer(false, false);
  }

  long int64() {
    return integer(true, true);
  }

  long uint64() {
    return integer(false, true);
  }

  private long integer(boolean signed, boolean isLong) {
    try {
      long v = parseInteger(token, signed, isLong);
      next();
      return v;
    } catch (NumberFormatException e) {
      throw error("Couldn't parse integer: " + e.getMessage());
    }
  }

  /** Sign, then {@code 0x} hex, {@code 0} octal or decimal; range-checked for its type. */
  private static long parseInteger(String text, boolean signed, boolean isLong) {
    int pos = 0;
    boolean negative = false;
    if (text.startsWith("-")) {
      if (!signed) {
        throw new NumberFormatException("Number must be positive: " + text);
      }
      pos++;
      negative = true;
    }
    int radix = 10;
    if (text.startsWith("0x", pos)) {
      pos += 2;
      radix = 16;
    } else if (text.startsWith("0", pos)) {
      radix = 8;
    }
    String digits = text.substring(pos);
    BigInteger v = new BigInteger(digits, radix);
    if (negative) {
      v = v.negate();
    }
    int bits = (isLong ? 64 : 32) - (signed ? 1 : 0);
    if (v.bitLength() > bits || (!signed && v.signum() < 0)) {
      throw new NumberFormatException(
          "Number out of range for "
              + (isLong ? 64 : 32)
              + "-bit "
              + (signed ? "signed" : "unsigned")
              + " integer: "
              + text);
    }
    return v.longValue();
  }

  float float32() {
    if (FLOAT_INFINITY.matcher(token).matches()) {
      boolean negative = token.startsWith("-");
      next();
      return negative ? Float.NEGATIVE_INFINITY : Float.POSITIVE_INFINITY;
    }
    if (FLOAT_NAN.matcher(token).matches()) {
      next();
      return Float.NaN;
    }
    refuseLeadingZero();
    try {
      float v = Float.parseFloat(token);
      next();
      return v;
    } catch (NumberFormatException e) {
      throw error("Couldn't parse number: " + e.getMessage());
    }
  }

  double float64() {
    if (DOUBLE_INFINITY.matcher(token).matches()) {
      boolean negative = token.startsWith("-");
      next();
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if (token.equalsIgnoreCase("nan")) {
      next();
      return Double.NaN;
    }
    refuseLeadingZero();
    try {
      double v = Double.parseDouble(token);
      next();
      return v;
    } catch (NumberFormatException e) {
      throw error("Couldn't parse number: " + e.getMessage());
    }
  }

  /**
   * Refuses a float written with a leading zero before a digit ({@code 012}, {@code -01.5}): the
   * spec's float literals have none (such a number is an octal integer). protobuf-java reads it as
   * decimal; protobuf's conformance suite requires the refusal.
   */
  private void refuseLeadingZero() {
    int i = token.startsWith("-") ? 1 : 0;
    if (token.length() > i + 1 && token.charAt(i) == '0' && isDigit(token.charAt(i + 1))) {
      throw error("Couldn't parse number: a float may not start with 0 and a digit: " + token);
    }
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  boolean bool() {
    switch (token) {
      case "true", "True", "t", "1" -> {
        next();
        return true;
      }
      case "false", "False", "f", "0" -> {
        next();
        return false;
      }
      default -> throw error("Expected \"true\" or \"false\". Found \"" + token + "\".");
    }
  }

  /** Skips a scalar value: adjacent quoted strings, or one number or identifier. */
  void skipScalar() {
    if (lookingAtString()) {
      bytes();
    } else if (token.isEmpty() || "{}<>[]:;,".contains(token)) {
      throw error("Expected a value. Found \"" + token + "\".");
    } else {
      next();
    }
  }

  /** Skips the current token, whatever it is (inside a skipped message). */
  void skipAny() {
    if (lookingAtString()) {
      bytes();
    } else {
      next();
    }
  }

  /** One or more adjacent quoted strings, unescaped and joined. */
  byte[] bytes() {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    do {
      char quote = token.isEmpty() ? '\0' : token.charAt(0);
      if (quote != '"' && quote != '\'') {
        throw error("Expected string.");
      }
      if (token.length() < 2 || token.charAt(token.length() - 1) != quote) {
        throw error("String missing ending quote.");
      }
      byte[] b = unescape(token.substring(1, token.length() - 1));
      out.write(b, 0, b.length);
      next();
    } while (lookingAtString());
    return out.toByteArray();
  }

  private byte[] unescape(String s) {
    byte[] in = s.getBytes(StandardCharsets.UTF_8);
    byte[] out = new byte[in.length];
    int n = 0;
    for (int i = 0; i < in.length; i++) {
      byte c = in[i];
      if (c != '\\') {
        out[n++] = c;
        continue;
      }
      if (i + 1 >= in.length) {
        throw error("Invalid escape sequence: '\\' at end of string.");
      }
      c = in[++i];
      if (c >= '0' && c <= '7') {
        int code = c - '0';
        for (int k = 0; k < 2 && i + 1 < in.length && in[i + 1] >= '0' && in[i + 1] <= '7'; k++) {
          code = code * 8 + in[++i] - '0';
        }
        out[n++] = (byte) code;
        continue;
      }
      switch (c) {
        case 'a' -> out[n++] = 0x07;
        case 'b' -> out[n++] = '\b';
        case 'f' -> out[n++] = '\f';
        case 'n' -> out[n++] = '\n';
        case 'r' -> out[n++] = '\r';
        case 't' -> out[n++] = '\t';
        case 'v' -> out[n++] = 0x0b;
        case '\\', '\'', '"', '?' -> out[n++] = c;
        case 'x' -> {
          if (i + 1 >= in.length || Character.digit(in[i + 1], 16) < 0) {
            throw error("Invalid escape sequence: '\\x' with no digits");
          }
          int code = Character.digit(in[++i], 16);
          if (i + 1 < in.length && Character.digit(in[i + 1], 16) >= 0) {
            code = code * 16 + Character.digit(in[++i], 16);
          }
          out[n++] = (byte) code;
        }
        case 'u', 'U' -> {
          int digits = c == 'u' ? 4 : 8;
          int cp = 0;
          for (int k = 1; k <= digits; k++) {
            int d = i + k < in.length ? Character.digit(in[i + k], 16) : -1;
            if (d < 0) {
              throw error("Invalid escape sequence: '\\" + (char) c + "' with too few hex chars");
            }
            cp = cp << 4 | d;
          }
          i += digits;
          if (!Character.isValidCodePoint(cp) || (cp >= 0xd800 && cp <= 0xdfff)) {
            throw error("Invalid escape sequence: not a valid code point or a surrogate");
          }
          byte[] utf8 = new String(new int[] {cp}, 0, 1).getBytes(StandardCharsets.UTF_8);
          System.arraycopy(utf8, 0, out, n, utf8.length);
          n += utf8.length;
        }
        default -> throw error("Invalid escape sequence: '\\" + (char) c + "'");
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }

  /**
   * Reads the next token: an identifier ({@code [A-Za-z_][A-Za-z0-9_+-]*}), a number-like word (an
   * optional dot, then a digit, sign, letter, {@code _} or dot run), a quoted string up to its
   * closing quote or the end of the line, or one character. Hand-written like protobuf-java's: a
   * regular-expression tokenizer parses several times slower than TextFormat
   * (FormatsBenchmark.bufproto_parseText).
   */
  private void next() {
    int length = text.length();
    if (pos >= length) {
      token = "";
      return;
    }
    int start = pos;
    char first = text.charAt(start);
    int end = start + 1;
    if (isAlphaUnder(first)) {
      while (end < length && (isAlphaUnder(text.charAt(end)) || isDigitSign(text.charAt(end)))) {
        end++;
      }
    } else if (isDigitSign(first)
        || (first == '.' && end < length && isDigitSign(text.charAt(end)))) {
      while (end < length) {
        char c = text.charAt(end);
        if (!(isDigitSign(c) || isAlphaUnder(c) || c == '.')) {
          break;
        }
        end++;
      }
    } else if (first == '"' || first == '\'') {
      while (end < length) {
        char c = text.charAt(end);
        if (c == first) {
          end++;
          break;
        }
        if (c == '\n') {
          break;
        }
        if (c == '\\') {
          if (end + 1 == length || text.charAt(end + 1) == '\n') {
            end++;
            break;
          }
          end++;
        }
        end++;
      }
    }
    token = text.subSequence(start, end).toString();
    pos = end;
    skipWhitespace();
  }

  private static boolean isAlphaUnder(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean isDigitSign(char c) {
    return (c >= '0' && c <= '9') || c == '+' || c == '-';
  }

  /** Spaces, tabs, line and form feeds, and {@code #} comments to the end of their line. */
  private void skipWhitespace() {
    int length = text.length();
    while (pos < length) {
      char c = text.charAt(pos);
      if (c == '#') {
        while (pos < length && text.charAt(pos) != '\n') {
          pos++;
        }
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f') {
        pos++;
      } else {
        return;
      }
    }
  }

  InvalidProtobufException error(String what) {
    return new InvalidProtobufException("Text format, at \"" + token + "\": " + what);
  }
}
