package io.bufproto.api.internal;

/**
 * Internal, implemented by generated messages that hold other messages, so that a change deep in a
 * tree reaches the cached sizes above it.
 *
 * <p>The contract that makes {@link io.bufproto.api.ProtoMessage#getSerializedSize()} O(1) on an
 * unchanged tree: a message's cached size is valid only while the cached sizes of every sub-message
 * it holds are valid. A message whose cached size was valid and is changed forgets its size and
 * calls its parent's {@link #_childChanged(Object)}, which does the same upwards; the walk stops at
 * the first message whose size is already forgotten, because above it nothing can be valid. Every
 * sub-message is created by its parent (setters and adders copy), so a message has at most one
 * parent and a change cannot bypass it.
 *
 * <p>A cached size of -1 means "changed since": nothing above can be valid, so changes stop there.
 * Any other value, a size or {@link Reuse#PARSED} (unchanged since a parse), makes the next change
 * walk up once.
 *
 * <p>The getter of a singular message field that is not set returns the field's (empty) message
 * with its size cached as 0, so that its first change reaches the parent, which then marks the
 * field set: {@code command.getSend().setProducerId(5)} is never lost.
 */
public interface MessageParent extends InternalMessage {

  /**
   * {@code child}, a message held by this one, changed: if it is the value of a singular message
   * field that is not set, the field becomes set; forget this message's cached size, and its
   * parent's.
   */
  void _childChanged(Object child);
}
