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

  @Test
  void wrapsAtTheOutermostCallThenBeforeAPlusThenAfterAnAssignment() {
    String in =
        """
        class A {
        void f() {
        if (!aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbb(cccccccccccccccccccccccccccccccccccccc.view(x), ccccccccccccccccccccccc.view(y))) {
        throw new IllegalStateException(
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" + " bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
        }
        aaaaaaaaaaaaaaaaaaaaaaaaa.Bbbbbbbbbbbbbbbbbb[] cccccccccccccc = new aaaaaaaaaaaaaaaaaaaaaaaaa.Bbbbbbbbbbbbbbbbbb[0];
        }
        }
        """;
    String out =
        """
        class A {
          void f() {
            if (!aaaaaaaaaaaaaaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbbbbbb(
                cccccccccccccccccccccccccccccccccccccc.view(x), ccccccccccccccccccccccc.view(y))) {
              throw new IllegalStateException(
                  "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
                  + " bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
            }
            aaaaaaaaaaaaaaaaaaaaaaaaa.Bbbbbbbbbbbbbbbbbb[] cccccccccccccc =
                new aaaaaaaaaaaaaaaaaaaaaaaaa.Bbbbbbbbbbbbbbbbbb[0];
          }
        }
        """;
    assertEquals(out, JavaFormatter.format(in));
  }

  @Test
  void wrapsCommentsBetweenWordsJoiningTheRestToTheSameParagraph() {
    String in =
        """
        class A {
        class B {
        /** One line of documentation that is too long for its place here, two levels deep in a nested class. */
        int x;
        /**
        * A paragraph whose first line was wrapped for the top level, which is two columns too long for here.
        * Its next line takes the rest.
        *
        * @return nothing that moves up
        */
        int y() {
        // A line comment that was wrapped for the top level and now runs past the width by a bit or two.
        return 0;
        }
        }
        }
        """;
    String out =
        """
        class A {
          class B {
            /**
             * One line of documentation that is too long for its place here, two levels deep in a nested
             * class.
             */
            int x;
            /**
             * A paragraph whose first line was wrapped for the top level, which is two columns too long for
             * here. Its next line takes the rest.
             *
             * @return nothing that moves up
             */
            int y() {
              // A line comment that was wrapped for the top level and now runs past the width by a bit or
              // two.
              return 0;
            }
          }
        }
        """;
    assertEquals(out, JavaFormatter.format(in));
  }

  @Test
  void wrapsALongFlagsExpressionBeforeABitwiseOr() {
    String in =
        """
        class A {
        int f = io.bufproto.api.schema.FieldSchema.PRESENCE | io.bufproto.api.schema.FieldSchema.VERIFY_UTF8;
        }
        """;
    String out =
        """
        class A {
          int f = io.bufproto.api.schema.FieldSchema.PRESENCE
              | io.bufproto.api.schema.FieldSchema.VERIFY_UTF8;
        }
        """;
    assertEquals(out, JavaFormatter.format(in));
  }
}
