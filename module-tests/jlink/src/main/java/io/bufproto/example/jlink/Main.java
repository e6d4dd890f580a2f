package io.bufproto.example.jlink;

import io.bufproto.api.internal.VirtualThreads;
import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.netty.Framing;
import io.bufproto.netty.ProtoFrameDecoder;
import io.bufproto.netty.ProtoFrameEncoder;
import io.bufproto.netty.ProtoMessageHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Writes a message into a pooled direct buffer and parses it back, then sends it through a Netty
 * pipeline of BufProto's handlers, and says which runtime did it. Exits with status 1 if either
 * round trip changed anything. Printed lines are checked by JlinkImageIT; keep their prefixes.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    Greeting sent = new Greeting().setText("grüße from a jlink image").setSequenceId(-1L);
    for (long v = 1; v != 0; v <<= 7) {
      sent.addValue(v);
    }
    sent.putProperties("module", Main.class.getModule().getName());

    boolean same = bufferRoundTrip(sent, true);
    boolean framed = pipelineRoundTrip(sent);
    boolean virtual = virtualThreadRoundTrip();
    System.out.println("runtime: " + BufProtoRuntime.active().name());
    System.out.println("runtime module: " + runtimeModule());
    System.out.println(
        "netty module: " + ByteBuf.class.getModule().getDescriptor().toNameAndVersion());
    System.out.println("handlers module: " + ProtoFrameDecoder.class.getModule().getName());
    if (!same || !framed || !virtual) {
      System.exit(1);
    }
  }

  private static boolean bufferRoundTrip(Greeting sent, boolean print) {
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
    try {
      int size = sent.writeTo(buf);
      Greeting received = new Greeting();
      received.parseFrom(buf, buf.readableBytes());
      boolean same =
          received.equals(sent) && Arrays.equals(received.toByteArray(), sent.toByteArray());
      if (print) {
        System.out.println(
            "round trip: " + (same ? "ok" : "CHANGED") + " (" + size + " bytes, " + received + ")");
      }
      return same;
    } finally {
      buf.release();
    }
  }

  /** Encoder, frame decoder and message handler in one pipeline; each frame goes out and back. */
  private static boolean pipelineRoundTrip(Greeting sent) {
    List<Greeting> received = new ArrayList<>();
    EmbeddedChannel channel =
        new EmbeddedChannel(
            new ProtoFrameEncoder(Framing.VARINT32),
            new ProtoFrameDecoder(Framing.VARINT32, 1 << 20),
            new ProtoMessageHandler<>(new Greeting()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, Greeting message) {
                received.add(new Greeting().copyFrom(message)); // valid only during the call
              }
            });
    channel.writeOutbound(sent, sent);
    for (Object frame; (frame = channel.readOutbound()) != null; ) {
      channel.writeInbound(frame);
    }
    channel.finishAndReleaseAll();
    boolean same = received.size() == 2 && received.stream().allMatch(sent::equals);
    System.out.println(
        "pipeline: " + (same ? "ok" : "CHANGED") + " (" + received.size() + " frames decoded)");
    return same;
  }

  /**
   * On JDK 21 and later, a message larger than a chunk (64 KiB) written into a direct buffer and
   * parsed back on a virtual thread, and which class of the api jar's JDK 21 layer the image holds:
   * the one that tells virtual threads apart ("shared on virtual threads") or the JDK 17 one.
   */
  private static boolean virtualThreadRoundTrip() {
    System.out.println(
        "caches: " + (VirtualThreads.detected() ? "shared on virtual threads" : "per thread"));
    if (Runtime.version().feature() < 21) {
      return true;
    }
    Greeting big = new Greeting().setText("large");
    for (int i = 0; i < 5000; i++) {
      big.putProperties("key-" + i, "välue-" + i);
    }
    boolean[] same = new boolean[1];
    try {
      // Compiled for JDK 17: the JDK 21 method is looked up.
      Thread t =
          (Thread)
              Thread.class
                  .getMethod("startVirtualThread", Runnable.class)
                  .invoke(null, (Runnable) () -> same[0] = bufferRoundTrip(big, false));
      t.join();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
    System.out.println("virtual thread: " + (same[0] ? "ok" : "CHANGED"));
    return same[0];
  }

  private static String runtimeModule() {
    return ModuleLayer.boot()
        .findModule("io.bufproto.runtime.module")
        .map(Module::getName)
        .orElse("none");
  }
}
