package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;

/**
 * Value semantics of generated messages' bytes and map fields: copies, zero-copy views, and
 * equality and hashing consistent with protobuf-java's {@code equals}. Reading and writing the wire
 * format is {@link ProtoCodec}'s job.
 */
public final class ProtoValues {

  private ProtoValues() {}

  /** A new array with {@code length} bytes of {@code src} at {@code offset}. */
  public static byte[] copyBytes(ByteBuf src, int offset, int length) {
    Buffers.checkAlive(src);
    byte[] b = new byte[length];
    src.getBytes(offset, b);
    return b;
  }

  /** A zero-copy view ({@link ByteBuf#slice(int, int)}) of a lazy bytes value. */
  public static ByteBuf slice(ByteBuf src, int offset, int length) {
    Buffers.checkAlive(src);
    return src.slice(offset, length);
  }

  public static boolean bytesEqual(ByteBuf a, int aOff, int aLen, ByteBuf b, int bOff, int bLen) {
    return aLen == bLen
        && (aLen == 0 || io.netty.buffer.ByteBufUtil.equals(a, aOff, b, bOff, aLen));
  }

  /** Hash of a bytes value: {@link java.util.Arrays#hashCode(byte[])} of its content. */
  public static int bytesHash(ByteBuf b, int off, int len) {
    int h = 1;
    for (int i = 0; i < len; i++) {
      h = 31 * h + b.getByte(off + i);
    }
    return h;
  }

  /** Map equality with {@code null} as empty and {@code byte[]} values compared by content. */
  public static boolean mapEquals(java.util.Map<?, ?> a, java.util.Map<?, ?> b) {
    int an = a == null ? 0 : a.size();
    int bn = b == null ? 0 : b.size();
    if (an != bn) {
      return false;
    }
    if (an == 0) {
      return true;
    }
    for (java.util.Map.Entry<?, ?> e : a.entrySet()) {
      Object bv = b.get(e.getKey());
      Object av = e.getValue();
      if (bv == null) {
        return false;
      }
      if (av instanceof byte[] aBytes
          ? !(bv instanceof byte[] bBytes && java.util.Arrays.equals(aBytes, bBytes))
          : !av.equals(bv)) {
        return false;
      }
    }
    return true;
  }

  /** Order-independent map hash consistent with {@link #mapEquals}. */
  public static int mapHash(java.util.Map<?, ?> m) {
    int h = 0;
    if (m != null) {
      for (java.util.Map.Entry<?, ?> e : m.entrySet()) {
        Object v = e.getValue();
        int vh = v instanceof byte[] array ? java.util.Arrays.hashCode(array) : v.hashCode();
        h += e.getKey().hashCode() ^ vh;
      }
    }
    return h;
  }

  /** The bytes of a string of chars 0-255 (how generated code spells bytes defaults). */
  public static byte[] latin1(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }
}
