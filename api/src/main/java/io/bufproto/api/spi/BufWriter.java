package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/**
 * Copies a message that generated {@code writeTo} composed in a {@code byte[]} into a target buffer
 * without an array of its own (direct, composite, wrapped): the one store into Netty memory per
 * write (see {@link io.bufproto.api.internal.ProtoWriter}). Supplied by the provider of the {@link
 * BufReader} (see {@link BufProtoRuntime#writer()}), chosen once per JVM.
 *
 * <p><b>Caller's contract.</b> {@link io.bufproto.api.internal.ProtoWriter} calls this only for
 * bytes {@code [index, index + length)} that lie inside the space it reserved with {@code
 * ensureWritable} (so inside the buffer's capacity), on a buffer whose accessibility that call
 * checked: an implementation may skip Netty's bounds and reference-count checks.
 *
 * <p><b>Index effects.</b> None: the reader and writer indexes are left alone.
 */
public interface BufWriter {

  /**
   * The writer every runtime may use: Netty's public, bounds-checked setters, with small messages
   * copied as 8-byte stores. {@link BufProtoRuntime#writer()} returns it by default.
   */
  static BufWriter checked() {
    return CheckedWriter.INSTANCE;
  }

  /** Stores {@code src[0, length)} at {@code index}. */
  void setBytes(ByteBuf buf, int index, byte[] src, int length);
}
