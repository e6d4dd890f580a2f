package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufWriter;
import io.bufproto.contract.BufWriterContract;

class UncheckedWriterTest extends BufWriterContract {
  @Override
  protected BufWriter writer() {
    return UncheckedWriter.INSTANCE;
  }
}
