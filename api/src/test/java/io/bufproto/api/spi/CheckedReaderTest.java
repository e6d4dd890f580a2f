package io.bufproto.api.spi;

import io.bufproto.contract.BufReaderContract;

class CheckedReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return CheckedReader.INSTANCE;
  }
}
