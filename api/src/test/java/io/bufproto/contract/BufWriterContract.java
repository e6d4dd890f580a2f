package io.bufproto.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bufproto.api.spi.BufWriter;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * The contract of every {@link BufWriter}, as {@code ProtoWriter} calls it: after {@code
 * ensureWritable}, {@code setBytes(buf, index, src, length)} stores exactly {@code src[0, length)}
 * at {@code index}, nothing before or after it, and leaves both indexes alone; for every length
 * around the implementations' size classes (under 8, 8 to 64, over 64), at unaligned indexes, in
 * every buffer kind a write meets. Each writer's test class only supplies the writer.
 */
public abstract class BufWriterContract {

  protected abstract BufWriter writer();

  private static final byte SENTINEL = 0x5a;

  /** Buffer kinds, each with {@code capacity} writable bytes filled with {@link #SENTINEL}. */
  private static List<IntFunction<ByteBuf>> kinds() {
    List<IntFunction<ByteBuf>> kinds = new ArrayList<>();
    kinds.add(c -> Unpooled.buffer(c));
    kinds.add(c -> Unpooled.directBuffer(c));
    kinds.add(c -> PooledByteBufAllocator.DEFAULT.heapBuffer(c));
    kinds.add(c -> PooledByteBufAllocator.DEFAULT.directBuffer(c));
    kinds.add(
        c -> {
          CompositeByteBuf composite = Unpooled.compositeBuffer();
          int cut = c / 3;
          composite.addComponent(false, Unpooled.directBuffer(cut, cut).writeZero(cut));
          composite.addComponent(false, Unpooled.buffer(c - cut, c - cut).writeZero(c - cut));
          return composite.capacity(c);
        });
    kinds.add(
        c -> {
          ByteBuf parent = PooledByteBufAllocator.DEFAULT.directBuffer(c + 32);
          parent.writerIndex(c + 32);
          ByteBuf slice = parent.retainedSlice(16, c).clear();
          parent.release();
          return slice;
        });
    kinds.add(c -> Unpooled.directBuffer(c).duplicate());
    return kinds;
  }

  @Test
  void storesExactlyTheBytesAtTheIndexAndNothingElse() {
    Random random = new Random(11);
    for (IntFunction<ByteBuf> kind : kinds()) {
      for (int length = 0; length <= 80; length++) {
        int index = random.nextInt(9);
        int capacity = index + length + random.nextInt(9);
        ByteBuf buf = kind.apply(capacity);
        try {
          buf.setBytes(0, filled(buf.capacity()));
          buf.writerIndex(index);
          buf.ensureWritable(length);
          byte[] src = new byte[length + random.nextInt(4)];
          random.nextBytes(src);
          writer().setBytes(buf, index, src, length);

          String where = buf.getClass().getSimpleName() + ", index " + index + ", length " + length;
          assertEquals(0, buf.readerIndex(), where + ": reader index");
          assertEquals(index, buf.writerIndex(), where + ": writer index");
          assertArrayEquals(
              Arrays.copyOf(src, length), ByteBufUtil.getBytes(buf, index, length), where);
          byte[] before = ByteBufUtil.getBytes(buf, 0, index);
          byte[] after = ByteBufUtil.getBytes(buf, index + length, buf.capacity() - index - length);
          assertArrayEquals(filled(index), before, where + ": bytes before");
          assertArrayEquals(filled(after.length), after, where + ": bytes after");
        } finally {
          buf.release();
        }
      }
    }
  }

  private static byte[] filled(int n) {
    byte[] b = new byte[n];
    Arrays.fill(b, SENTINEL);
    return b;
  }
}
