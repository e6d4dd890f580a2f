package io.bufproto.runtime.module;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.bufproto.contract.BufReaderContract;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The reader contract through the views, as {@link ByteChainReader#open} opens them once they are
 * on: the array cursor for every buffer with an array, the region cursor for every direct buffer it
 * covers; the others (composites, derived direct buffers) take the byte chain.
 */
class ViewInputTest extends BufReaderContract {
  @Override
  protected BufReader reader() {
    return ByteChainReader.INSTANCE;
  }

  @Override
  protected ProtoInput open(ByteBuf b) {
    if (b.hasArray()) {
      return ArrayInput.open(b, null);
    }
    return RegionInput.covers(b) ? RegionInput.open(b, null) : null;
  }

  /**
   * Netty shares a direct buffer's region object and moves its limit in other calls on the buffer:
   * a region cursor still reads every value, where a read against the moved limit would throw.
   */
  @Test
  void regionReadsSurviveNettyMovingItsSharedRegion() {
    byte[] data = new byte[64];
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (i % 2 == 0 ? 0x81 : 0x01); // 32 two-byte varints, each 129
    }
    ByteBuf[] bufs = {
      PooledByteBufAllocator.DEFAULT.directBuffer(80).writeZero(3).writeBytes(data),
      Unpooled.directBuffer(80).writeZero(3).writeBytes(data),
    };
    for (ByteBuf allocated : bufs) {
      // Netty's leak detector wraps a sampled buffer; a parse reads the buffer it wraps.
      ByteBuf b = ByteChainReader.INSTANCE.unwrap(allocated);
      try {
        b.readerIndex(3);
        assertTrue(RegionInput.covers(b), b.toString());
        ProtoInput in = RegionInput.open(b, null);
        for (int n = 0; n < 32; n++) {
          // As a cold path might: Netty's region now ends one byte after index 3.
          b.internalNioBuffer(3, 1);
          String unused = b.toString(3, 1, StandardCharsets.ISO_8859_1);
          assertEquals(129, in.readVarint32(), b + " varint " + n);
        }
        assertEquals(3 + 64, in.position());
        in.skipTo(3);
        b.internalNioBuffer(3, 1);
        assertEquals(0x01810181, in.readFixed32());
        b.internalNioBuffer(3, 1);
        assertEquals(0x0181018101810181L, in.readFixed64());
      } finally {
        allocated.release();
      }
    }
  }
}
