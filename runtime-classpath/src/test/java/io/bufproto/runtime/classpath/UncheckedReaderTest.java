package io.bufproto.runtime.classpath;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.spi.BufReader;
import io.bufproto.contract.BufReaderContract;
import org.junit.jupiter.api.Test;

class UncheckedReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return UncheckedReader.INSTANCE;
  }

  @Test
  void theProviderIsUsableOnTheClasspath() {
    assertTrue(new ClasspathRuntime().isUsable());
  }
}
