package io.bufproto.api.spi;

import io.bufproto.contract.BufWriterContract;

class CheckedWriterTest extends BufWriterContract {
  @Override
  protected BufWriter writer() {
    return BufWriter.checked();
  }
}
