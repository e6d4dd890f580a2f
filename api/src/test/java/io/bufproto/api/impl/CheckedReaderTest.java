package io.bufproto.api.impl;

import io.bufproto.api.spi.BufReader;
import io.bufproto.contract.BufReaderContract;

class CheckedReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return CheckedReader.INSTANCE;
  }
}
