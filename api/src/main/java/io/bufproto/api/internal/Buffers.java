package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;
import io.netty.util.IllegalReferenceCountException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * What the writer and the string decoder both do with a Netty buffer they read from: check that it
 * is alive, and copy its bytes out into an array.
 */
final class Buffers {

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  /**
   * Whether Netty's bulk copy from direct memory allocates: in Netty's mode without the JDK's
   * internal memory accessor (Netty 4.2 on JDK 24+ by default) it copies through new {@code
   * ByteBuffer} duplicates per call. ({@code hasMemoryAddress()} is no guide: Netty 4.2 reports an
   * address either way.)
   */
  static final boolean DIRECT_BULK_COPY_ALLOCATES =
      !io.netty.util.internal.PlatformDependent.hasUnsafe();

  private Buffers() {}

  /** Throws Netty's {@link IllegalReferenceCountException} if {@code buf} was released. */
  static void checkAlive(ByteBuf buf) {
    if (buf.refCnt() == 0) {
      throw new IllegalReferenceCountException(0);
    }
  }

  /**
   * Copies {@code length} bytes of {@code src} at {@code offset} to {@code out} at {@code at},
   * where they fit, through Netty's checked API.
   */
  static void copy(ByteBuf src, int offset, int length, byte[] out, int at) {
    if (src.hasArray() || !DIRECT_BULK_COPY_ALLOCATES) {
      src.getBytes(offset, out, at, length);
      return;
    }
    // Netty's direct buffers in that mode (Netty 4.2 on JDK 24+) allocate ByteBuffer duplicates
    // per bulk copy: copy 8 bytes per checked read instead (AllocationTest).
    int i = 0;
    for (; i + 8 <= length; i += 8) {
      LONG.set(out, at + i, src.getLongLE(offset + i));
    }
    for (; i < length; i++) {
      out[at + i] = src.getByte(offset + i);
    }
  }
}
