package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * What a message may share between threads ({@link ProtoMessage}, "Threads"): a message that no
 * thread changes is read by several threads at once, its lazy fields decoded by whichever thread
 * gets there first (each sees the value); and messages of their own, parsing their own {@code
 * duplicate()} of shared source buffers and writing into their own targets, give every thread the
 * single-threaded bytes. The threads start each step together (a barrier), so that the first
 * decodes and size passes race.
 */
class ConcurrencyTest {

  private static final int THREADS = 4;
  private static final int ROUNDS = 30;

  /**
   * Runs {@code task(thread)} on {@link #THREADS} new threads, started together; waits for all of
   * them, then rethrows the first failure.
   */
  private static void onAllThreads(ThreadTask task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CyclicBarrier together = new CyclicBarrier(THREADS);
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  together.await(10, TimeUnit.SECONDS);
                  task.run(thread);
                  return null;
                }));
      }
      for (Future<?> f : done) {
        try {
          f.get(60, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
          throw new AssertionError(e.getCause().getMessage(), e.getCause());
        }
      }
    } finally {
      pool.shutdownNow();
      pool.awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  interface ThreadTask {
    void run(int thread) throws Exception;
  }

  @Test
  void anUnchangedMessageIsReadByManyThreadsAtOnce() throws Exception {
    for (Case type : Case.ALL) {
      for (int round = 0; round < 3; round++) {
        Message pj =
            new RandomMessages(round * 31L + type.name().hashCode(), 4, true)
                .next(type.prototype());
        byte[] expected = pj.toByteArray();
        ProtoMessage<?> reference = type.ours().get();
        reference.parseFrom(expected);
        String text = reference.toString();
        int hash = reference.hashCode();
        // Parsed from a direct buffer: its strings and bytes are lazy, decoded by the threads
        // below.
        ByteBuf source = Unpooled.directBuffer(expected.length).writeBytes(expected);
        try {
          ProtoMessage<?> shared = type.ours().get();
          shared.parseFrom(source, expected.length);
          onAllThreads(
              thread -> {
                String what = type.name() + " thread " + thread;
                assertEquals(text, shared.toString(), what);
                assertEquals(hash, shared.hashCode(), what);
                assertEquals(reference, shared, what);
                assertEquals(expected.length, shared.getSerializedSize(), what);
                assertArrayEquals(expected, shared.toByteArray(), what);
                ByteBuf heap = Unpooled.buffer(expected.length);
                shared.writeTo(heap);
                assertArrayEquals(
                    expected, ByteBufUtil.getBytes(heap), what + ", writeTo a heap buffer");
              });
        } finally {
          source.release();
        }
      }
    }
  }

  @Test
  void messagesOfTheirOwnParseSharedSourcesThroughDuplicates() throws Exception {
    List<Case> types = Case.ALL;
    List<byte[]> expected = new ArrayList<>();
    for (Case type : types) {
      expected.add(
          new RandomMessages(type.name().hashCode(), 5, true).next(type.prototype()).toByteArray());
    }
    // One source per buffer kind holding every message back to back, shared by the threads.
    List<ByteBuf> sources = new ArrayList<>();
    for (BufKind kind :
        new BufKind[] {BufKind.POOLED_DIRECT, BufKind.POOLED_HEAP, BufKind.COMPOSITE}) {
      java.io.ByteArrayOutputStream all = new java.io.ByteArrayOutputStream();
      for (byte[] e : expected) {
        all.writeBytes(e);
      }
      sources.add(kind.source(all.toByteArray()));
    }
    try {
      onAllThreads(
          thread -> {
            List<ProtoMessage<?>> mine = new ArrayList<>();
            for (Case type : types) {
              mine.add(type.ours().get());
            }
            for (int round = 0; round < ROUNDS; round++) {
              ByteBuf in = sources.get((thread + round) % sources.size()).duplicate();
              @SuppressWarnings("EnumOrdinal") // each thread and round another kind
              ByteBuf out = BufKind.values()[(thread + round) % 5].target(64);
              try {
                for (int i = 0; i < types.size(); i++) {
                  ProtoMessage<?> m = mine.get(i);
                  m.parseFrom(in, expected.get(i).length);
                  int at = out.writerIndex();
                  m.writeTo(out);
                  assertArrayEquals(
                      expected.get(i),
                      ByteBufUtil.getBytes(out, at, out.writerIndex() - at),
                      () -> types.get(mine.indexOf(m)).name() + " thread " + thread);
                }
              } finally {
                out.release();
              }
            }
          });
    } finally {
      sources.forEach(ByteBuf::release);
    }
  }
}
