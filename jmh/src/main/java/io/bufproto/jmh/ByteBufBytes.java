package io.bufproto.jmh;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

final class ByteBufBytes {
  private ByteBufBytes() {}

  static byte[] of(ByteBuf buf) {
    return ByteBufUtil.getBytes(buf, buf.readerIndex(), buf.readableBytes(), true);
  }
}
