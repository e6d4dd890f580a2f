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

  @Test
  void wrapsLongLinesAtCommasAndOperatorsAndIndentsWhatContinues() {
    String in =
        """
        final class A
        implements B,
        C {
        void f() {
        call(aaaaaaaaaa, bbbbbbbbbb, cccccccccc, dddddddddd, eeeeeeeeee, "x, y, z", java.util.Map<String, Integer> m);
        boolean b = (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa != 0) && (bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb != 0) && (cccccccccccccccc != 0);
        }
        }
        """;
    String out =
        """
        final class A
            implements B,
            C {
          void f() {
            call(aaaaaaaaaa, bbbbbbbbbb, cccccccccc, dddddddddd, eeeeeeeeee, "x, y, z",
                java.util.Map<String, Integer> m);
            boolean b = (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa != 0) && (bbbbbbbbbbbbbbbbbbbbbbbbbbbbbb != 0)
                && (cccccccccccccccc != 0);
          }
        }
        """;
    assertEquals(out, JavaFormatter.format(in));
  }
}
