package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.bufproto.api.internal.VirtualThreads;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.buffer.UnpooledDirectByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The api jar's JDK 21 layer: on JDK 21 and later the JVM runs its versioned {@code
 * VirtualThreads}, which sends virtual threads to shared slots instead of per-thread caches; on JDK
 * 17, the base class. Then, on virtual threads, many at once, large writes into buffers without an
 * array (composed a chunk at a time) and strings decoded from direct memory (through a scratch)
 * give protobuf-java's bytes and values, also when more writes are in progress than there are
 * shared chunks. Runs on the classpath and, from module-path, on the module path; the jlink image's
 * Main checks the same in the image.
 */
class VirtualThreadsTest {

  @Test
  void theJvmRunsTheLayerOfItsRelease() {
    java.net.URL where = VirtualThreads.class.getProtectionDomain().getCodeSource().getLocation();
    assumeTrue(
        !where.getPath().endsWith("/"),
        () ->
            "the api's classes come from the directory "
                + where
                + ", where the JVM reads no layer (./mvnw test): verify tests them from the jar");
    assertEquals(
        Runtime.version().feature() >= 21,
        VirtualThreads.detected(),
        "the class of io.bufproto.api.internal.VirtualThreads loaded on JDK "
            + Runtime.version()
            + " from "
            + VirtualThreads.class.getProtectionDomain().getCodeSource());
  }

  @Test
  void virtualThreadsWriteAndReadAsProtobufJava() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
    PulsarApi.BaseCommand pj = topicList(3000, 42);
    byte[] expected = pj.toByteArray();
    assertTrue(expected.length > 2 * 64 * 1024, "larger than two chunks");
    List<Future<?>> done = new ArrayList<>();
    ExecutorService virtual = virtualThreadPerTask();
    try {
      for (int t = 0; t < 64; t++) {
        done.add(
            virtual.submit(
                () -> {
                  assertTrue(isVirtual(Thread.currentThread()));
                  BaseCommand cmd = new BaseCommand();
                  cmd.parseFrom(expected);
                  ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(expected.length);
                  try {
                    cmd.writeTo(out);
                    assertArrayEquals(expected, ByteBufUtil.getBytes(out));
                    BaseCommand back = new BaseCommand();
                    back.parseFrom(out, out.readableBytes());
                    List<String> topics = pj.getGetTopicsOfNamespaceResponse().getTopicsList();
                    for (int i = 0; i < topics.size(); i++) {
                      assertEquals(
                          topics.get(i), back.getGetTopicsOfNamespaceResponse().getTopicAt(i));
                    }
                  } finally {
                    out.release();
                  }
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get(1, TimeUnit.MINUTES);
      }
    } finally {
      virtual.shutdownNow();
    }
  }

  /**
   * A buffer whose first copy waits until every writer has begun its copy: the writers' virtual
   * threads leave their carriers there, so more writes are in progress than there are shared chunks
   * (one per carrier), and the later ones compose in chunks made for them.
   */
  @Test
  void moreWritesInProgressThanSharedChunks() throws Exception {
    assumeTrue(Runtime.version().feature() >= 21, "virtual threads need JDK 21");
    byte[] expected = topicList(3000, 7).toByteArray();
    int writers = 4 * Runtime.getRuntime().availableProcessors() + 3;
    CountDownLatch arrived = new CountDownLatch(writers);
    CountDownLatch go = new CountDownLatch(1);
    List<Future<byte[]>> done = new ArrayList<>();
    ExecutorService virtual = virtualThreadPerTask();
    try {
      for (int t = 0; t < writers; t++) {
        done.add(
            virtual.submit(
                () -> {
                  BaseCommand cmd = new BaseCommand();
                  cmd.parseFrom(expected);
                  ByteBuf out = new WaitingBuf(expected.length, arrived, go);
                  try {
                    cmd.writeTo(out);
                    return ByteBufUtil.getBytes(out);
                  } finally {
                    out.release();
                  }
                }));
      }
      assertTrue(arrived.await(1, TimeUnit.MINUTES), "every writer began its copy");
      go.countDown();
      for (Future<byte[]> f : done) {
        assertArrayEquals(expected, f.get(1, TimeUnit.MINUTES));
      }
    } finally {
      go.countDown();
      virtual.shutdownNow();
    }
  }

  /** A direct buffer whose first bulk copy counts down {@code arrived} and waits for {@code go}. */
  private static final class WaitingBuf extends UnpooledDirectByteBuf {
    private final CountDownLatch arrived;
    private final CountDownLatch go;
    private boolean waited;

    WaitingBuf(int capacity, CountDownLatch arrived, CountDownLatch go) {
      super(UnpooledByteBufAllocator.DEFAULT, capacity, capacity);
      this.arrived = arrived;
      this.go = go;
    }

    @Override
    public ByteBuf setBytes(int index, byte[] src, int srcIndex, int length) {
      if (!waited) {
        waited = true;
        arrived.countDown();
        try {
          go.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(e);
        }
      }
      return super.setBytes(index, src, srcIndex, length);
    }
  }

  private static ExecutorService virtualThreadPerTask() throws ReflectiveOperationException {
    // Compiled for JDK 17: the JDK 21 method is looked up.
    return (ExecutorService)
        Executors.class.getMethod("newVirtualThreadPerTaskExecutor").invoke(null);
  }

  private static boolean isVirtual(Thread t) throws ReflectiveOperationException {
    return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
  }

  /** A topic list as a broker sends it, one name in five with non-ASCII characters. */
  private static PulsarApi.BaseCommand topicList(int topics, long seed) {
    java.util.Random random = new java.util.Random(seed);
    PulsarApi.CommandGetTopicsOfNamespaceResponse.Builder list =
        PulsarApi.CommandGetTopicsOfNamespaceResponse.newBuilder().setRequestId(random.nextLong());
    for (int i = 0; i < topics; i++) {
      list.addTopics(
          "persistent://tenant-"
              + random.nextInt(100)
              + "/namespace/topic-"
              + i
              + (i % 5 == 0 ? "-é日本" : "-")
              + Long.toHexString(random.nextLong()));
    }
    return PulsarApi.BaseCommand.newBuilder()
        .setType(PulsarApi.BaseCommand.Type.GET_TOPICS_OF_NAMESPACE_RESPONSE)
        .setGetTopicsOfNamespaceResponse(list)
        .build();
  }
}
