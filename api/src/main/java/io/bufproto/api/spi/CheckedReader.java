package io.bufproto.api.spi;

import io.netty.buffer.ByteBuf;

/**
 * The always-available reader: Netty's public, bounds-checked {@link ByteBuf#readByte()}. Reading
 * past {@code writerIndex} throws {@link IndexOutOfBoundsException}.
 */
final class CheckedReader implements BufReader {

  static final String NAME = "checked";
  static final CheckedReader INSTANCE = new CheckedReader();

  private CheckedReader() {}

  @Override
  public int readVarint32(ByteBuf buf) {
    // Tags, lengths and most int32 values fit in one byte: keep that path tiny so it inlines.
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return (int) Varints.readRemaining(buf, b & 0x7f);
  }

  @Override
  public long readVarint64(ByteBuf buf) {
    byte b = buf.readByte();
    if (b >= 0) {
      return b;
    }
    return Varints.readRemaining(buf, b & 0x7f);
  }
}
