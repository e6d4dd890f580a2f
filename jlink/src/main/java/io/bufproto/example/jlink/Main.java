package io.bufproto.example.jlink;

import io.bufproto.api.spi.BufProtoRuntime;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Arrays;

/**
 * Writes a message into a pooled direct buffer, parses it back and says which runtime did it. Exits
 * with status 1 if the round trip changed anything. Printed lines are checked by JlinkImageIT; keep
 * their prefixes.
 */
public final class Main {

  private Main() {}

  public static void main(String[] args) {
    Greeting sent = new Greeting().setText("grüße from a jlink image").setSequenceId(-1L);
    for (long v = 1; v != 0; v <<= 7) {
      sent.addValue(v);
    }
    sent.putProperties("module", Main.class.getModule().getName());

    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
    try {
      int size = sent.writeTo(buf);
      Greeting received = new Greeting();
      received.parseFrom(buf, buf.readableBytes());
      boolean same =
          received.equals(sent) && Arrays.equals(received.toByteArray(), sent.toByteArray());

      System.out.println("runtime: " + BufProtoRuntime.active().name());
      System.out.println("runtime module: " + runtimeModule());
      System.out.println(
          "netty module: " + ByteBuf.class.getModule().getDescriptor().toNameAndVersion());
      System.out.println(
          "round trip: " + (same ? "ok" : "CHANGED") + " (" + size + " bytes, " + received + ")");
      if (!same) {
        System.exit(1);
      }
    } finally {
      buf.release();
    }
  }

  private static String runtimeModule() {
    return ModuleLayer.boot()
        .findModule("io.bufproto.runtime.module")
        .map(Module::getName)
        .orElse("none");
  }
}
