package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.internal.ProtoCodec;
import io.bufproto.api.internal.Utf8;
import io.bufproto.api.spi.BufProtoRuntime;
import io.netty.buffer.ByteBuf;
import io.netty.util.ResourceLeakDetectorFactory;
import io.netty.util.Version;
import org.junit.jupiter.api.Test;

/**
 * Each run of the suite first says what it runs on, and fails if that is not what the build asked
 * for, so a misconfigured run cannot pass by testing the wrong thing.
 */
class ConfigurationTest {

  @Test
  void runsOnTheNettyVersionTheBuildAskedFor() {
    String expected = System.getProperty("bufproto.expectNetty");
    String actual = nettyBufferVersion();
    System.out.println(
        "BufProto suite: netty-buffer "
            + actual
            + ", runtime "
            + BufProtoRuntime.active().name()
            + ", JDK "
            + Runtime.version());
    if (expected != null) {
      assertEquals(expected, actual, "netty-buffer on the test classpath");
    }
  }

  @Test
  void runsOnTheRuntimeTheBuildAskedFor() {
    String expected = System.getProperty("bufproto.expectRuntime");
    if (expected != null) {
      assertEquals(expected, BufProtoRuntime.active().name(), "active runtime");
    }
  }

  /**
   * The run the build starts with {@code java.base/jdk.internal.access} exported must decode
   * strings into arrays they own (the suite then checks every string read on that path); every
   * other run, through the per-thread array.
   */
  @Test
  void decodesStringsAsTheBuildAskedFor() {
    boolean owned = Utf8.decodesIntoOwnedArrays();
    System.out.println(
        "BufProto suite: strings decoded " + (owned ? "into owned arrays" : "per-thread array"));
    assertEquals(Boolean.getBoolean("bufproto.expectOwnedStrings"), owned);
  }

  /**
   * Where the build installs {@link FailOnLeak} (every run), Netty's factory must really hand it
   * out: a class Netty cannot load or construct is only logged, and leaks would go back to being
   * log lines.
   */
  @Test
  void leakReportsFailTheRunWhereTheBuildAskedForIt() {
    String detector = System.getProperty("io.netty.customResourceLeakDetector");
    System.out.println(
        "BufProto suite: leak detector " + (detector == null ? "Netty's default" : detector));
    if (detector != null) {
      assertEquals(FailOnLeak.class.getName(), detector);
      assertTrue(
          ResourceLeakDetectorFactory.instance().newResourceLeakDetector(ByteBuf.class)
              instanceof FailOnLeak,
          "Netty's leak detector factory hands out FailOnLeak");
    }
  }

  /**
   * On the module path, everything the suite exercises must come from a named module of the boot
   * layer: the test schemas (io.bufproto.tests), the API, the module runtime (the active runtime)
   * and Netty; on the classpath, none of ours may be named.
   */
  @Test
  void runsOnTheModulePathOrTheClasspathAsTheBuildAskedFor() {
    boolean modulePath = Boolean.getBoolean("bufproto.expectModulePath");
    Module api = ProtoCodec.class.getModule();
    System.out.println(
        "BufProto suite: "
            + (api.isNamed() ? "module path" : "classpath")
            + ", tests in "
            + describe(getClass().getModule())
            + ", API in "
            + describe(api)
            + ", Netty in "
            + describe(ByteBuf.class.getModule()));
    assertEquals(modulePath, api.isNamed(), "io.bufproto.api is a named module");
    assertEquals(
        modulePath, getClass().getModule().isNamed(), "the test classes are in a named module");
    if (modulePath) {
      assertEquals("io.bufproto.tests", getClass().getModule().getName());
      assertEquals("io.netty.buffer", ByteBuf.class.getModule().getName());
      ModuleLayer boot = ModuleLayer.boot();
      assertEquals(api, boot.findModule("io.bufproto.api").orElseThrow());
      assertTrue(
          boot.findModule("io.bufproto.runtime.module").isPresent(),
          "io.bufproto.runtime.module resolved by service binding");
      // The API's surface: the user package, the schemas, the text and JSON formats, the class
      // generated messages extend and the package for generated code, the runtime SPI.
      assertEquals(
          java.util.Set.of(
              "io.bufproto.api",
              "io.bufproto.api.schema",
              "io.bufproto.api.format",
              "io.bufproto.api.message",
              "io.bufproto.api.internal",
              "io.bufproto.api.spi"),
          api.getDescriptor().exports().stream()
              .map(e -> e.isQualified() ? e.source() + " to " + e.targets() : e.source())
              .collect(java.util.stream.Collectors.toSet()));
    }
  }

  private static String describe(Module m) {
    return m.isNamed() ? m.getName() : "the unnamed module";
  }

  private static String nettyBufferVersion() {
    Version v = Version.identify(ByteBuf.class.getClassLoader()).get("netty-buffer");
    return v == null ? "unknown" : v.artifactVersion();
  }
}
