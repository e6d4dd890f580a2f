package io.bufproto.runtime.module;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.bufproto.contract.BufReaderContract;
import io.netty.buffer.ByteBuf;

/** The reader contract through the byte chain, for every buffer kind (views: ViewInputTest). */
class ByteChainReaderTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return ByteChainReader.INSTANCE;
  }

  @Override
  protected ProtoInput open(ByteBuf b) {
    return null;
  }
}
