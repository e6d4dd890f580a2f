package io.bufproto.api.spi;

import io.bufproto.api.internal.CheckedReader;
import io.bufproto.readercontract.BufReaderContract;

class CheckedReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return CheckedReader.INSTANCE;
  }
}
