package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.bufproto.api.internal.ProtoCodec;
import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.tests.p3.Node;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * The reader and writer are chosen once, when BufProto is first used ({@code ProtoCodec}'s class
 * initialization): threads that all use it for the first time at the same instant must all get the
 * configured reader and correct results. A JVM is used once, so each round starts a new one, whose
 * threads wait on a barrier before their first BufProto call. Classpath runs only: the module-path
 * runs would need a module-path command line for the child (their selection is the same code).
 */
class FirstUseRaceTest {

  private static final int THREADS = 8;
  private static final int ROUNDS = 3;

  @Test
  void manyThreadsUsingBufProtoFirstAtOnceAllGetTheSameReader() throws Exception {
    assumeFalse(ProtoCodec.class.getModule().isNamed(), "module path: see the class comment");
    String expected = BufProtoRuntime.active().name();
    for (int round = 0; round < ROUNDS; round++) {
      List<String> command =
          new ArrayList<>(
              List.of(
                  Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                  "-cp",
                  System.getProperty("java.class.path")));
      for (String property : new String[] {"bufproto.runtime", "sun.misc.unsafe.memory.access"}) {
        if (System.getProperty(property) != null) {
          command.add("-D" + property + "=" + System.getProperty(property));
        }
      }
      command.add(FirstUseRaceTest.class.getName());
      Process p = new ProcessBuilder(command).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, p.waitFor(), out + err);
      assertEquals("", err, "the child printed to stderr (a warning?)");
      String[] readers = new String[THREADS];
      Arrays.fill(readers, expected);
      assertEquals(
          String.join(",", readers), out.trim(), "every thread's reader, and its round trip ok");
    }
  }

  /**
   * The child: THREADS threads released together, each parsing and writing a message of its own.
   */
  public static void main(String[] args) throws Exception {
    CyclicBarrier start = new CyclicBarrier(THREADS);
    String[] seen = new String[THREADS];
    Thread[] threads = new Thread[THREADS];
    for (int t = 0; t < THREADS; t++) {
      int id = t;
      threads[t] =
          new Thread(
              () -> {
                try {
                  start.await();
                  Node root = new Node().setName("thread " + id);
                  root.setNext().setName("é");
                  byte[] bytes = root.toByteArray();
                  Node back = new Node();
                  back.parseFrom(
                      io.netty.buffer.Unpooled.directBuffer().writeBytes(bytes), bytes.length);
                  boolean ok =
                      back.getName().equals("thread " + id) && back.getNext().getName().equals("é");
                  seen[id] = ok ? BufProtoRuntime.active().name() : "wrong result";
                } catch (Exception e) {
                  seen[id] = e.toString();
                }
              });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    System.out.println(String.join(",", seen));
  }
}
