package io.bufproto.api.internal;

/**
 * What every generated message implements for the runtime's own code (beside {@link
 * io.bufproto.api.ProtoMessage}, the users' contract): composing itself into an array, and letting
 * go of what it keeps for reuse. Generated-code API: not for users.
 */
public interface InternalMessage {

  /**
   * Writes the fields into {@code out} from index {@code at}, storing nothing at or after {@code
   * end} (see {@link ProtoWriter}); returns the index after them. {@code getSerializedSize()} must
   * have run since the last change.
   */
  int _write(byte[] out, int at, int end);

  /**
   * Drops every value this message and its sub-messages hold or keep for reuse, and storage past
   * {@link Reuse#KEPT_ELEMENTS} elements, then clears the message (see {@link Reuse}).
   */
  void _release();

  /**
   * A value left this message other than by {@code clear()}, and no size counts it: marks this
   * message and its parents so that the next {@code clear()} releases (see {@link Reuse}).
   */
  void _dropped();

  /**
   * The bytes {@code toByteArray()} would write, without its check for missing required fields (the
   * text and JSON formats print partial messages, as protobuf-java's do).
   */
  byte[] _partialBytes();
}
