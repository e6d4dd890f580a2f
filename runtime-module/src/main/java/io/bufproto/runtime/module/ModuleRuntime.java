package io.bufproto.runtime.module;

import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.api.spi.BufReader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The {@code module} runtime ({@code bufproto-runtime-module}, module {@code
 * io.bufproto.runtime.module}): {@link ByteChainReader} and the checked writer, Netty's public API
 * only, usable everywhere.
 */
public final class ModuleRuntime implements BufProtoRuntime {

  @Override
  public String name() {
    return "module";
  }

  /** Above the checked runtime; below the classpath runtime and its unchecked access. */
  @Override
  public int priority() {
    return 10;
  }

  /** Decodes a known value once, so a broken installation falls back instead of failing later. */
  @Override
  public boolean isUsable() {
    try {
      ByteBuf b = Unpooled.wrappedBuffer(new byte[] {(byte) 0x96, 0x01, 0, 0, 0, 0, 0, 0, 0});
      ByteBuf parsed = ByteChainReader.INSTANCE.unwrap(b);
      return ByteChainReader.INSTANCE.readVarint64(parsed) == 150 && b.readerIndex() == 2;
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  @Override
  public BufReader reader() {
    return ByteChainReader.INSTANCE;
  }
}
