package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.util.ResourceLeakDetector;
import io.netty.util.ResourceLeakDetectorFactory;
import io.netty.util.Version;
import org.junit.jupiter.api.Test;

/**
 * Each run says what it runs on and fails if that is not what the build asked for: the Netty line
 * of every Netty jar on the classpath, and the leak detector that makes leaks fail the tests.
 */
class ConfigurationTest {

  @Test
  void runsOnTheNettyVersionTheBuildAskedFor() {
    String expected = System.getProperty("bufproto.expectNetty");
    var versions = Version.identify();
    System.out.println("bufproto-netty tests: Netty " + versions.keySet() + " at " + expected);
    for (String artifact :
        new String[] {"netty-buffer", "netty-common", "netty-transport", "netty-codec"}) {
      Version v = versions.get(artifact);
      if (v == null && artifact.equals("netty-codec")) {
        v = versions.get("netty-codec-base"); // Netty 4.2 moved the codec classes there
      }
      assertTrue(v != null, artifact + " not found in " + versions.keySet());
      if (expected != null) {
        assertEquals(expected, v.artifactVersion(), artifact);
      }
    }
  }

  @Test
  void leakReportsAreRecordedAtTheParanoidLevel() {
    assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel());
    assertTrue(
        ResourceLeakDetectorFactory.instance().newResourceLeakDetector(ByteBuf.class)
            instanceof LeakRecorder,
        "Netty's leak detector factory hands out LeakRecorder");
  }
}
