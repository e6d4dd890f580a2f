package io.bufproto.api.internal;

/**
 * The errors of a write, as {@link ParseFailure} has a parse's: here the one a write that does not
 * fit the size it announced ends with.
 */
public final class WriteFailure {

  private WriteFailure() {}

  /**
   * The exception for a write that wrote {@code written} bytes ({@code -1}: more than it had room
   * for) where it announced {@code size}: the message changed while being written, or a size pass
   * is wrong.
   */
  public static IllegalStateException modifiedWhileWriting(int written, int size) {
    return new IllegalStateException(
        "wrote "
            + (written < 0 ? "more than" : String.valueOf(written))
            + " bytes, announced "
            + size
            + ": the message was modified while being written (or a size computation is wrong)");
  }
}
