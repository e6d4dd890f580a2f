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
 * #readMessageSet} holds extensions in the item form protobuf-java writes them in (group 1 holding
 * type_id = 2 and message = 3), sorted by type id; see there.
 *
 * <p><b>Storage.</b> Records are copied, canonical, into one growing array in arrival order; a
 * write in field order needs no sort when they arrived in order (the usual case). The bytes are
 * copied out of the parsed buffer, so unknown fields never alias it. A message with no unknown
 * field holds no instance at all; {@link #clear()} keeps the arrays for reuse.
 */
public final class UnknownFields {

  private static final int[] RANK = {
    0, 2, 3, 4, -1, 1
  }; // by wire type: varint, fixed32, fixed64, len, group

  /** MessageSet's item: group 1 holding type_id (field 2, varint) and message (field 3, bytes). */
  private static final int ITEM_TAG = (1 << 3) | ProtoCodec.WIRETYPE_START_GROUP;

  private static final int ITEM_END_TAG = (1 << 3) | ProtoCodec.WIRETYPE_END_GROUP;
  private static final int TYPE_ID_TAG = (2 << 3) | ProtoCodec.WIRETYPE_VARINT;
  private static final int MESSAGE_TAG = (3 << 3) | ProtoCodec.WIRETYPE_LENGTH_DELIMITED;

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

  private UnknownFields() {}

  /**
   * Reads the field whose tag was just read and appends it; creates the set when {@code set} is
   * null.
   */
  public static UnknownFields read(UnknownFields set, ByteBuf buf, int tag, int end, int depth) {
    UnknownFields s = set == null ? new UnknownFields() : set;
    s.readField(buf, tag, end, depth);
    return s;
  }

  /**
   * {@link #read} for a MessageSet, as protobuf-java parses one with no extension registry (every
   * extension is unknown to it too). An item (group 1) with a non-zero type_id and a message
   * (either order; the last of each counts; other fields in it skipped), and a plain
   * length-delimited field (its number as the type id), are kept as the item protobuf-java writes
   * back: {@code 0b 10 <type id> 1a <length> <message> 0c}. An item that lacks either is dropped; a
   * type id of 2^31 or more is rejected (protobuf-java throws an IllegalArgumentException there). A
   * field of another wire type is read, so that a malformed one is rejected, and dropped:
   * protobuf-java keeps it in its unknown field set but never writes it.
   */
  public static UnknownFields readMessageSet(
      UnknownFields set, ByteBuf buf, int tag, int end, int depth) {
    if (tag == ITEM_TAG) {
      return readItem(set, buf, end, depth);
    }
    if ((tag & 7) != ProtoCodec.WIRETYPE_LENGTH_DELIMITED) {
      ProtoCodec.skipField(buf, tag, end, depth);
      return set;
    }
    ProtoCodec.checkTag(tag);
    int len = ProtoCodec.readLength(buf, end);
    UnknownFields s = set == null ? new UnknownFields() : set;
    s.addItem(tag >>> 3, buf, buf.readerIndex(), len);
    buf.skipBytes(len);
    return s;
  }

  private static UnknownFields readItem(UnknownFields set, ByteBuf buf, int end, int depth) {
    int typeId = 0;
    int message = -1;
    int messageLength = 0;
    while (true) {
      if (buf.readerIndex() >= end) {
        throw buf.readerIndex() == end ? ParseFailure.unclosedGroup() : ParseFailure.truncated();
      }
      int t = ProtoCodec.readVarint32(buf); // not readTag: an error here is in the field being read
      if (t == TYPE_ID_TAG) {
        typeId = ProtoCodec.readUInt32(buf);
      } else if (t == MESSAGE_TAG) {
        messageLength = ProtoCodec.readLength(buf, end);
        message = buf.readerIndex();
        buf.skipBytes(messageLength);
      } else if (t == ITEM_END_TAG) {
        break;
      } else {
        ProtoCodec.skipField(buf, t, end, depth); // rejects a bad tag and any other end-group tag
      }
    }
    if (typeId == 0 || message < 0) {
      return set;
    }
    if (typeId < 0) {
      throw ParseFailure.invalidMessageSetTypeId(typeId);
    }
    UnknownFields s = set == null ? new UnknownFields() : set;
    s.addItem(typeId, buf, message, messageLength);
    return s;
  }

  /**
   * Appends the item of {@code typeId} (unsigned) holding {@code length} bytes of {@code src} at
   * {@code index}.
   */
  private void addItem(int typeId, ByteBuf src, int index, int length) {
    int start = this.length;
    putVarint(ITEM_TAG);
    putVarint(TYPE_ID_TAG);
    putVarint(typeId);
    putVarint(MESSAGE_TAG);
    putVarint(length);
    ensure(length);
    src.getBytes(index, data, this.length, length);
    this.length += length;
    putVarint(ITEM_END_TAG);
    addIndex(start, (long) typeId * 8 + RANK[ProtoCodec.WIRETYPE_LENGTH_DELIMITED]);
  }

  /** Appends a varint field (how protobuf-java keeps an undeclared closed-enum value). */
  public static UnknownFields addVarint(UnknownFields set, int number, long value) {
    UnknownFields s = set == null ? new UnknownFields() : set;
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
    UnknownFields s = set == null ? new UnknownFields() : set;
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
    return count == 0;
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

  /** Bytes {@link #writeTo} writes. */
  public int serializedSize() {
    return length;
  }

  /** Forgets every field; keeps the arrays. */
  public void clear() {
    length = 0;
    count = 0;
    inOrder = true;
  }

  /** Writes the fields in protobuf-java's order at {@code at}; returns the index after them. */
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
  }

  /** Merges {@code from} into {@code into} (either may be null); returns the set to keep. */
  public static UnknownFields merge(UnknownFields into, UnknownFields from) {
    if (from == null || from.count == 0 || from == into) {
      return into;
    }
    UnknownFields s = into == null ? new UnknownFields() : into;
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
    boolean aEmpty = a == null || a.count == 0;
    boolean bEmpty = b == null || b.count == 0;
    if (aEmpty || bEmpty) {
      return aEmpty == bEmpty;
    }
    return a.length == b.length && Arrays.equals(a.ordered(), b.ordered());
  }

  public static int hash(UnknownFields a) {
    return a == null || a.count == 0 ? 0 : Arrays.hashCode(a.ordered());
  }

  @Override
  public String toString() {
    return count + " unknown field(s), " + length + " bytes";
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
