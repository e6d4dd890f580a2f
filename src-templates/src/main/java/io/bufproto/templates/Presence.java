package io.bufproto.templates;

/**
 * Where a field's presence lives: a bit in one of the message's {@code _bitsN} words, or the case
 * number of its oneof. Renders the Java expressions so templates never compute bit masks.
 *
 * @param word the bits field ({@code _bits0}) or the oneof case field ({@code kindCase_})
 * @param mask the bit within {@code word}; 0 for a oneof member
 * @param oneofNumber the field number a oneof case field holds when this member is set
 */
public record Presence(String word, int mask, int oneofNumber) {

  public static Presence bit(int index) {
    return new Presence("_bits" + (index >>> 5), 1 << (index & 31), 0);
  }

  public static Presence oneof(String caseField, int number) {
    return new Presence(caseField, 0, number);
  }

  public boolean inOneof() {
    return mask == 0;
  }

  /**
   * Expression: set in the message referenced by {@code prefix} ({@code ""} or {@code "_o."}); not
   * parenthesized, so a template parenthesizes it where an operator binds tighter than {@code ==}
   * ({@code !=} does not: {@code a != b != c} is rejected by javac).
   */
  public String test(String prefix) {
    return inOneof()
        ? prefix + word + " == " + oneofNumber
        : "(" + prefix + word + " & " + hex(mask) + ") != 0";
  }

  /** Expression: not set ({@link #test} negated without a {@code !}). */
  public String testNot(String prefix) {
    return inOneof()
        ? prefix + word + " != " + oneofNumber
        : "(" + prefix + word + " & " + hex(mask) + ") == 0";
  }

  public String set() {
    return inOneof() ? word + " = " + oneofNumber + ";" : word + " |= " + hex(mask) + ";";
  }

  /**
   * {@link #set()} by a setter: a oneof member that replaces another leaves the other's value
   * behind, where no size counts it, so the next {@code clear()} releases ({@code _dropped()}, see
   * {@code Reuse}). A parse sets presence with {@code set()}: the parse counted what it replaces.
   */
  public String setBySetter() {
    if (!inOneof()) {
      return set();
    }
    return "if ("
        + word
        + " != "
        + oneofNumber
        + " && "
        + word
        + " != 0) {\n_dropped();\n}\n"
        + set();
  }

  public String clear() {
    return inOneof()
        ? "if (" + word + " == " + oneofNumber + ") " + word + " = 0;"
        : word + " &= ~" + hex(mask) + ";";
  }

  private static String hex(int mask) {
    return String.format("0x%08x", mask);
  }
}
