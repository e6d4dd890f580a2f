package io.bufproto.api.spi;

import io.bufproto.api.InvalidProtobufException;
import io.netty.buffer.ByteBuf;

/**
 * Varint decoding shared by the {@link BufReader} implementations: the byte-at-a-time continuation,
 * and the decode of a varint that lies in one 8-byte little-endian word.
 */
public final class Varints {

  /** protobuf-java's wording for a varint over ten bytes, or whose tenth byte does not end it. */
  public static final String MALFORMED =
      "Protocol message contained a malformed varint (over 10 bytes, or a tenth byte that does not"
          + " end it).";

  private Varints() {}

  /**
   * The failure a reader throws for a malformed varint ({@link #MALFORMED}); the parse adds where
   * it was found as the exception travels out.
   */
  public static InvalidProtobufException malformed() {
    return new InvalidProtobufException(MALFORMED);
  }

  /** protobuf-java's wording for a tag of field number zero. */
  public static final String ZERO_TAG = "Protocol message contained an invalid tag (zero).";

  /** The failure a reader throws for a tag whose varint is zero ({@link BufReader#readTag}). */
  public static InvalidProtobufException zeroTag() {
    return new InvalidProtobufException(ZERO_TAG);
  }

  /**
   * Continues a varint one checked {@code readByte()} at a time, after its first byte, whose low 7
   * bits are {@code low7}. Up to ten bytes in all; bits beyond the 64th are dropped, as
   * protobuf-java does.
   *
   * @throws io.bufproto.api.InvalidProtobufException if the varint is longer than ten bytes
   */
  public static long readRemaining(ByteBuf buf, long low7) {
    long result = low7;
    for (int shift = 7; shift < 64; shift += 7) {
      byte b = buf.readByte();
      result |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw malformed();
  }

  /**
   * The high bit of every byte of {@code word} that ends a varint (its continuation bit is clear);
   * zero when the varint is longer than the 8 bytes of the word.
   */
  public static long stops(long word) {
    return ~word & 0x8080808080808080L;
  }

  /**
   * Bytes of the varint at the start of a word whose {@link #stops} are {@code stops} (non-zero).
   */
  public static int length(long stops) {
    return (Long.numberOfTrailingZeros(stops) + 1) >>> 3;
  }

  /** The value of the varint at the start of {@code word} ({@code stops} non-zero). */
  public static long value(long word, long stops) {
    return compact(word & (stops ^ (stops - 1)));
  }

  /**
   * Packs the low 7 bits of each of the 8 bytes of {@code x} into its low 56 bits. Two steps of at
   * most 35 bytecodes each (C2's MaxInlineSize): as one method (48) C2 left it out of line at the
   * parse's multi-byte varints ("too big" in -XX:+PrintInlining).
   */
  public static long compact(long x) {
    return compactQuads(compactPairs(x));
  }

  /** Each 16-bit lane of {@code x}: its two bytes' low 7 bits, packed into its low 14 bits. */
  private static long compactPairs(long x) {
    return (x & 0x007f007f007f007fL) | ((x & 0x7f007f007f007f00L) >>> 1);
  }

  /** The 14-bit groups at the bottom of each 16-bit lane of {@code x}, packed into 56 bits. */
  private static long compactQuads(long x) {
    x = (x & 0x00003fff00003fffL) | ((x & 0x3fff00003fff0000L) >>> 2);
    return (x & 0x000000000fffffffL) | ((x & 0x0fffffff00000000L) >>> 4);
  }
}
