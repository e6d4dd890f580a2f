package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bufproto.api.ProtoCodec;
import io.netty.buffer.ByteBuf;
import io.netty.util.Version;
import org.junit.jupiter.api.Test;

/**
 * Each run of the suite first says what it runs on, and fails if that is not what the build
 * asked for, so a misconfigured run cannot pass by testing the wrong thing.
 */
class ConfigurationTest {

  @Test
  void runsOnTheNettyVersionTheBuildAskedFor() {
    String expected = System.getProperty("bufproto.expectNetty");
    String actual = nettyBufferVersion();
    System.out.println("BufProto suite: netty-buffer " + actual + ", reader " + ProtoCodec.readerName()
        + ", JDK " + Runtime.version());
    if (expected != null) {
      assertEquals(expected, actual, "netty-buffer on the test classpath");
    }
  }

  @Test
  void runsOnTheReaderTheBuildAskedFor() {
    String expected = System.getProperty("bufproto.expectReader");
    if (expected != null) {
      assertEquals(expected, ProtoCodec.readerName(), "active reader");
    }
  }

  private static String nettyBufferVersion() {
    Version v = Version.identify(ByteBuf.class.getClassLoader()).get("netty-buffer");
    return v == null ? "unknown" : v.artifactVersion();
  }
}
