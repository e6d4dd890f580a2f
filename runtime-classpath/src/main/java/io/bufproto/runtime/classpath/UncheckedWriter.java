package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.BufProtoUncheckedAccess;
import io.netty.buffer.ByteBuf;

/**
 * The classpath writer: {@link BufProtoUncheckedAccess} stores through Netty's unchecked
 * {@code AbstractByteBuf._setXxxLE} (for pooled direct buffers with Netty's Unsafe: one store);
 * other buffer classes and composites take Netty's checked setters. Measured against the
 * little-endian NIO view it replaced: see {@code io.bufproto.api.ProtoWriter}.
 */
final class UncheckedWriter implements BufWriter {

  static final UncheckedWriter INSTANCE = new UncheckedWriter();

  private UncheckedWriter() {}

  @Override
  public void setByte(ByteBuf buf, int index, int value) {
    BufProtoUncheckedAccess.setByte(buf, index, value);
  }

  @Override
  public void setShortLE(ByteBuf buf, int index, int value) {
    BufProtoUncheckedAccess.setShortLE(buf, index, value);
  }

  @Override
  public void setIntLE(ByteBuf buf, int index, int value) {
    BufProtoUncheckedAccess.setIntLE(buf, index, value);
  }

  @Override
  public void setLongLE(ByteBuf buf, int index, long value) {
    BufProtoUncheckedAccess.setLongLE(buf, index, value);
  }
}
