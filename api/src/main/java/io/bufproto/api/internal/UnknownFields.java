package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/**
 * Fields a message's schema does not know (newer fields, extensions, closed-enum values it does not
 * declare), kept so that a message forwarded by an older reader loses nothing.
 *
 * <p><b>Output order and form</b> are protobuf-java's ({@code UnknownFieldSet}): after the known
 * fields, sorted by field number; for one number, varints, then fixed32, fixed64, length-delimited
 * values and groups; each kind in arrival order. Varints are written in their shortest form and
 * group contents are themselves sorted, because protobuf-java decodes and re-encodes them; fixed
 * and length-delimited values are copied byte for byte.
 *
 * <p><b>MessageSet</b> ({@code option message_set_wire_format = true}): a set read by {@link
 * MessageSets#read} holds extensions in the item form protobuf-java writes them in (group 1 holding
 * type_id = 2 and message = 3), sorted by type id; see there.
 *
 * <p><b>Storage.</b> Records are copied, canonical, into one growing array in arrival order; a
 * write in field order needs no sort when they arrived in order (the usual case). The bytes are
 * copied out of the parsed buffer, so unknown fields never alias it. A message with no unknown
 * field holds no instance at all; {@link #clear()} keeps the arrays for reuse.
 *
 * <p><b>Extensions</b> a parse with a registry read, or a setter set, are not unknown: they are
 * kept here too, in their own {@link ExtensionFields}, written by {@link #writeExtensions} among
 * the fields and counted by {@link #serializedSize()}.
 */
public final class UnknownFields {

  private static final int[] RANK = {
    0, 2, 3, 4, -1, 1
  }; // by wire type: varint, fixed32, fixed64, len, group

  /** The wire type of each {@link #RANK}. */
  private static final int[] WIRE_TYPE = {0, 5, 1, 2, 3};

  private byte[] data = new byte[32];
  private int length;

  /** Start of each record in {@code data}. */
  private int[] starts = new int[4];

  /** Sort key of each record: field number * 8 + rank of its wire type. */
  private long[] keys = new long[4];

  private int count;
  private boolean inOrder = true;

  /** Scratch for an out-of-order write, kept for reuse. */
  private int[] order = new int[0];

  /** The extensions held as such (not unknown), or null. */
  private ExtensionFields extensions;

  private UnknownFields() {}

  /** {@code set}, or a new empty set if it is null. */
  static UnknownFields orNew(UnknownFields set) {
    return set == null ? new UnknownFields() : set;
  }

  /**
   * {@link #read}, or when the parse under way has an extension registry holding this field as an
   * extension of {@code extendee} (a full message name), reads it as that extension.
   */
  public static UnknownFields readOrExtension(
      UnknownFields set, String extendee, ByteBuf buf, int tag, int end, int depth) {
    io.bufproto.api.Extension<?, ?> e = ExtensionFields.registered(extendee, tag);
    if (e == null) {
      return read(set, buf, tag, end, depth);
    }
    UnknownFields s = orNew(set);
    s.extensions().read(e, buf, tag, end, depth);
    return s;
  }

  /**
   * Ends the parse of an extendable message: the extensions it read take protobuf-java's form (see
   * {@link ExtensionFields#endParse}).
   */
  public void endParse(int depth) {
    if (extensions != null) {
      // A closed enum's undeclared values are unknown varint fields.
      extensions.endParse((number, value) -> addVarint(this, number, value), depth);
    }
  }

  /** Writes the extensions numbered {@code from} to {@code to - 1}; returns the index after. */
  public int writeExtensions(byte[] out, int at, int end, int from, int to) {
    return extensions == null ? at : extensions.writeTo(out, at, end, from, to);
  }

  ExtensionFields extensions() {
    if (extensions == null) {
      extensions = new ExtensionFields();
    }
    return extensions;
  }

  ExtensionFields extensionsOrNull() {
    return extensions;
  }

  /** Which records of a number {@link #recordsOf} and {@link #remove} take. */
  interface RecordTest {
    /** Whether the record of {@code wireType} whose value starts at {@code data[at]} is taken. */
    boolean test(int wireType, byte[] data, int at);
  }

  /**
   * The records numbered {@code number} that pass {@code test}, in arrival order, in a new array;
   * null if none.
   */
  byte[] recordsOf(int number, RecordTest test) {
    byte[] out = null;
    int at = 0;
    for (int r = 0; r < count; r++) {
      if (takes(r, number, test)) {
        int from = starts[r];
        int to = r + 1 < count ? starts[r + 1] : length;
        if (out == null) {
          out = new byte[length];
        }
        System.arraycopy(data, from, out, at, to - from);
        at += to - from;
      }
    }
    return out == null ? null : Arrays.copyOf(out, at);
  }

  private boolean takes(int r, int number, RecordTest test) {
    if (keys[r] >>> 3 != number) {
      return false;
    }
    int wireType = WIRE_TYPE[(int) (keys[r] & 7)];
    int tagLength = ProtoCodec.varint32Size((number << 3) | wireType);
    return test.test(wireType, data, starts[r] + tagLength);
  }

  /** Removes the records numbered {@code number} that pass {@code test}. */
  void remove(int number, RecordTest test) {
    int kept = 0;
    int at = 0;
    inOrder = true;
    for (int r = 0; r < count; r++) {
      int from = starts[r];
      int to = r + 1 < count ? starts[r + 1] : length;
      if (!takes(r, number, test)) {
        System.arraycopy(data, from, data, at, to - from);
        if (kept > 0 && keys[r] < keys[kept - 1]) {
          inOrder = false;
        }
        starts[kept] = at;
        keys[kept] = keys[r];
        kept++;
        at += to - from;
      }
    }
    count = kept;
    length = at;
  }

  /**
   * Reads the field whose tag was just read and appends it; creates the set when {@code set} is
   * null.
   */
  public static UnknownFields read(UnknownFields set, ByteBuf buf, int tag, int end, int depth) {
    UnknownFields s = orNew(set);
    s.readField(buf, tag, end, depth);
    return s;
  }

  /**
   * Appends a record whose canonical bytes are {@code record}, sorted as a length-delimited field
   * numbered {@code number} (how a MessageSet item is kept; see {@link MessageSets}).
   */
  static UnknownFields addRecord(UnknownFields set, long number, byte[] record) {
    UnknownFields s = orNew(set);
    s.appendRecord(
        record, 0, record.length, number * 8 + RANK[ProtoCodec.WIRETYPE_LENGTH_DELIMITED]);
    return s;
  }

  /** Appends a varint field (how protobuf-java keeps an undeclared closed-enum value). */
  public static UnknownFields addVarint(UnknownFields set, int number, long value) {
    UnknownFields s = orNew(set);
    int start = s.begin(number, ProtoCodec.WIRETYPE_VARINT);
    s.putVarint(value);
    s.end(start, number, ProtoCodec.WIRETYPE_VARINT);
    return s;
  }

  /**
   * Appends a length-delimited field holding {@code length} bytes of {@code src} at {@code index},
   * as they are (how protobuf-java keeps a map entry whose closed-enum value it does not know).
   */
  public static UnknownFields addLengthDelimited(
      UnknownFields set, int number, ByteBuf src, int index, int length) {
    UnknownFields s = orNew(set);
    int start = s.begin(number, ProtoCodec.WIRETYPE_LENGTH_DELIMITED);
    s.putVarint(length);
    s.ensure(length);
    src.getBytes(index, s.data, s.length, length);
    s.length += length;
    s.end(start, number, ProtoCodec.WIRETYPE_LENGTH_DELIMITED);
    return s;
  }

  /** Whether no field is kept. */
  public boolean isEmpty() {
    return count == 0 && (extensions == null || extensions.isEmpty());
  }

  /**
   * Empties the set and lets go of what it keeps ({@link Reuse}): returns this, or null when its
   * arrays are past what a release keeps (the message then makes a new set when next needed).
   */
  public UnknownFields release() {
    if (data.length > Reuse.KEPT_ELEMENTS * 4 || starts.length > Reuse.KEPT_ELEMENTS) {
      return null;
    }
    clear();
    return this;
  }

  /** Bytes {@link #writeTo} and {@link #writeExtensions} write. */
  public int serializedSize() {
    return extensions == null ? length : length + extensions.serializedSize();
  }

  /** Forgets every field; keeps the arrays. */
  public void clear() {
    length = 0;
    count = 0;
    inOrder = true;
    if (extensions != null) {
      extensions.clear();
    }
  }

  /**
   * Writes the unknown fields (not the extensions) in protobuf-java's order at {@code at}; returns
   * the index after them.
   */
  public int writeTo(byte[] out, int at, int end) {
    if (inOrder) {
      return ProtoWriter.writeArray(out, at, end, data, 0, length);
    }
    int[] o = sortedOrder();
    for (int i = 0; i < count; i++) {
      int r = o[i];
      int from = starts[r];
      int to = r + 1 < count ? starts[r + 1] : length;
      at = ProtoWriter.writeArray(out, at, end, data, from, to - from);
    }
    return at;
  }

  /** Appends every field of {@code other} after this set's, as protobuf-java's merge does. */
  public void mergeFrom(UnknownFields other) {
    for (int r = 0; r < other.count; r++) {
      int from = other.starts[r];
      int to = r + 1 < other.count ? other.starts[r + 1] : other.length;
      appendRecord(other.data, from, to - from, other.keys[r]);
    }
    if (other.extensions != null && !other.extensions.isEmpty()) {
      extensions().mergeFrom(other.extensions);
    }
  }

  /** Merges {@code from} into {@code into} (either may be null); returns the set to keep. */
  public static UnknownFields merge(UnknownFields into, UnknownFields from) {
    if (from == null || from.isEmpty() || from == into) {
      return into;
    }
    UnknownFields s = orNew(into);
    s.mergeFrom(from);
    return s;
  }

  /** A copy of {@code set} (null stays null). */
  public static UnknownFields copyOf(UnknownFields set) {
    if (set == null) {
      return null;
    }
    UnknownFields s = new UnknownFields();
    s.mergeFrom(set);
    return s;
  }

  /** Equality of the fields kept, ignoring arrival order across numbers; {@code null} is empty. */
  public static boolean equal(UnknownFields a, UnknownFields b) {
    if (!ExtensionFields.equal(a == null ? null : a.extensions, b == null ? null : b.extensions)) {
      return false;
    }
    boolean aEmpty = a == null || a.count == 0;
    boolean bEmpty = b == null || b.count == 0;
    if (aEmpty || bEmpty) {
      return aEmpty == bEmpty;
    }
    return a.length == b.length && Arrays.equals(a.ordered(), b.ordered());
  }

  public static int hash(UnknownFields a) {
    if (a == null) {
      return 0;
    }
    int h = ExtensionFields.hash(a.extensions);
    return a.count == 0 ? h : h * 31 + Arrays.hashCode(a.ordered());
  }

  @Override
  public String toString() {
    return count
        + " unknown field(s), "
        + length
        + " bytes"
        + (extensions == null ? "" : ", extensions of " + extensions.serializedSize() + " bytes");
  }

  // ------------------------------------------------------------------ reading

  private void readField(ByteBuf buf, int tag, int end, int depth) {
    ProtoCodec.checkTag(tag);
    int number = tag >>> 3;
    int wireType = tag & 7;
    int start;
    switch (wireType) {
      case ProtoCodec.WIRETYPE_VARINT -> {
        long v = ProtoCodec.readVarint64(buf);
        start = begin(number, wireType);
        putVarint(v);
      }
      case ProtoCodec.WIRETYPE_FIXED64 -> {
        start = begin(number, wireType);
        copy(buf, 8, end);
      }
      case ProtoCodec.WIRETYPE_FIXED32 -> {
        start = begin(number, wireType);
        copy(buf, 4, end);
      }
      case ProtoCodec.WIRETYPE_LENGTH_DELIMITED -> {
        int len = ProtoCodec.readLength(buf, end);
        start = begin(number, wireType);
        putVarint(len);
        copy(buf, len, end);
      }
      case ProtoCodec.WIRETYPE_START_GROUP -> {
        if (depth <= 0) {
          throw ParseFailure.recursionLimit();
        }
        UnknownFields group = new UnknownFields();
        int endTag = (number << 3) | ProtoCodec.WIRETYPE_END_GROUP;
        while (true) {
          if (buf.readerIndex() >= end) {
            throw buf.readerIndex() == end
                ? ParseFailure.unclosedGroup()
                : ParseFailure.truncated();
          }
          // Not readTag: an error here is in the field being read.
          int t = ProtoCodec.readVarint32(buf);
          if (t == endTag) {
            break;
          }
          group.readField(buf, t, end, depth - 1);
        }
        start = begin(number, wireType);
        byte[] body = group.ordered();
        ensure(body.length);
        System.arraycopy(body, 0, data, length, body.length);
        length += body.length;
        putVarint(endTag);
      }
      default -> throw ParseFailure.unexpectedEndGroup(tag);
    }
    end(start, number, wireType);
  }

  private void copy(ByteBuf buf, int n, int end) {
    if (n > end - buf.readerIndex()) {
      throw ParseFailure.truncated();
    }
    ensure(n);
    buf.readBytes(data, length, n);
    length += n;
  }

  // ------------------------------------------------------------------ records

  /** Starts a record: writes its canonical tag; returns where the record starts. */
  private int begin(int number, int wireType) {
    int start = length;
    putVarint((number << 3) | wireType);
    return start;
  }

  private void end(int start, int number, int wireType) {
    addIndex(start, (long) number * 8 + RANK[wireType]);
  }

  private void appendRecord(byte[] src, int from, int len, long key) {
    ensure(len);
    int start = length;
    System.arraycopy(src, from, data, length, len);
    length += len;
    addIndex(start, key);
  }

  private void addIndex(int start, long key) {
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, count * 2);
      keys = Arrays.copyOf(keys, count * 2);
    }
    if (count > 0 && key < keys[count - 1]) {
      inOrder = false;
    }
    starts[count] = start;
    keys[count] = key;
    count++;
  }

  private void putVarint(long v) {
    ensure(10);
    while ((v & ~0x7fL) != 0) {
      data[length++] = (byte) ((v & 0x7f) | 0x80);
      v >>>= 7;
    }
    data[length++] = (byte) v;
  }

  private void putVarint(int v) {
    putVarint(v & 0xffffffffL);
  }

  private void ensure(int n) {
    if (length + n > data.length) {
      data = Arrays.copyOf(data, Math.max(data.length * 2, length + n));
    }
  }

  /** Record indexes in output order: by key, arrival order within a key (stable). */
  private int[] sortedOrder() {
    if (order.length < count) {
      order = new int[starts.length];
    }
    for (int i = 0; i < count; i++) {
      int r = i;
      int j = i - 1;
      while (j >= 0 && keys[order[j]] > keys[r]) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = r;
    }
    return order;
  }

  /** The bytes {@link #writeTo} writes, as a new array. */
  private byte[] ordered() {
    if (inOrder) {
      return Arrays.copyOf(data, length);
    }
    byte[] out = new byte[length];
    int pos = 0;
    int[] o = sortedOrder();
    for (int i = 0; i < count; i++) {
      int r = o[i];
      int from = starts[r];
      int to = r + 1 < count ? starts[r + 1] : length;
      System.arraycopy(data, from, out, pos, to - from);
      pos += to - from;
    }
    return out;
  }
}
