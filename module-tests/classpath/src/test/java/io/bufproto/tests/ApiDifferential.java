package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bufproto.tests.p3.Node;
import io.bufproto.tests.p3.Proto3Protos;
import java.util.ArrayList;
import java.util.List;

/**
 * The API fuzz target's check: the input's bytes drive a sequence of calls on one reused {@link
 * Node} (setters, clears, children filled through {@code setNext()}, {@code addChildren()} and
 * {@code putNamed(key)}, map puts and removes, {@code clear}, {@code parseFrom}, {@code copyFrom},
 * {@code materialize}), mirrored on a protobuf-java builder; after every call both write the same
 * bytes. A reused instance never shows data of an earlier parse or fill. Driven by {@link
 * ApiFuzzTest} (Jazzer) and {@link FuzzCorpusTest} (its committed corpus).
 */
final class ApiDifferential {

  private static final String[] PIECES = {
    "", "a", "b", "é", "\uD83D\uDE00", "\uD800", "long string value "
  };
  private static final String[] KEYS = {"", "a", "b", "é"};
  private static final int MAX_STEPS = 64;

  private ApiDifferential() {}

  /** The input as a stream of small choices; zeros once it is used up. */
  private static final class Choices {
    private final byte[] in;
    private int at;

    Choices(byte[] in) {
      this.in = in;
    }

    boolean more() {
      return at < in.length;
    }

    int next(int bound) {
      return at < in.length ? (in[at++] & 0xff) % bound : 0;
    }

    String string() {
      StringBuilder b = new StringBuilder();
      for (int n = next(4); n > 0; n--) {
        b.append(PIECES[next(PIECES.length)]);
      }
      return b.toString();
    }

    String key() {
      return KEYS[next(KEYS.length)];
    }

    Proto3Protos.Node message() {
      return (Proto3Protos.Node)
          new RandomMessages(next(256) * 31L + next(256), 2, true)
              .next(Proto3Protos.Node.getDefaultInstance());
    }
  }

  static void run(byte[] input) throws Exception {
    Choices c = new Choices(input);
    Node ours = new Node();
    Proto3Protos.Node.Builder theirs = Proto3Protos.Node.newBuilder();
    List<String> steps = new ArrayList<>();
    for (int step = 0; step < MAX_STEPS && c.more(); step++) {
      String s;
      String k;
      Proto3Protos.Node m;
      switch (c.next(16)) {
        case 0 -> {
          s = c.string();
          steps.add("setName(" + s + ")");
          ours.setName(s);
          theirs.setName(s);
        }
        case 1 -> {
          steps.add("clearName()");
          ours.clearName();
          theirs.clearName();
        }
        case 2 -> {
          s = c.string();
          steps.add("setNext().setName(" + s + ")");
          ours.setNext().setName(s);
          theirs.getNextBuilder().setName(s);
        }
        case 3 -> {
          steps.add("clearNext()");
          ours.clearNext();
          theirs.clearNext();
        }
        case 4 -> {
          s = c.string();
          steps.add("addChildren().setName(" + s + ")");
          ours.addChildren().setName(s);
          theirs.addChildrenBuilder().setName(s);
        }
        case 5 -> {
          m = c.message();
          steps.add("addChildren(message)");
          Node copy = new Node();
          copy.parseFrom(m.toByteArray());
          ours.addChildren(copy);
          theirs.addChildren(m);
        }
        case 6 -> {
          steps.add("clearChildren()");
          ours.clearChildren();
          theirs.clearChildren();
        }
        case 7 -> {
          k = c.key();
          m = c.message();
          steps.add("putNamed(" + k + ", message)");
          Node value = new Node();
          value.parseFrom(m.toByteArray());
          ours.putNamed(k, value);
          theirs.putNamed(k, m);
        }
        case 8 -> {
          k = c.key();
          s = c.string();
          steps.add("putNamed(" + k + ").setName(" + s + ")");
          ours.putNamed(k).setName(s);
          theirs.putNamed(
              k,
              theirs.getNamedOrDefault(k, Proto3Protos.Node.getDefaultInstance()).toBuilder()
                  .setName(s)
                  .build());
        }
        case 9 -> {
          k = c.key();
          steps.add("removeNamed(" + k + ")");
          ours.removeNamed(k);
          theirs.removeNamed(k);
        }
        case 10 -> {
          steps.add("clear()");
          ours.clear();
          theirs.clear();
        }
        case 11 -> {
          m = c.message();
          steps.add("parseFrom(message)");
          ours.parseFrom(m.toByteArray());
          theirs.clear().mergeFrom(m);
        }
        case 12 -> {
          m = c.message();
          steps.add("copyFrom(message)");
          Node other = new Node();
          other.parseFrom(m.toByteArray());
          ours.copyFrom(other);
          theirs.mergeFrom(m);
        }
        case 13 -> {
          steps.add("materialize()");
          ours.materialize();
        }
        case 14 -> {
          s = c.string();
          steps.add("setChoice().setCString(" + s + ")");
          ours.setChoice().setCString(s);
          theirs.getChoiceBuilder().setCString(s);
        }
        default -> {
          steps.add("clearNamed()");
          ours.clearNamed();
          theirs.clearNamed();
        }
      }
      byte[] expected = theirs.build().toByteArray();
      assertArrayEquals(expected, ours.toByteArray(), () -> "after " + steps);
      assertEquals(expected.length, ours.getSerializedSize(), () -> "size after " + steps);
    }
  }
}
