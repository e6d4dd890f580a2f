package io.bufproto.api.message;

import io.bufproto.api.ProtoMessage;
import io.bufproto.api.internal.MessageParent;
import io.bufproto.api.internal.ParseFailure;
import io.bufproto.api.internal.ParsedBuffer;
import io.bufproto.api.internal.Reuse;
import io.bufproto.api.internal.UnknownFields;
import java.util.ArrayList;
import java.util.List;

/**
 * The part of {@link GeneratedMessage} that keeps a message's state between calls: the fields every
 * message has besides its own, the parent told of changes, {@code clear()} and the bound on what it
 * keeps ({@link Reuse}), {@code materialize()} and the check of required fields. {@link
 * GeneratedMessage} adds the calls that read and write bytes (parses, lazy parsing, the size pass,
 * writes, formats). Package-private: generated classes extend {@link GeneratedMessage}.
 *
 * <h2>The state every message keeps</h2>
 *
 * <ul>
 *   <li>{@code _cachedSize}: the serialized size, or -1 after a change, or {@link Reuse#PARSED}
 *       while unchanged since a parse ({@link MessageParent} has the contract).
 *   <li>{@code _source}: the buffer this message was parsed from, where its lazy values lie: its
 *       own (opened by its parseFrom), or its parent's parse's; null if never parsed ({@link
 *       ParsedBuffer}).
 *   <li>{@code _raw}, {@code _rawLen}: the bytes this message was parsed from, which a write copies
 *       while it is unchanged since a lazy or projected parse: -1 if none; their offset once
 *       parsed; -2 - their offset while a lazy parse of the parent has deferred this message's
 *       parse ({@link GeneratedMessage#_ensure}). One field, so that {@code clear()} forgets them
 *       with one store.
 *   <li>{@code _kept}: what {@code clear()} kept since the last release, in serialized bytes
 *       ({@link Reuse}).
 * </ul>
 *
 * @param <T> the generated class itself
 */
abstract class MessageState<T extends MessageState<T>> implements ProtoMessage<T>, MessageParent {

  /** The serialized size, or -1 after a change, or {@link Reuse#PARSED} (see the class comment). */
  protected int _cachedSize = -1;

  /** The buffer this message's lazy values lie in (see the class comment). */
  protected ParsedBuffer _source;

  /**
   * {@code _source} while this message's next {@code parseFrom} may take the eager path ({@link
   * GeneratedMessage#parseFrom(io.netty.buffer.ByteBuf, int, int)}): set by a full parse of a
   * top-level message whose parses alias their buffer and parse every field now; null once anything
   * happens that the eager path does not handle (a change, a value dropped, a parent, a mode, a
   * failed or oversized parse), so that the next parse takes the full path.
   */
  ParsedBuffer _eager;

  /** Fields this schema does not know, written back after the known ones; null while none. */
  protected UnknownFields _unknown;

  /**
   * Whether a projected parse (parseFields) filled this message (see {@code
   * GeneratedMessage._writeSize}).
   */
  boolean _projected;

  /** The offset of the bytes as received (see the class comment). */
  int _raw = -1;

  /** The length of the bytes of {@code _raw}. */
  int _rawLen;

  /** The nesting still allowed below this message, while its parse is deferred. */
  int _deferredDepth;

  /** What {@code clear()} kept since the last release, in serialized bytes ({@link Reuse}). */
  int _kept;

  /** The message holding this one, told when this one changes; null for a top-level message. */
  MessageParent _parent;

  /**
   * Where {@link GeneratedMessage#writeTo} composes the message for a target without an array
   * (ProtoWriter).
   */
  byte[] _scratch;

  MessageState() {}

  @SuppressWarnings("unchecked") // T is the generated class itself
  final T self() {
    return (T) this;
  }

  // ---- What the generated class supplies for clearing, releasing and checking.

  /** Clears presence and the fields' counts, keeping their storage for reuse. */
  protected abstract void _clearFields();

  /**
   * Drops the values the fields hold or keep for reuse (see {@link #_release}); a class whose
   * fields are all singular numbers has none.
   */
  protected void _releaseFields() {}

  /**
   * Decodes the lazy values from {@code _source}, and materializes the sub-messages; returns how
   * many bytes of malformed UTF-8 strings must keep their bytes ({@link #_keepMalformed} copies
   * them), 0 if none. A class whose fields are all numbers has nothing to do.
   */
  protected int _materializeFields() {
    return 0;
  }

  /** Copies the bytes of the strings {@link #_materializeFields} counted into {@code copy}. */
  protected void _keepMalformed(byte[] copy) {}

  /** Appends the paths of missing required fields, each prefixed by {@code prefix}. */
  public void _findMissing(String prefix, List<String> out) {}

  /** True: a class with required fields, here or below, checks them. */
  @Override
  public boolean isInitialized() {
    return true;
  }

  // ---- Parents and changes.

  /** Makes {@code parent} the message told when this one changes. Returns this. */
  public final T _setParent(MessageParent parent) {
    _parent = parent;
    _eager = null;
    return self();
  }

  /**
   * Forgets the valid cached size (a field changed), here and in the parents. Every class calls it
   * from its own {@code _changed()} (a setter's test of {@code _cachedSize != -1}, kept in the
   * class so that its profile is that type's: shared, the first change of one type made the walk
   * live in every setter of the others).
   */
  protected final void _forgetSize() {
    _cachedSize = -1;
    _eager = null;
    _raw = -1;
    if (_parent != null) {
      _parent._childChanged(this);
    }
  }

  /**
   * A child changed (see {@link MessageParent}); a class whose fields hold messages marks the field
   * set first.
   */
  @Override
  public void _childChanged(Object child) {
    if (_cachedSize != -1) {
      _forgetSize();
    }
  }

  /**
   * A value left this message other than by clear() (a field's own clear, a oneof member replaced,
   * a map value replaced or removed), where no count sees it: the next clear() of the top-level
   * message releases everything (see {@link Reuse}).
   */
  @Override
  public final void _dropped() {
    _kept = Reuse.RELEASE;
    _eager = null;
    if (_parent != null) {
      _parent._dropped();
    }
  }

  // ---- Clearing and reuse (Reuse).

  /** What {@code clear()} does; the generated {@code clear()} returns this after it. */
  protected final void _clearMessage() {
    ParsedBuffer s = _source;
    if (s != null && s.ownedBy(this)) {
      // The values read from it are gone: it is released (if retained), and reads through it fail.
      s.close();
    }
    _clearKept();
    _cachedSize = 0;
  }

  /**
   * What clear() and a parse share: the parent told, and the fields cleared, counting what that
   * leaves behind: past the bound, or not known, it is all let go instead (Reuse). The caller
   * closes the parsed buffer (clear()) or reopens it (a parse), and sets the size.
   */
  final void _clearKept() {
    int was = _cachedSize;
    if (_parent != null && was != -1) {
      // (Only a parent needs telling: this message's own size and checks are reset by the caller.)
      _forgetSize();
    }
    _kept = Reuse.cleared(_kept, was);
    _projected = false;
    if (_kept > Reuse.KEPT_BYTES) {
      _release();
    } else {
      _clear();
    }
  }

  @Override
  public final void _release() {
    _releaseFields();
    if (_unknown != null) {
      _unknown = _unknown.release();
    }
    if (_source != null && _source.ownedBy(this)) {
      _source.drop();
    }
    _kept = 0;
    _clear();
  }

  /**
   * {@link #_clear()} for a parent's getter of a field that is not set: the size is known (0), so
   * the first change tells the parent, which then marks the field set.
   */
  public final T _unsetValue() {
    _clear();
    _cachedSize = 0;
    return self();
  }

  /**
   * {@link #clear()} without telling the parent, for a parent reusing this message (it forgets its
   * own size itself).
   */
  public final T _clear() {
    _clearFields();
    if (_unknown != null) {
      _unknown.clear();
    }
    _cachedSize = -1;
    _raw = -1;
    return self();
  }

  @Override
  @SuppressWarnings("ReferenceEquality") // the message's own ParsedBuffer
  public final void materialize() {
    if (_raw >= 0) {
      // Written from the fields from now on (the bytes as received go with the buffer).
      _raw = -1;
      _cachedSize = Reuse.PARSED;
    }
    int keep = _materializeFields();
    if (keep > 0) {
      // Strings with malformed UTF-8 keep their bytes, in a copy of their own.
      byte[] copy = new byte[keep];
      _keepMalformed(copy);
      if (_source.ownedBy(this)) {
        _source.keep(copy);
      } else {
        _source = ParsedBuffer.of(this, copy);
        _eager = null;
      }
      return;
    }
    if (_source != null && _source.ownedBy(this)) {
      // Nothing reads it any more: released if retained, and no longer referenced.
      _source.drop();
    }
  }

  // ---- Required fields.

  /** Throws protobuf-java's missing-required-fields error, naming them, if one is missing. */
  protected final void _checkInitialized() {
    if (!isInitialized()) {
      List<String> missing = new ArrayList<>();
      _findMissing("", missing);
      throw ParseFailure.missingRequired(schema().fullName(), String.join(", ", missing));
    }
  }
}
