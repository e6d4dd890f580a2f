package io.bufproto.runtime;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.BufReaderProvider;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** Provides {@link WideLoadReader} as {@code module}: public API only, usable everywhere. */
public final class WideLoadReaderProvider implements BufReaderProvider {

  @Override
  public String name() {
    return "module";
  }

  /** Above the checked reader; below a classpath reader with unchecked access. */
  @Override
  public int priority() {
    return 10;
  }

  /** Decodes a known value once, so a broken installation falls back instead of failing later. */
  @Override
  public boolean isUsable() {
    try {
      ByteBuf b = Unpooled.wrappedBuffer(new byte[] {(byte) 0x96, 0x01, 0, 0, 0, 0, 0, 0, 0});
      return WideLoadReader.INSTANCE.readVarint64(b) == 150 && b.readerIndex() == 2;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  @Override
  public BufReader reader() {
    return WideLoadReader.INSTANCE;
  }
}
