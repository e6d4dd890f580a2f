package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.bufproto.api.message.GeneratedMessage;
import io.bufproto.tests.p3.Node;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.lang.reflect.Field;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A message whose content no longer matches the size it announced (changed by another thread while
 * being written, or a wrong size computation) fails its write with an exception and leaves the
 * target as it was: no byte stored at or after the writer index, the index unmoved. Direct targets
 * are composed in the message's scratch array, up to that array's end; heap targets in place, only
 * within the announced size. The mismatch is made here by lowering the cached size by reflection,
 * which is what a concurrent change looks like to {@code writeTo}.
 */
class SizeMismatchTest {

  private static final byte SENTINEL = (byte) 0xA5;

  private static Node withStaleSize(int less) throws ReflectiveOperationException {
    Node n = new Node();
    n.setName("a name long enough to matter").setNext().setName("child");
    n.writeTo(Unpooled.buffer()); // caches the size and marks the write checked
    // Declared in the package-private class GeneratedMessage extends.
    Field size = GeneratedMessage.class.getSuperclass().getDeclaredField("_cachedSize");
    size.setAccessible(true);
    size.setInt(n, n.getSerializedSize() - less);
    return n;
  }

  private static List<ByteBuf> targets() {
    ByteBuf parent = Unpooled.buffer(256).writeZero(256);
    return List.of(
        Unpooled.directBuffer(256),
        PooledByteBufAllocator.DEFAULT.directBuffer(256),
        Unpooled.buffer(256),
        PooledByteBufAllocator.DEFAULT.heapBuffer(256),
        parent.slice(10, 200).writerIndex(0));
  }

  @Test
  void aStaleSizeFailsTheWriteAndStoresNothing() throws ReflectiveOperationException {
    for (int less : new int[] {1, 3, 20}) {
      for (ByteBuf target : targets()) {
        try {
          target.writeByte(1);
          for (int i = 1; i < target.capacity(); i++) {
            target.setByte(i, SENTINEL);
          }
          Node stale = withStaleSize(less);
          assertThrows(IllegalStateException.class, () -> stale.writeTo(target), target::toString);
          assertEquals(1, target.writerIndex(), target::toString);
          if (!target.hasArray()) {
            // Composed in the scratch array: nothing reached the target.
            for (int i = 1; i < target.capacity(); i++) {
              assertEquals(SENTINEL, target.getByte(i), "byte " + i + " of " + target);
            }
          } else {
            // Written in place, within the announced size only.
            int announced = stale.getSerializedSize();
            for (int i = 1 + announced; i < target.capacity(); i++) {
              assertEquals(SENTINEL, target.getByte(i), "byte " + i + " of " + target);
            }
          }
        } finally {
          target.release();
        }
      }
    }
  }
}
