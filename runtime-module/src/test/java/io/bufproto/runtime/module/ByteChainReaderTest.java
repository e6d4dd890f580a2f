package io.bufproto.runtime.module;

import io.bufproto.api.spi.BufReader;
import io.bufproto.contract.BufReaderContract;

class ByteChainReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return ByteChainReader.INSTANCE;
  }
}
