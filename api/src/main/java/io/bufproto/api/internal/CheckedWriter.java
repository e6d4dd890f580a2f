package io.bufproto.api.internal;

import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.ByteBuf;

/** The always-available writer: Netty's public, bounds-checked setters. */
public final class CheckedWriter implements BufWriter {

  public static final CheckedWriter INSTANCE = new CheckedWriter();

  private CheckedWriter() {}

  @Override
  public void setByte(ByteBuf buf, int index, int value) {
    buf.setByte(index, value);
  }

  @Override
  public void setShortLE(ByteBuf buf, int index, int value) {
    buf.setShortLE(index, value);
  }

  @Override
  public void setIntLE(ByteBuf buf, int index, int value) {
    buf.setIntLE(index, value);
  }

  @Override
  public void setLongLE(ByteBuf buf, int index, long value) {
    buf.setLongLE(index, value);
  }
}
