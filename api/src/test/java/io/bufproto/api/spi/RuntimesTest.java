package io.bufproto.api.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RuntimesTest {

  @AfterEach
  void reset() {
    System.clearProperty(Runtimes.FORCE_PROPERTY);
  }

  @Test
  void withoutOtherRuntimesTheCheckedOneIsChosen() {
    assertEquals("checked", Runtimes.select().name());
  }

  @Test
  void forcingAnAbsentRuntimeFailsClearlyInsteadOfFallingBack() {
    System.setProperty(Runtimes.FORCE_PROPERTY, "classpath");
    IllegalStateException e = assertThrows(IllegalStateException.class, Runtimes::select);
    assertTrue(
        e.getMessage().contains("-Dbufproto.runtime=classpath names no usable BufProto runtime"),
        e.getMessage());
    assertTrue(e.getMessage().contains("found: checked"), e.getMessage());
  }

  @Test
  void forcingTheCheckedRuntimeWorks() {
    System.setProperty(Runtimes.FORCE_PROPERTY, "checked");
    assertEquals("checked", Runtimes.select().name());
  }
}
