package io.bufproto.runtime.classpath;

import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.BufProtoUncheckedAccess;
import io.netty.buffer.ByteBuf;

/**
 * The classpath writer: a composed message of 8 to {@value #SMALL} bytes goes into its buffer as
 * 8-byte stores through Netty's unchecked {@code AbstractByteBuf._setLongLE} (for pooled direct
 * buffers with Netty's Unsafe: one store each); others, composites and wrappers take Netty's bulk
 * {@code setBytes}. Why: that copy has a fixed cost of several stores, so small messages paid more
 * for it than for their fields (docs/design/writes.md, "Rejected").
 */
final class UncheckedWriter implements BufWriter {

  static final UncheckedWriter INSTANCE = new UncheckedWriter();

  static final int SMALL = 64;

  private UncheckedWriter() {}

  @Override
  public void setBytes(ByteBuf buf, int index, byte[] src, int length) {
    if (length < 8
        || length > SMALL
        || !BufProtoUncheckedAccess.setLongs(buf, index, src, length)) {
      buf.setBytes(index, src, 0, length);
    }
  }
}
