package io.bufproto.api.internal;

import io.bufproto.api.Extension;
import io.bufproto.api.InvalidProtobufException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What the generated extension accessors ({@code hasExtension}, {@code getExtension}, ...) call, on
 * a message's {@link UnknownFields}: an extension's value is read from its {@link ExtensionFields}
 * record, then from the unknown fields of its number that hold one (a parse without a registry kept
 * them there), and decoded anew at each call.
 */
public final class ExtensionAccess {

  private ExtensionAccess() {}

  /**
   * {@code e}'s records: those held here, then the unknown fields of its number that hold a value
   * of it (a parse without a registry kept them there), in protobuf-java's form; null if none.
   */
  private static byte[] recordsOf(UnknownFields u, Extension<?, ?> e) {
    if (u == null) {
      return null;
    }
    ExtensionFields x = u.extensionsOrNull();
    byte[] own = x == null ? null : x.recordsOf(e.number());
    byte[] unknown =
        u.recordsOf(e.number(), (wireType, data, at) -> holdsValue(e, wireType, data, at));
    if (unknown == null) {
      return own;
    }
    return ExtensionCodec.canonical(
        e, own == null ? unknown : ExtensionFields.concat(own, unknown, unknown.length));
  }

  /**
   * Whether an unknown record holds a value of {@code e}, as a registry-aware parse would have read
   * it: its wire type is one {@code e} is read from, and a closed enum's varint is declared.
   */
  private static boolean holdsValue(Extension<?, ?> e, int wireType, byte[] data, int at) {
    if (!ExtensionFields.accepts(e, wireType)) {
      return false;
    }
    if (e.isClosedEnum() && wireType == ProtoCodec.WIRETYPE_VARINT) {
      long v = new ExtensionValues.Cursor(data, at, data.length).varint();
      return e.enumValue((int) v) != null;
    }
    return true;
  }

  private static List<Object> values(UnknownFields u, Extension<?, ?> e) {
    byte[] r = recordsOf(u, e);
    return r == null ? List.of() : ExtensionCodec.values(e, r);
  }

  /** Whether the singular extension {@code e} is set. */
  public static boolean has(UnknownFields u, Extension<?, ?> e) {
    singular(e, true);
    return recordsOf(u, e) != null;
  }

  /**
   * A singular extension's value (its default if not set) or a repeated one's values (an
   * unmodifiable list). A message is decoded anew at each call.
   */
  public static Object get(UnknownFields u, Extension<?, ?> e) {
    List<Object> values = values(u, e);
    if (e.isRepeated()) {
      return Collections.unmodifiableList(values);
    }
    return values.isEmpty() ? e.defaultValue() : values.get(values.size() - 1);
  }

  /** How many values the repeated extension {@code e} holds. */
  public static int count(UnknownFields u, Extension<?, ?> e) {
    singular(e, false);
    return values(u, e).size();
  }

  /** The repeated extension's {@code index}-th value. */
  public static Object get(UnknownFields u, Extension<?, ?> e, int index) {
    singular(e, false);
    return values(u, e).get(index);
  }

  /**
   * Sets {@code e} to {@code value} (a list for a repeated extension), replacing what the message
   * held as its value, unknown fields that hold one included (a parse without a registry kept them:
   * protobuf-java would write both, and a reader would see the old value last); returns the set to
   * keep.
   *
   * @throws IllegalArgumentException if a message value lacks a required field
   */
  public static UnknownFields set(UnknownFields u, Extension<?, ?> e, Object value) {
    if (value == null) {
      throw new NullPointerException("a null value for extension " + e.fullName());
    }
    List<?> values = e.isRepeated() ? (List<?>) value : List.of(value);
    byte[] bytes;
    try {
      bytes = ExtensionCodec.encode(e, values);
    } catch (InvalidProtobufException ex) {
      throw new IllegalArgumentException("extension " + e.fullName() + ": " + ex.getMessage(), ex);
    }
    UnknownFields s = UnknownFields.orNew(u);
    s.remove(e.number(), (wireType, data, at) -> holdsValue(e, wireType, data, at));
    s.extensions().put(e, bytes);
    return s;
  }

  /** Appends {@code value} to the repeated extension {@code e}; returns the set to keep. */
  public static UnknownFields add(UnknownFields u, Extension<?, ?> e, Object value) {
    singular(e, false);
    List<Object> values = new ArrayList<>(values(u, e));
    values.add(value);
    return set(u, e, values);
  }

  /** Removes {@code e}'s value, unknown fields holding one included; returns the set to keep. */
  public static UnknownFields clear(UnknownFields u, Extension<?, ?> e) {
    if (u != null) {
      u.remove(e.number(), (wireType, data, at) -> holdsValue(e, wireType, data, at));
      ExtensionFields x = u.extensionsOrNull();
      if (x != null) {
        x.put(e, null);
      }
    }
    return u;
  }

  private static void singular(Extension<?, ?> e, boolean singular) {
    if (e.isRepeated() == singular) {
      throw new IllegalArgumentException(
          e.fullName() + (singular ? " is repeated" : " is not repeated"));
    }
  }
}
