package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.spi.BufProtoRuntime;
import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.util.Version;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.lang.ref.WeakReference;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A soak of {@code bufproto-netty}'s handlers on loopback: many connections, each with its own
 * {@link SoakPlan} (a server mode and a fault), from protobuf-java clients through a {@link
 * FaultProxy} to {@link SoakServer}s that echo every frame. It holds that every echo is the frame
 * sent at its place (byte for byte, and as protobuf-java reads it), that a reset or an oversize
 * frame only ends a connection early, never delivers a wrong frame, that no connection is left open
 * past its timeout, that no buffer leaks (PARANOID, {@link LeakRecorder}) or stays allocated (the
 * pool's active allocations back to zero), and that the server channels and their messages are
 * collectable once closed.
 *
 * <p>The normal build runs the short soak; {@code -Dbufproto.soak=long} runs the long one (docs/
 * testing.md has its figures and command).
 */
class SoakTest {

  /** How much a soak runs: connections in all, at once, the most frames one sends. */
  private record Size(int connections, int concurrent, int maxFrames, int timeoutSeconds) {}

  private static final Size SHORT = new Size(150, 24, 100, 60);
  private static final Size LONG = new Size(5000, 64, 1000, 300);

  @Test
  void everyEchoIsTheFrameSentAndNothingIsLeftBehind() throws Exception {
    Size size = "long".equals(System.getProperty("bufproto.soak")) ? LONG : SHORT;
    long seed = Long.getLong("bufproto.soak.seed", 20261207L);
    // No thread caches: active allocations are then exactly the buffers not yet released.
    PooledByteBufAllocator alloc = new PooledByteBufAllocator(true, 2, 2, 8192, 9, 0, 0, false);
    long heapBefore = heapAfterGc();
    Run run = run(size, seed, alloc);
    Tally tally = run.tally();
    SoakServer server = run.server();
    FaultProxy proxy = run.proxy();
    long seconds = run.seconds();

    tally.failures.addAll(server.failures);
    List<String> failures = List.copyOf(tally.failures);
    assertTrue(
        failures.isEmpty(),
        failures.size()
            + " failures; the first: "
            + failures.subList(0, Math.min(10, failures.size())));
    assertEquals(0, activeAllocations(alloc), "pooled buffers still allocated");
    LeakRecorder.assertNoLeaks();
    assertEquals(
        List.of(), uncollected(server.collectable), "server channels or messages still reachable");
    assertEquals(tally.oversize.get(), server.tooLong.get(), "oversize frames announced and seen");
    assertEquals(tally.resets.get(), proxy.resetsInjected.get(), "resets planned and injected");
    long heapAfter = heapAfterGc();
    System.out.printf(
        "SoakTest (%s runtime, Netty %s, seed %d): %d connections (%d at once) in %d s: %d frames"
            + " sent, %d echoes checked through protobuf-java, %d frames lost to %d resets and %d"
            + " oversize closes; faults: %d resets, %d oversize frames, %d delays, %d single-byte"
            + " writes, %d times unwritable; 0 wrong, 0 leaks, 0 pooled buffers left (pool %d KiB);"
            + " heap after GC %d -> %d KiB%n",
        BufProtoRuntime.active().name(),
        Version.identify().get("netty-buffer").artifactVersion(),
        seed,
        size.connections(),
        size.concurrent(),
        seconds,
        tally.frames.get(),
        tally.echoes.get(),
        tally.lost.get(),
        tally.resets.get(),
        tally.oversizeCloses.get(),
        proxy.resetsInjected.get(),
        server.tooLong.get(),
        proxy.delaysInjected.get(),
        proxy.singleByteWrites.get(),
        server.unwritable.get(),
        alloc.metric().usedDirectMemory() / 1024,
        heapBefore / 1024,
        heapAfter / 1024);
  }

  /**
   * What a soak leaves to check. Nothing here reaches the event loops: a terminated Netty loop
   * still holds the selection keys of its last {@code selectNow} (its shutdown selects once more
   * and never processes them), and through them the channels that were ready then, so the loops
   * must be unreachable before the test asks what is collectable.
   */
  private record Run(Tally tally, SoakServer server, FaultProxy proxy, long seconds) {}

  /** Runs the soak's connections, closes everything and shuts the loops down. */
  @SuppressWarnings("FutureReturnValueIgnored") // each connection's outcome goes to the tally
  private static Run run(Size size, long seed, PooledByteBufAllocator alloc) throws Exception {
    // The loops' threads are kept, to join them: the group's termination future completes before
    // its threads have exited.
    Queue<Thread> loopThreads = new ConcurrentLinkedQueue<>();
    @SuppressWarnings("deprecation") // NioEventLoopGroup: the form both Netty 4.1 and 4.2 have
    EventLoopGroup group =
        new NioEventLoopGroup(
            2,
            new DefaultThreadFactory("soak") {
              @Override
              protected Thread newThread(Runnable r, String name) {
                Thread t = super.newThread(r, name);
                loopThreads.add(t);
                return t;
              }
            });
    ChannelGroup accepted = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);
    Map<Integer, SoakPlan> plans = new ConcurrentHashMap<>();
    long startNanos = System.nanoTime();

    SoakServer server = new SoakServer(group, alloc, accepted);
    FaultProxy proxy = new FaultProxy(group, alloc, plans::get, server, accepted);
    Tally tally = new Tally();
    Semaphore running = new Semaphore(size.concurrent());
    SoakPlan.Generator generator = new SoakPlan.Generator(seed);
    for (int id = 0; id < size.connections(); id++) {
      running.acquire();
      SoakPlan plan = generator.next(id, size.maxFrames());
      plans.put(id, plan);
      tally.planned(plan);
      SoakClient.start(group, alloc, proxy.address(), plan)
          .orTimeout(size.timeoutSeconds(), TimeUnit.SECONDS)
          .whenComplete(
              (outcome, e) -> {
                tally.add(plan, outcome, e);
                plans.remove(plan.id());
                running.release();
              });
    }
    assertTrue(
        running.tryAcquire(size.concurrent(), size.timeoutSeconds() + 10, TimeUnit.SECONDS),
        "connections still running");
    // Every server and proxy channel closes once its client has: none may stay open.
    for (Channel ch : List.copyOf(accepted)) {
      if (!ch.closeFuture().await(size.timeoutSeconds(), TimeUnit.SECONDS)) {
        tally.failures.add("still open after its client closed: " + ch);
      }
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - startNanos);
    proxy.close();
    server.close();
    group.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    for (Thread t : loopThreads) {
      t.join(TimeUnit.SECONDS.toMillis(size.timeoutSeconds()));
      assertFalse(t.isAlive(), "event loop thread still running: " + t);
    }
    assertTrue(
        GlobalEventExecutor.INSTANCE.awaitInactivity(size.timeoutSeconds(), TimeUnit.SECONDS),
        "GlobalEventExecutor still running");
    return new Run(tally, server, proxy, seconds);
  }

  /** What the connections did, summed as they end (nothing is kept per connection). */
  private static final class Tally {
    final Queue<String> failures = new ConcurrentLinkedQueue<>();
    final AtomicLong frames = new AtomicLong();
    final AtomicLong echoes = new AtomicLong();
    final AtomicLong lost = new AtomicLong();
    final AtomicLong resets = new AtomicLong();
    final AtomicLong oversize = new AtomicLong();
    final AtomicLong oversizeCloses = new AtomicLong();

    void planned(SoakPlan plan) {
      frames.addAndGet(plan.bodies().size());
      if (plan.fault() == SoakPlan.Fault.RESET) {
        resets.incrementAndGet();
      } else if (plan.fault() == SoakPlan.Fault.OVERSIZE) {
        oversize.incrementAndGet();
        if (plan.endsEarly()) {
          oversizeCloses.incrementAndGet();
        }
      }
    }

    void add(SoakPlan plan, SoakClient.Outcome o, Throwable e) {
      if (e instanceof TimeoutException) {
        failures.add(plan + ": hung (no close within its timeout)");
        return;
      }
      if (e != null) {
        failures.add(plan + ": " + e);
        return;
      }
      echoes.addAndGet(o.received());
      lost.addAndGet(plan.bodies().size() - o.received());
      o.wrong().stream().limit(3).forEach(w -> failures.add(plan + ": " + w));
      if (o.error() != null
          && !(plan.fault() == SoakPlan.Fault.RESET && SoakClient.isReset(o.error()))) {
        failures.add(plan + ": the client's channel failed: " + o.error());
      }
      if (!plan.endsEarly() && o.received() != plan.bodies().size()) {
        failures.add(
            plan
                + ": "
                + o.received()
                + " echoes of "
                + plan.bodies().size()
                + " frames, closed"
                + (o.closedByPeer() ? " by the other side" : ""));
      }
    }
  }

  private static long activeAllocations(PooledByteBufAllocator alloc) {
    long n = 0;
    for (PoolArenaMetric a : alloc.metric().directArenas()) {
      n += a.numActiveAllocations();
    }
    for (PoolArenaMetric a : alloc.metric().heapArenas()) {
      n += a.numActiveAllocations();
    }
    return n;
  }

  /** What of {@code refs} is still reachable after a few collections, by class name. */
  private static List<String> uncollected(Queue<WeakReference<Object>> refs) {
    for (int round = 0; round < 10; round++) {
      System.gc();
      if (refs.stream().allMatch(r -> r.get() == null)) {
        return List.of();
      }
    }
    return refs.stream()
        .map(WeakReference::get)
        .filter(o -> o != null)
        .map(o -> o.getClass().getName())
        .toList();
  }

  private static long heapAfterGc() {
    System.gc();
    Runtime r = Runtime.getRuntime();
    return r.totalMemory() - r.freeMemory();
  }
}
