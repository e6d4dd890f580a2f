package io.bufproto.api.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ReadersTest {

  @AfterEach
  void reset() {
    System.clearProperty(Readers.FORCE_PROPERTY);
  }

  @Test
  void withoutProvidersTheCheckedReaderIsChosen() {
    assertEquals("checked", Readers.select().name());
  }

  @Test
  void forcingAnAbsentReaderFailsClearlyInsteadOfFallingBack() {
    System.setProperty(Readers.FORCE_PROPERTY, "unchecked");
    IllegalStateException e = assertThrows(IllegalStateException.class, Readers::select);
    assertTrue(e.getMessage().contains("-Dbufproto.reader=unchecked names no usable BufProto reader"), e.getMessage());
    assertTrue(e.getMessage().contains("found: checked"), e.getMessage());
  }

  @Test
  void forcingTheCheckedReaderWorks() {
    System.setProperty(Readers.FORCE_PROPERTY, "checked");
    assertEquals("checked", Readers.select().name());
  }
}
