package io.bufproto.api.internal;

/**
 * The memory bound of a reused message (the contract is {@link io.bufproto.api.ProtoMessage}'s
 * "Reuse"): what {@code clear()} may keep for the next parse or fill, and when it lets go of it.
 *
 * <p>{@code clear()} is O(1): it resets presence bits and counts, and the values it no longer holds
 * stay referenced, to be overwritten by the next parse or fill (strings, buffers, sub-messages and
 * the elements past a repeated field's count). What stays is counted in the message's {@code
 * _kept}, in serialized bytes: a parse counts its size, a {@code clear()} the size of what it
 * clears (known when the message was written, or is unchanged since its parse). Once the count
 * passes {@link #KEPT_BYTES}, or the size of what is cleared is not known (the message was changed
 * since its last size and parse), that {@code clear()} releases: it drops every value in the
 * message and its sub-messages but a singular string field's value of at most {@link #KEPT_STRING}
 * UTF-8 bytes given to a setter and measured by a size pass (so that the same {@code String} set
 * again, a producer name set on every message, is not measured again), and storage past {@link
 * #KEPT_ELEMENTS} elements, and starts counting again. Anything else that leaves a value behind (a
 * field's own clear, a oneof member replacing another, a map value replaced or removed: the value
 * stays, for a user who holds it and hands it back) marks the message and its parents so that their
 * next {@code clear()} releases ({@code _dropped()}): nothing is kept past a {@code clear()} that
 * no count saw.
 *
 * <p>So a message keeps at most {@code KEPT_BYTES} of values it no longer holds, and arrays of at
 * most {@code KEPT_ELEMENTS} elements per repeated field beyond those its latest contents needed,
 * and {@code KEPT_STRING} bytes per singular string field; a message reused for small contents
 * releases once every {@code KEPT_BYTES} of them, an O(fields) walk that allocates nothing.
 */
public final class Reuse {

  /** The most a cleared message keeps of values it no longer holds, in serialized bytes. */
  public static final int KEPT_BYTES = 64 * 1024;

  /** The longest array a release keeps (cleared) for reuse; longer ones are dropped. */
  public static final int KEPT_ELEMENTS = 1024;

  /**
   * {@code _cachedSize} of a message unchanged since its parse (whose size counted it): set at the
   * end of generated {@code _parse}. Like -1, it is not a size; unlike -1, what it stands for is
   * known.
   */
  public static final int PARSED = -2;

  /** A count past {@link #KEPT_BYTES}: the next {@code clear()} releases. */
  public static final int RELEASE = KEPT_BYTES + 1;

  /** The longest string a release keeps in a singular field, in UTF-8 bytes. */
  public static final int KEPT_STRING = 256;

  private Reuse() {}

  /**
   * Whether a release keeps a singular string field's value: one given to a setter ({@code off},
   * where it starts in the parsed buffer, is -1), whose scan word ({@link Utf8#scan}) {@code word}
   * was measured (not -1) and stands for at most {@link #KEPT_STRING} bytes.
   */
  public static boolean keepsString(int off, int word) {
    return off < 0 && word != -1 && Utf8.length(word) <= KEPT_STRING;
  }

  /**
   * The count of a message after a {@code clear()} of contents whose {@code _cachedSize} was {@code
   * cleared}: {@code kept} plus their size, past {@link #KEPT_BYTES} when that size is not known.
   */
  public static int cleared(int kept, int cleared) {
    if (cleared == -1) {
      return RELEASE;
    }
    return cleared < 0 ? kept : parsed(kept, cleared);
  }

  /** The count of a message after a parse of {@code size} bytes into it: {@code kept + size}. */
  public static int parsed(int kept, int size) {
    return size > KEPT_BYTES - kept ? RELEASE : kept + size;
  }
}
