package io.bufproto.api;

import java.util.Arrays;

/**
 * The fields a {@linkplain ProtoMessage#parseFields projected parse} decodes, by field number;
 * every other field is skipped without being decoded. Immutable: build one per use site, once, and
 * keep it in a {@code static final} field.
 *
 * <pre>{@code
 * static final Projection PEEK = Projection.of(
 *     MessageMetadata.PRODUCER_NAME_FIELD_NUMBER, MessageMetadata.SEQUENCE_ID_FIELD_NUMBER);
 * ...
 * metadata.parseFields(buf, size, PEEK);
 * }</pre>
 *
 * <h2>Stopping early</h2>
 *
 * By default a projected parse reads to the message's end, because a field may occur more than once
 * anywhere in an encoding (the last occurrence of a singular field wins; a repeated field collects
 * them all), so only the end proves that a field has no later occurrence. {@link #stoppingEarly()}
 * makes the parse stop at the first field numbered above every field asked for (and above every
 * member of a oneof with a member asked for, which is read whole). That is correct exactly when the
 * encoding lists its fields in ascending field-number order with every field in one run, which is
 * what protobuf-java, protoc's C++ and BufProto's writers produce for a message written in one
 * piece whose asked fields were known to the writer's schema. It is not correct for concatenated
 * encodings (a merge on the wire), for fields the writer kept as unknown fields (written after the
 * known ones), or for bytes in any other order (hand-written, fuzzed): there a later occurrence is
 * missed. Nothing after the stop is read or checked.
 */
public final class Projection {

  private final int[] numbers;
  private final long low;
  private final boolean stopsEarly;

  private Projection(int[] numbers, boolean stopsEarly) {
    this.numbers = numbers;
    this.stopsEarly = stopsEarly;
    long bits = 0;
    for (int n : numbers) {
      if (n < 64) {
        bits |= 1L << n;
      }
    }
    this.low = bits;
  }

  /**
   * The fields numbered {@code fieldNumbers} (each from 1 to 2^29 - 1, as in a {@code .proto} file;
   * the generated classes name them {@code FOO_FIELD_NUMBER}). A number the message does not
   * declare matches nothing. Reads to the message's end (see {@link #stoppingEarly()}).
   *
   * @throws IllegalArgumentException if no number is given, or one is out of range
   */
  public static Projection of(int... fieldNumbers) {
    if (fieldNumbers.length == 0) {
      throw new IllegalArgumentException("a projection needs at least one field number");
    }
    int[] sorted = fieldNumbers.clone();
    Arrays.sort(sorted);
    for (int n : sorted) {
      if (n < 1 || n > (1 << 29) - 1) {
        throw new IllegalArgumentException("field number out of range [1, 2^29 - 1]: " + n);
      }
    }
    return new Projection(Arrays.stream(sorted).distinct().toArray(), false);
  }

  /**
   * This projection, stopping at the first field numbered above every field it asks for: correct
   * only for encodings in ascending field-number order (see the class documentation).
   */
  public Projection stoppingEarly() {
    return new Projection(numbers, true);
  }

  /** Whether the field numbered {@code number} is decoded. */
  public boolean wants(int number) {
    return number < 64 ? (low >>> number & 1) != 0 : Arrays.binarySearch(numbers, number) >= 0;
  }

  /**
   * Whether a parse that just read the tag of field {@code number} may stop there (see {@link
   * #stoppingEarly()}).
   */
  public boolean stopsAt(int number) {
    return stopsEarly && number > numbers[numbers.length - 1];
  }

  @Override
  public String toString() {
    return "Projection" + Arrays.toString(numbers) + (stopsEarly ? ", stopping early" : "");
  }
}
