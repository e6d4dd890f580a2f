package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JavaFormatterTest {

  @Test
  void indentsByBraceDepthIgnoringBracesInLiteralsAndComments() {
    String in =
        "class A {\n\n\n"
            + "void f() {\n\n"
            + "String s = \"{{\"; // }\n"
            + "char c = '{';\n"
            + "/* { */\n"
            + "/**\n* doc {\n*/\n"
            + "if (x) {\n"
            + "y();\n"
            + "}\n\n"
            + "}\n"
            + "}\n";
    String out =
        "class A {\n"
            + "  void f() {\n"
            + "    String s = \"{{\"; // }\n"
            + "    char c = '{';\n"
            + "    /* { */\n"
            + "    /**\n"
            + "     * doc {\n"
            + "     */\n"
            + "    if (x) {\n"
            + "      y();\n"
            + "    }\n"
            + "  }\n"
            + "}\n";
    assertEquals(out, JavaFormatter.format(in));
  }
}
