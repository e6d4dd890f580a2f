package io.bufproto.api.impl;

import io.bufproto.api.spi.BufWriter;
import io.bufproto.contract.BufWriterContract;

class CheckedWriterTest extends BufWriterContract {
  @Override
  protected BufWriter writer() {
    return CheckedWriter.INSTANCE;
  }
}
