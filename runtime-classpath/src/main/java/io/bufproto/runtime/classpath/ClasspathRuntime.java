package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The {@code classpath} runtime ({@code bufproto-runtime-classpath}): the unchecked reader and
 * writer, when this jar sits on the classpath beside Netty.
 *
 * <p>{@link #isUsable()} calls the {@code io.netty.buffer} helper once: if Netty is a named module
 * (the helper's package then belongs to it) or lives in another class loader, that call throws a
 * {@link LinkageError} and selection falls back to another runtime instead of failing later.
 */
public final class ClasspathRuntime implements BufProtoRuntime {

  @Override
  public String name() {
    return "classpath";
  }

  @Override
  public int priority() {
    return 20;
  }

  @Override
  public boolean isUsable() {
    try {
      ByteBuf b =
          Unpooled.buffer(16).writeBytes(new byte[] {(byte) 0xac, 0x02, 0, 0, 0, 0, 0, 0, 0, 0});
      if (UncheckedReader.INSTANCE.readVarint64(b) != 300 || b.readerIndex() != 2) {
        return false;
      }
      byte[] ten = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
      UncheckedWriter.INSTANCE.setBytes(b, 0, ten, ten.length);
      return b.getLongLE(0) == 0x0807060504030201L && b.getShortLE(8) == 0x0a09;
    } catch (LinkageError | RuntimeException e) {
      return false;
    }
  }

  @Override
  public BufReader reader() {
    return UncheckedReader.INSTANCE;
  }

  @Override
  public BufWriter writer() {
    return UncheckedWriter.INSTANCE;
  }
}
