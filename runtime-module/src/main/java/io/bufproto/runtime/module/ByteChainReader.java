package io.bufproto.runtime.module;

import io.bufproto.api.spi.BufReader;
import io.bufproto.api.spi.ProtoInput;
import io.bufproto.api.spi.Varints;
import io.bufproto.api.spi.Wrappers;
import io.netty.buffer.ByteBuf;

/**
 * Decodes varints one Netty {@code readByte()} at a time, and parses Netty's leak-aware wrappers
 * through the buffer they wrap ({@link Wrappers#unwrap}), once per message.
 *
 * <p>Why a byte chain: C2 inlines {@code readByte()} whole where one buffer class reaches the call
 * site. A checked one-{@code getLongLE}-per-varint reader lost to it on most single-buffer parses
 * (docs/design/views.md). Where several buffer classes meet (MixedBuffersBenchmark) both pay a
 * virtual call per read; there a parse reads through a view of the buffer resolved once per message
 * ({@link #open}), turned on by {@link ViewSwitch}.
 */
public final class ByteChainReader implements BufReader {

  static final ByteChainReader INSTANCE = new ByteChainReader();

  private ByteChainReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return (int) Varints.readRemaining(buf, b & 0x7fL);
  }

  /**
   * A packed run's value: one checked {@code getLongLE} first where 8 bytes are readable, as the
   * classpath runtime's unchecked load (a run's loop is one call site for many values, many of
   * several bytes: docs/design/reading-varints.md); a varint longer than the word, or near the end,
   * a byte at a time.
   */
  @Override
  public long readVarintInRun(ByteBuf buf) {
    int i = buf.readerIndex();
    if (buf.writerIndex() - i >= 8) {
      long word = buf.getLongLE(i);
      if ((word & 0x80) == 0) {
        buf.readerIndex(i + 1);
        return word & 0x7f;
      }
      long stops = Varints.stops(word);
      if (stops != 0) {
        buf.readerIndex(i + Varints.length(stops));
        return Varints.value(word, stops);
      }
    }
    return readVarint64(buf);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return Varints.readRemaining(buf, b & 0x7fL);
  }

  @Override
  public ByteBuf unwrap(ByteBuf buf) {
    return Wrappers.unwrap(buf);
  }

  /** When parses read through views (see {@link ViewSwitch}): {@code bufproto.views}. */
  private static final ViewSwitch VIEWS =
      ViewSwitch.of(System.getProperty("bufproto.views", "auto"));

  @Override
  public boolean opensCursors() {
    return VIEWS.mayTurnOn();
  }

  /**
   * A view resolved once per parse, once views are on: the array of a heap buffer, or the NIO
   * region of a direct one that has one region and returns it without allocating; else null, the
   * byte chain.
   */
  @Override
  public ProtoInput open(ByteBuf buf, ProtoInput reuse) {
    if (!VIEWS.on() && !VIEWS.note(buf.getClass())) {
      return null;
    }
    if (buf.hasArray()) {
      return ArrayInput.open(buf, reuse);
    }
    return RegionInput.covers(buf) ? RegionInput.open(buf, reuse) : null;
  }
}
