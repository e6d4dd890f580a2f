package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/** Netty's pure delegates, seen through with its public API: for {@link BufReader#unwrap}. */
public final class Wrappers {

  /**
   * {@code io.netty.buffer.WrappedByteBuf}, found by name: Netty 4.1 declares it package-private
   * (4.2 makes it public), so code outside {@code io.netty.buffer} cannot name it there, but may
   * test an instance against it ({@link Class#isInstance}, which C2 compiles as {@code instanceof}
   * for a constant class).
   */
  private static final Class<?> WRAPPED = wrappedByteBuf();

  private Wrappers() {}

  private static Class<?> wrappedByteBuf() {
    try {
      return Class.forName("io.netty.buffer.WrappedByteBuf", false, ByteBuf.class.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new LinkageError("Netty without io.netty.buffer.WrappedByteBuf", e);
    }
  }

  /**
   * The buffer behind Netty's leak-aware wrappers ({@code WrappedByteBuf}: they delegate every
   * call, indexes included, to the buffer they wrap), after one leak record on the wrapper ({@code
   * touch}); any other buffer itself. Netty's own {@code ByteBufUtil} unwraps them the same way
   * before bulk work. Why: under a leak detector every read through the wrapper is a virtual call
   * that may record a stack trace (under PARANOID a parse through the wrapper is about 50 times
   * slower: LeakAwareBenchmark).
   */
  public static ByteBuf unwrap(ByteBuf buf) {
    if (!WRAPPED.isInstance(buf)) {
      return buf;
    }
    buf.touch();
    do {
      buf = buf.unwrap();
    } while (WRAPPED.isInstance(buf));
    return buf;
  }
}
