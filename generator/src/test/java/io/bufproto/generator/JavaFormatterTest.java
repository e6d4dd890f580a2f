package io.bufproto.generator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class JavaFormatterTest {

  @Test
  void indentsByBraceDepthIgnoringBracesInLiteralsAndComments() {
    String in =
        """
        class A {


        void f() {

        String s = "{{"; // }
        char c = '{';
        /* { */
        /**
        * doc {
        */
        if (x) {
        y();
        }

        }
        }
        """;
    String out =
        """
        class A {
          void f() {
            String s = "{{"; // }
            char c = '{';
            /* { */
            /**
             * doc {
             */
            if (x) {
              y();
            }
          }
        }
        """;
    assertEquals(out, JavaFormatter.format(in));
  }
}
