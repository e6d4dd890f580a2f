package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The always-available writer: Netty's public, bounds-checked setters ({@link BufWriter#checked}).
 */
final class CheckedWriter implements BufWriter {

  static final CheckedWriter INSTANCE = new CheckedWriter();

  /** Up to this many bytes go as 8-byte stores; more through Netty's bulk copy. */
  private static final int SMALL = 64;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private CheckedWriter() {}

  /**
   * Small messages as 8-byte stores (the last one overlapping the one before), because Netty's bulk
   * {@code setBytes} has a fixed cost of several stores (docs/design/writes.md, "Rejected").
   */
  @Override
  public void setBytes(ByteBuf buf, int index, byte[] src, int length) {
    if (length < 8 || length > SMALL) {
      buf.setBytes(index, src, 0, length);
      return;
    }
    int last = length - 8;
    for (int i = 0; i < last; i += 8) {
      buf.setLongLE(index + i, (long) LONGS.get(src, i));
    }
    buf.setLongLE(index + last, (long) LONGS.get(src, last));
  }
}
