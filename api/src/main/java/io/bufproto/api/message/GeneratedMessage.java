package io.bufproto.api.message;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
import io.bufproto.api.internal.ParseFailure;
import io.bufproto.api.internal.ParsedBuffer;
import io.bufproto.api.internal.ProtoCodec;
import io.bufproto.api.internal.ProtoReads;
import io.bufproto.api.internal.ProtoWriter;
import io.bufproto.api.internal.RequiredCheck;
import io.bufproto.api.internal.Reuse;
import io.bufproto.api.internal.UnknownFields;
import io.bufproto.api.internal.WriteFailure;
import io.bufproto.api.spi.ProtoInput;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.BufferOverflowException;

/**
 * What every generated message class extends: the machinery that is the same for every message
 * (entering and leaving a parse, lazy parsing, the cached size, the write into a buffer, the
 * formats), written once; the state it keeps between calls, {@code clear()} and reuse are in the
 * package-private {@code MessageState} it extends. A generated class holds only its fields: their
 * storage, accessors, and the per-field passes this class calls ({@link #_parse}, {@link
 * #_computeSize}, {@code _write}, {@link #_clearFields}, ...). Generated-code API: the {@code _}
 * members may change with any release.
 *
 * <p>The calls from here into the per-field passes are virtual. Where the message's class is known
 * at the call site (a field or variable of the generated type, which is final), the JIT inlines
 * this class's method and calls the generated pass directly; see docs/design/lean-core.md.
 *
 * @param <T> the generated class itself
 */
public abstract class GeneratedMessage<T extends GeneratedMessage<T>> extends MessageState<T> {

  /** An empty message. */
  protected GeneratedMessage() {}

  // ---- What the generated class supplies: the per-field passes.

  /**
   * Merges fields from {@code buf}, the buffer {@code src} opened for this parse (which this
   * message's lazy values then read), through the runtime's cursor {@code in} when it opened one
   * (else null; see ProtoReads), up to {@code end}, or up to the end-group tag {@code endTag} when
   * this message is a group (else {@code endTag} is 0). Always eager: a message field's value is
   * parsed through {@link #_parseField}, which decides whether a lazy parse defers it. {@code
   * depth} is the nesting still allowed below this message. A required field found missing, here or
   * in a child, is reported to {@code src} ({@link ParsedBuffer#missingRequired}), for the caller
   * to name them all with one walk.
   */
  public abstract void _parse(
      ParsedBuffer src, ByteBuf buf, ProtoInput in, int end, int depth, int endTag);

  /**
   * {@link #_parse} for the fields {@code fields} asks for, skipping the others (unknown fields and
   * extensions too) without decoding them, up to {@code end} or, when {@code fields} stops early,
   * the first field numbered above those it asks for; every field when {@code fields} is null. A
   * message field's value goes through {@link #_parseField}, which a lazy parse may defer: this is
   * the parse of the lazy and projected modes, beside the eager {@link #_parse}.
   */
  public abstract void _parseFields(
      ParsedBuffer src,
      ByteBuf buf,
      ProtoInput in,
      int end,
      int depth,
      io.bufproto.api.Projection fields);

  /** The size of the fields, computed (the size pass). */
  protected abstract int _computeSize();

  /** The present fields as {@code Type{name: value, ...}}, for a {@link #toString} that failed. */
  protected abstract String _summary();

  // ---- Parsing.

  @Override
  public final void parseFrom(ByteBuf buf, int size) {
    parseFrom(buf, size, ProtoCodec.DEFAULT_RECURSION_LIMIT);
  }

  /**
   * {@inheritDoc}
   *
   * <p>The eager path (docs/design/lean-core.md): a message whose last parse was an eager one into
   * a top-level message, and which nothing has changed since ({@code _eager} is set), clears its
   * fields, counts the parse (Reuse), opens its buffer aliased and runs {@link #_parse}; nothing
   * else. Every other case takes {@link #_parseFull}: the first parse, a sub-message parsed on its
   * own, a message changed or cleared with values dropped since, lazy parsing, retained buffers.
   */
  @Override
  public final void parseFrom(ByteBuf buf, int size, int recursionLimit) {
    // A size the buffer cannot hold is the caller's error: thrown before anything changes.
    int end = ProtoCodec.beginMessage(buf, size);
    ParsedBuffer src = _eager;
    if (src == null) {
      _parseFull(buf, size, end, recursionLimit);
      return;
    }
    int kept = _kept;
    if (size > Reuse.KEPT_BYTES - kept) {
      // The next clear() or parse releases (Reuse): that one takes the full path.
      _kept = Reuse.RELEASE;
      _eager = null;
    } else {
      _kept = kept + size;
    }
    // What _clear() does but _raw = -1: no bytes as received on this path.
    _clearFields();
    if (_unknown != null) {
      _unknown.clear();
    }
    _cachedSize = -1;
    ByteBuf b = src.openAliased(buf);
    ProtoInput in = src.cursor(b);
    try {
      _parse(src, b, in, end, recursionLimit, 0);
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      ProtoReads.flush(in);
      src.takeMissing();
      // Half parsed, its size unknown: the next parse releases (Reuse.cleared), on the full path.
      _eager = null;
      throw ParseFailure.at(e, buf, end - size);
    }
    ProtoReads.flush(in);
    if (src.takeMissing()) {
      _checkInitialized();
    }
  }

  /**
   * {@link #parseFrom(ByteBuf, int, int)} in every case: clear() with its count and release ({@link
   * #_reset}), the buffer opened as the message asks (retained, lazy), the lazy parse's bytes as
   * received. Sets {@code _eager} where the next parse can take the eager path.
   */
  private void _parseFull(ByteBuf buf, int size, int end, int recursionLimit) {
    ParsedBuffer src = _reset(size);
    ByteBuf b = src.open(buf);
    ProtoInput in = src.cursor(b);
    try {
      if (src.lazy()) {
        _parseFields(src, b, in, end, recursionLimit, null);
      } else {
        _parse(src, b, in, end, recursionLimit, 0);
      }
      ProtoReads.flush(in);
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      src.parsing(false);
      src.takeMissing();
      // Where it failed, in the message (InvalidProtobufException.offset()).
      throw ParseFailure.at(e, buf, end - size);
    }
    if (src.takeMissing()) {
      // Some required field is missing: the walk finds which, to name them all.
      _checkInitialized();
    }
    if (src.lazy()) {
      src.parsing(false);
      // Written as received until changed (lazyParsing).
      _raw = end - size;
      _rawLen = size;
    } else if (_parent == null && src.aliasesEagerly() && _kept <= Reuse.KEPT_BYTES) {
      _eager = src;
    }
  }

  @Override
  public final void parseFrom(ByteBuf buf, int size, int recursionLimit, int sizeLimit) {
    ProtoCodec.checkSizeLimit(size, sizeLimit);
    parseFrom(buf, size, recursionLimit);
  }

  @Override
  public final void parseFrom(byte[] bytes) {
    parseFrom(Unpooled.wrappedBuffer(bytes), bytes.length);
  }

  @Override
  public final boolean parseDelimitedFrom(ByteBuf buf) {
    return ProtoCodec.parseDelimited(this, buf);
  }

  @Override
  public final T retainParsedBuffers(boolean retain) {
    if (_parent != null) {
      throw new IllegalStateException(
          "a sub-message is parsed as part of its parent:"
              + " call retainParsedBuffers on the top-level message");
    }
    _ownSource().retain(retain);
    _eager = null;
    return self();
  }

  @Override
  public final T lazyParsing(boolean lazy) {
    return _lazyParsing(lazy, ProtoMessage.LAZY_DEFER_FROM);
  }

  @Override
  public final T lazyParsing(int deferFrom) {
    if (deferFrom < 0) {
      throw new IllegalArgumentException("deferFrom is negative: " + deferFrom);
    }
    return _lazyParsing(true, deferFrom);
  }

  private T _lazyParsing(boolean lazy, int deferFrom) {
    if (_parent != null) {
      throw new IllegalStateException(
          "a sub-message is parsed as part of its parent: call lazyParsing on the top-level message");
    }
    _ownSource().lazy(lazy, deferFrom);
    _eager = null;
    return self();
  }

  /**
   * clear() for a parse of {@code size} bytes, which is counted with what the clear leaves (Reuse);
   * returns this message's ParsedBuffer for the parse to open, which closes the last parse's in the
   * same step ({@link ParsedBuffer#open}).
   */
  private ParsedBuffer _reset(int size) {
    _clearKept();
    _kept = Reuse.parsed(_kept, size);
    // Changes while parsing need not reach the parent: -1 until _parse ends (Reuse.PARSED).
    _cachedSize = -1;
    return _ownSource();
  }

  /** The ParsedBuffer this message's own parses open, made on first use. */
  private ParsedBuffer _ownSource() {
    ParsedBuffer s = _source;
    if (s == null || !s.ownedBy(this)) {
      // A sub-message parsed on its own gets its own; its parent's next parse links it back.
      _source = s = new ParsedBuffer(this);
    }
    return s;
  }

  @Override
  public final void parseFields(ByteBuf buf, int size, io.bufproto.api.Projection fields) {
    if (_parent != null) {
      throw new IllegalStateException(
          "a sub-message is parsed as part of its parent: call parseFields on the top-level message");
    }
    int end = ProtoCodec.beginMessage(buf, size);
    ParsedBuffer src = _reset(size);
    _eager = null;
    _projected = true;
    ByteBuf b = src.open(buf);
    ProtoInput in = src.cursor(b);
    try {
      _parseFields(src, b, in, end, ProtoCodec.DEFAULT_RECURSION_LIMIT, fields);
      // Past the fields an early stop left unread.
      ProtoReads.skipTo(b, in, end);
      ProtoReads.flush(in);
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      src.parsing(false);
      src.takeMissing();
      throw ParseFailure.at(e, buf, end - size);
    }
    src.parsing(false);
    // A projected parse does not check required fields (the ones skipped may be set).
    src.takeMissing();
    // Written as received until changed: a write from the fields would drop the ones skipped.
    _raw = end - size;
    _rawLen = size;
  }

  // ---- Lazy parsing (docs/design/lazy-parsing.md).

  /**
   * The parse of a message field's value, this message, up to {@code end}: {@link #_parse}, or in a
   * lazy parse {@link #_parseLazily}. The choice is made here, at the parent's call, so that {@code
   * _parse} itself has no branch for lazy parsing (docs/design/lean-core.md); once inlined into the
   * parent's parse it is one test per sub-message.
   */
  public final void _parseField(ParsedBuffer src, ByteBuf buf, ProtoInput in, int end, int depth) {
    if (src.lazy()) {
      _parseLazily(src, buf, in, end, depth);
    } else {
      _parse(src, buf, in, end, depth, 0);
    }
  }

  /**
   * {@link #_parse} of a message field's value in a lazy parse ({@link #_parseField}). The field's
   * first occurrence (this message is cleared: no size yet) is deferred when its bytes, up to
   * {@code end}, reach the parse's {@code deferFrom()}: where they lie is recorded, to be parsed on
   * first use ({@link #_ensure}), and true returned. A shorter one is parsed now, which costs about
   * what deferring it and a first use would, and is still written as received while unchanged. A
   * later occurrence merges into the earlier ones (which the setter that handed this message over
   * has parsed, if deferred) and is parsed now.
   */
  @SuppressWarnings("ReferenceEquality") // the same ParsedBuffer, stored again only when not
  private void _parseLazily(ParsedBuffer src, ByteBuf buf, ProtoInput in, int end, int depth) {
    if (_cachedSize != -1) {
      // Merged: no longer the bytes of one occurrence.
      _raw = -1;
      _parseFields(src, buf, in, end, depth, null);
      return;
    }
    if (_source != src) {
      _source = src;
    }
    int off = ProtoReads.position(buf, in);
    if (end - off >= src.deferFrom()) {
      _deferAt(off, end - off, depth);
      ProtoReads.skipTo(buf, in, end);
      return; // its required fields are checked when it is parsed
    }
    _parseFields(src, buf, in, end, depth, null);
    // Unchanged: written as received until changed.
    _raw = off;
    _rawLen = end - off;
  }

  private void _deferAt(int off, int len, int depth) {
    _raw = -2 - off;
    _rawLen = len;
    _cachedSize = len;
    _deferredDepth = depth;
  }

  /** Whether a lazy parse of the parent deferred this message's parse (see {@link #_ensure}). */
  protected final boolean _deferred() {
    return _raw < -1;
  }

  /**
   * This message, parsed first if a lazy parse deferred it. A parent calls it before handing out or
   * reading a child.
   */
  public final T _ensure() {
    if (_raw < -1) {
      _parseDeferred();
    }
    return self();
  }

  /**
   * Parses the bytes a lazy parse deferred: within a parse of the same buffer (a later occurrence
   * of the field, about to merge into this message) through that parse's cursor, which returns to
   * where it was; else, on first use, from the parsed buffer, whose reader index it points at those
   * bytes for the parse and restores. A failure on first use leaves the message deferred (each use
   * throws again); within a parse, that parse fails.
   */
  private void _parseDeferred() {
    int off = -2 - _raw;
    int len = _rawLen;
    int depth = _deferredDepth;
    ParsedBuffer src = _source;
    ByteBuf b = src.buffer();
    boolean within = src.parsing();
    ProtoInput c;
    int readerIndex;
    if (within) {
      c = src.parseInput();
      readerIndex = ProtoReads.position(b, c);
      ProtoReads.skipTo(b, c, off);
    } else {
      readerIndex = b.readerIndex();
      // (The reads stop at the message's end, as in any parse: the writer index stays.)
      b.readerIndex(off);
      c = src.cursor(b);
      src.parsing(true);
    }
    _raw = -1;
    // Not a change: the parent is not told (its bytes as received stay valid).
    _cachedSize = -1;
    try {
      _parseFields(src, b, c, off + len, depth, null);
      if (!within && src.takeMissing()) {
        _checkInitialized();
      }
    } catch (InvalidProtobufException | IndexOutOfBoundsException e) {
      if (within) {
        throw e;
      }
      src.takeMissing();
      _clear();
      _deferAt(off, len, depth);
      throw ParseFailure.deferred(e, b, off, schema().fullName());
    } finally {
      if (within) {
        ProtoReads.skipTo(b, c, readerIndex);
      } else {
        src.parsing(false);
        b.readerIndex(readerIndex);
      }
    }
    if (!within) {
      // Unchanged: written as received until changed.
      _raw = off;
    }
  }

  // ---- Sizes and writes.

  @Override
  public final int getSerializedSize() {
    int size = _cachedSize;
    if (size >= 0) {
      return size;
    }
    if (_raw >= 0) {
      _cachedSize = _rawLen;
      return _rawLen;
    }
    size = _computeSize();
    _cachedSize = size;
    return size;
  }

  /** The size computed by the last {@link #getSerializedSize()}. */
  public final int _cachedSize() {
    return _cachedSize;
  }

  /**
   * The size to write. Required fields are checked by the write itself: each message's {@code
   * _write} tests its own ({@link RequiredCheck}).
   */
  private int _writeSize() {
    if (_projected && _raw == -1) {
      throw ProtoCodec.projected(this, "written once changed: that would drop them");
    }
    return getSerializedSize();
  }

  /**
   * The error for a write that found a required field unset ({@link RequiredCheck}):
   * protobuf-java's, naming every missing field; if the walk finds none, the message changed while
   * being written.
   */
  private RuntimeException _unwritable(int size) {
    _checkInitialized();
    return WriteFailure.modifiedWhileWriting(-1, size);
  }

  @Override
  public final int writeTo(ByteBuf out) {
    int size = _writeSize();
    out.ensureWritable(size);
    byte[] a;
    int at;
    int end;
    if (out.hasArray()) {
      a = out.array();
      at = out.arrayOffset() + out.writerIndex();
      // The bytes after the message may be live (a header rewritten in place): stop at its end.
      end = at + size;
    } else if (size <= ProtoWriter.MAX_SCRATCH) {
      // Composed here, then copied once by endWrite (see ProtoWriter). The field is written only
      // when the array grows: a reference store costs a GC barrier (a fence for an old message).
      a = _scratch;
      if (a == null || a.length < size) {
        _scratch = a = ProtoWriter.scratch(size);
      }
      at = 0;
      // The scratch array is ours to its end, so the wide stores of the last fields need not fall
      // back to a byte at a time.
      end = a.length;
    } else {
      // Larger: composed a chunk at a time, never in an array of the message's size (ProtoWriter).
      try {
        ProtoWriter.writeLarge(this, out, size);
      } catch (RequiredCheck.Missing e) {
        throw _unwritable(size);
      }
      return size;
    }
    int written;
    try {
      written = _write(a, at, end) - at;
    } catch (BufferOverflowException e) {
      throw WriteFailure.modifiedWhileWriting(-1, size);
    } catch (RequiredCheck.Missing e) {
      throw _unwritable(size);
    }
    ProtoWriter.endWrite(out, a, written, size);
    return size;
  }

  @Override
  public final int writeDelimitedTo(ByteBuf buf) {
    return ProtoCodec.writeDelimited(this, buf);
  }

  /**
   * Whether a write copies the bytes this message was parsed from: unchanged since a lazy or
   * projected parse, or deferred. The generated {@code _write} asks first (in the class, so that
   * the JIT keeps one profile per message type for it).
   */
  protected final boolean _asReceived() {
    return _raw != -1;
  }

  /** Writes the bytes as received (see {@link #_asReceived}). */
  protected final int _writeAsReceived(byte[] out, int at, int end) {
    return ProtoWriter.writeParsed(out, at, end, _source, _raw >= 0 ? _raw : -2 - _raw, _rawLen);
  }

  @Override
  public final byte[] _partialBytes() {
    if (_projected && _raw >= 0) {
      // The fields it holds (for the formats), not the bytes it was parsed from, which a write
      // copies.
      int off = _raw;
      _raw = -1;
      _cachedSize = -1;
      try {
        return _partialBytesOf(getSerializedSize());
      } finally {
        _raw = off;
        // Not -1: the next change must still find (and forget) the bytes as received.
        _cachedSize = Reuse.PARSED;
      }
    }
    return _partialBytesOf(getSerializedSize());
  }

  /** {@link #_bytesOf}, written with required fields unset too (a second pass only then). */
  private byte[] _partialBytesOf(int size) {
    try {
      return _bytesOf(size);
    } catch (RequiredCheck.Missing e) {
      return RequiredCheck.partially(() -> _bytesOf(size));
    }
  }

  @Override
  public final byte[] toByteArray() {
    int size = _writeSize();
    try {
      return _bytesOf(size);
    } catch (RequiredCheck.Missing e) {
      throw _unwritable(size);
    }
  }

  /**
   * The fields in a new array of {@code size} bytes, the size just computed; throws {@link
   * RequiredCheck.Missing} where a required field is unset.
   */
  private byte[] _bytesOf(int size) {
    byte[] bytes = new byte[size];
    int written;
    try {
      written = _write(bytes, 0, bytes.length);
    } catch (BufferOverflowException e) {
      throw WriteFailure.modifiedWhileWriting(-1, bytes.length);
    }
    if (written != bytes.length) {
      throw WriteFailure.modifiedWhileWriting(written, bytes.length);
    }
    return bytes;
  }

  /** What {@code copyFrom(other)} does before copying the fields. */
  protected final void _copyBegin(GeneratedMessage<T> other) {
    other._ensure();
    if (other._projected) {
      throw ProtoCodec.projected(other, "copied: the copy could be written without them");
    }
  }

  /** What {@code copyFrom(other)} does after copying the fields. */
  protected final void _copyEnd(GeneratedMessage<T> other) {
    _unknown = UnknownFields.merge(_unknown, other._unknown);
    if (_cachedSize != -1) {
      _forgetSize();
    }
  }

  // ---- Formats.

  /**
   * This message in protobuf's text format, exactly as protobuf-java's {@code toString()} prints
   * it. Never throws: if a lazy value cannot be read any more (its buffer was released), the
   * present fields are printed as {@code Type{name: value, ...}} with that value marked instead.
   */
  @Override
  public final String toString() {
    try {
      return ProtoText.print(this);
    } catch (RuntimeException unreadable) {
      return _summary();
    }
  }

  @Override
  public final String toTextFormat() {
    return ProtoText.print(this);
  }

  @Override
  public final void parseFromTextFormat(CharSequence text) {
    ProtoText.parse(text, this);
  }

  @Override
  public final String toJson() {
    return ProtoJson.printer().print(this);
  }

  @Override
  public final void parseFromJson(String json) {
    ProtoJson.parser().parse(json, this);
  }
}
