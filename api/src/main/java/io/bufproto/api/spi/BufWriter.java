package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/**
 * Stores little-endian values into a {@link ByteBuf} at absolute indexes: the stores generated
 * {@code writeTo} makes, routed through one implementation chosen once per JVM (the provider of
 * the {@link BufReader}, see {@link BufReaderProvider#writer()}).
 *
 * <p><b>Caller's contract.</b> {@link io.bufproto.api.ProtoWriter} calls these only for bytes
 * {@code [index, index + width)} that lie inside the space it reserved with
 * {@code ensureWritable} (so inside the buffer's capacity), on a buffer that is accessible
 * (reference count above zero) and not a {@link io.netty.buffer.CompositeByteBuf} with bytes
 * straddling components: an implementation may skip Netty's bounds and reference-count checks.
 *
 * <p><b>Index effects.</b> None: the reader and writer indexes are left alone.
 */
public interface BufWriter {

  void setByte(ByteBuf buf, int index, int value);

  /** The low byte of {@code value} at {@code index}, the next at {@code index + 1}. */
  void setShortLE(ByteBuf buf, int index, int value);

  void setIntLE(ByteBuf buf, int index, int value);

  void setLongLE(ByteBuf buf, int index, long value);
}
