package io.bufproto.runtime.module;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.bufproto.contract.BufReaderContract;
import io.netty.buffer.ByteBuf;

/**
 * The reader contract through the views, as {@link ByteChainReader#open} opens them once they are
 * on: the array cursor for every buffer with an array, the region cursor for every direct buffer it
 * covers; the others (composites, derived direct buffers) take the byte chain.
 */
class ViewInputTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return ByteChainReader.INSTANCE;
  }

  @Override
  protected ProtoInput open(ByteBuf b) {
    if (b.hasArray()) {
      return ArrayInput.open(b, null);
    }
    return RegionInput.covers(b) ? RegionInput.open(b, null) : null;
  }
}
