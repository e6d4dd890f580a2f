package io.bufproto.api.internal;

import io.bufproto.api.Extension;
import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.internal.ExtensionValues.Sink;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The extensions a message holds as extensions, not as unknown fields: those a parse with an {@link
 * ExtensionRegistry} read, and those set through {@code setExtension}. Kept inside the message's
 * {@code UnknownFields} (so a message without extensions holds nothing).
 *
 * <p><b>Storage.</b> For each extension, the records protobuf-java writes for its value ({@link
 * ExtensionCodec}), in a new array of its own that is never changed afterwards: a message value
 * read from it may alias it. Copied out of the parsed buffer, so never aliasing it. Values are
 * decoded on each {@code getExtension}, as protobuf-java's lazy fields are on first use: a message
 * value returned is a new message, and changing it does not change the extension.
 *
 * <p><b>Output</b>: each extension's records in field-number order, written by the generated write
 * between the fields around its number ({@link #writeTo}), as protobuf-java's {@code
 * extensionWriter.writeUntil} does.
 *
 * <p><b>Parse.</b> The registry of the parse under way is a thread-local of {@link
 * ExtensionRegistry}: only extendable messages look at it, only for a field they do not declare.
 * Records of a registered extension are collected as they come and turned into protobuf-java's form
 * once, when the message's parse ends ({@link #endParse}), so a value given a million times costs
 * one pass.
 */
public final class ExtensionFields {

  /** The extensions, in field-number order, and each one's records. */
  private Extension<?, ?>[] extensions = new Extension<?, ?>[2];

  private byte[][] records = new byte[2][];
  private int count;
  private int size;

  /** During a parse: the records of each registered extension met, as they came. */
  private final List<Extension<?, ?>> pendingExtensions = new ArrayList<>();

  private final List<Sink> pending = new ArrayList<>();

  ExtensionFields() {}

  /**
   * The extension of {@code extendee} that a field with this tag is, when the parse under way has a
   * registry holding one whose encoding the tag's wire type is (its own, or packed for a repeated
   * scalar); else null, and the field is unknown, as protobuf-java's parse decides.
   */
  static Extension<?, ?> registered(String extendee, int tag) {
    ExtensionRegistry registry = ExtensionRegistry._parsing();
    if (registry == null) {
      return null;
    }
    Extension<?, ?> e = registry.find(extendee, tag >>> 3);
    return e != null && accepts(e, tag & 7) ? e : null;
  }

  /** Whether a record of wire type {@code wireType} holds a value of {@code e}. */
  static boolean accepts(Extension<?, ?> e, int wireType) {
    return wireType == e.type().wireType()
        || (e.isRepeated()
            && e.type().packable()
            && wireType == ProtoCodec.WIRETYPE_LENGTH_DELIMITED);
  }

  /** Reads the field of {@code e} whose tag was just read, for {@link #endParse}. */
  void read(Extension<?, ?> e, ByteBuf buf, int tag, int end, int depth) {
    int start = buf.readerIndex();
    ProtoCodec.skipField(buf, tag, end, depth);
    int i = pendingExtensions.indexOf(e);
    Sink s;
    if (i < 0) {
      s = new Sink();
      pendingExtensions.add(e);
      pending.add(s);
    } else {
      s = pending.get(i);
    }
    s.tag(tag);
    s.bytes(buf, start, buf.readerIndex() - start);
  }

  /**
   * Turns the records this parse read into each extension's value, merged with what the message
   * held: the closed enums' undeclared values go to {@code owner} (the message's unknown fields),
   * message values are parsed with {@code depth} levels allowed below the extended message.
   */
  void endParse(ExtensionCodec.Leftovers owner, int depth) {
    for (int i = 0; i < pendingExtensions.size(); i++) {
      Extension<?, ?> e = pendingExtensions.get(i);
      Sink s = pending.get(i);
      int k = indexOf(e.number());
      byte[] data = s.data;
      int length = s.length;
      if (k >= 0) {
        data = concat(records[k], s.data, s.length);
        length = data.length;
      }
      put(e, ExtensionCodec.canonical(e, data, length, owner, depth));
    }
    pendingExtensions.clear();
    pending.clear();
  }

  static byte[] concat(byte[] first, byte[] second, int secondLength) {
    byte[] both = Arrays.copyOf(first, first.length + secondLength);
    System.arraycopy(second, 0, both, first.length, secondLength);
    return both;
  }

  // ------------------------------------------------------------------ storage

  int serializedSize() {
    return size;
  }

  boolean isEmpty() {
    return count == 0;
  }

  /** Writes the extensions numbered {@code from} to {@code to - 1}; returns the index after. */
  int writeTo(byte[] out, int at, int end, int from, int to) {
    for (int i = 0; i < count; i++) {
      int n = extensions[i].number();
      if (n >= from && n < to) {
        at = ProtoWriter.writeArray(out, at, end, records[i], 0, records[i].length);
      }
    }
    return at;
  }

  void clear() {
    Arrays.fill(extensions, 0, count, null);
    Arrays.fill(records, 0, count, null);
    count = 0;
    size = 0;
    pendingExtensions.clear();
    pending.clear();
  }

  /** Merges {@code other}'s extensions into these, as protobuf-java's {@code mergeFrom}. */
  void mergeFrom(ExtensionFields other) {
    for (int i = 0; i < other.count; i++) {
      Extension<?, ?> e = other.extensions[i];
      int k = indexOf(e.number());
      if (k < 0) {
        put(e, other.records[i]); // never changed: shared
      } else {
        byte[] both = concat(records[k], other.records[i], other.records[i].length);
        put(e, ExtensionCodec.canonical(e, both));
      }
    }
  }

  static boolean equal(ExtensionFields a, ExtensionFields b) {
    int na = a == null ? 0 : a.count;
    int nb = b == null ? 0 : b.count;
    if (na != nb) {
      return false;
    }
    for (int i = 0; i < na; i++) {
      if (a.extensions[i].number() != b.extensions[i].number()
          || !Arrays.equals(a.records[i], b.records[i])) {
        return false;
      }
    }
    return true;
  }

  static int hash(ExtensionFields a) {
    int h = 0;
    for (int i = 0; a != null && i < a.count; i++) {
      h = 31 * h + Arrays.hashCode(a.records[i]);
    }
    return h;
  }

  private int indexOf(int number) {
    int lo = 0;
    int hi = count - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int n = extensions[mid].number();
      if (n < number) {
        lo = mid + 1;
      } else if (n > number) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -(lo + 1);
  }

  /** Sets {@code e}'s records ({@code bytes} is kept, never changed), or removes them if null. */
  void put(Extension<?, ?> e, byte[] bytes) {
    int k = indexOf(e.number());
    if (k >= 0) {
      size -= records[k].length;
      if (bytes == null) {
        System.arraycopy(extensions, k + 1, extensions, k, count - k - 1);
        System.arraycopy(records, k + 1, records, k, count - k - 1);
        count--;
        extensions[count] = null;
        records[count] = null;
        return;
      }
      extensions[k] = e;
      records[k] = bytes;
      size += bytes.length;
      return;
    }
    if (bytes == null) {
      return;
    }
    int at = -(k + 1);
    if (count == extensions.length) {
      extensions = Arrays.copyOf(extensions, count * 2);
      records = Arrays.copyOf(records, count * 2);
    }
    System.arraycopy(extensions, at, extensions, at + 1, count - at);
    System.arraycopy(records, at, records, at + 1, count - at);
    extensions[at] = e;
    records[at] = bytes;
    count++;
    size += bytes.length;
  }

  /** {@code number}'s records, or null (for {@link ExtensionAccess}). */
  byte[] recordsOf(int number) {
    int k = indexOf(number);
    return k >= 0 ? records[k] : null;
  }
}
