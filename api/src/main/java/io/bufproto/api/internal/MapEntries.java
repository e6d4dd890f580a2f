package io.bufproto.api.internal;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * The storage of one map field, for generated code: entries in insertion order (the order
 * protobuf-java writes them), numeric keys and values unboxed in {@code long}s, found through an
 * open-addressing index. Users see a map field through its generated accessors and the read-only,
 * live {@link #view(MapEntries)}.
 *
 * <p>Why not {@code LinkedHashMap}: it allocates a node per put and boxes numbers, and a write
 * iterates it with an iterator object; here, parsing into a reused message and writing allocate
 * nothing but the {@code String}s and {@code byte[]}s of string and bytes entries (AllocationTest).
 *
 * <p><b>Positions.</b> Entries are addressed by position {@code 0 <= i < size()}. A put of a new
 * key appends; a put of a present key keeps its position (as {@code LinkedHashMap} does); a {@link
 * #remove(int)} shifts the entries after it down by one.
 *
 * <p><b>Cached sizes.</b> Each entry has room for its encoded size and the UTF-8 lengths of a
 * string key and value ({@link #setSizes}): the size pass of generated code stores them, the write
 * that follows reads them, so a string's length is computed once per change, not once per pass.
 *
 * <p><b>Spares.</b> In a map of messages, value objects past {@code size()} are kept after a clear
 * or a remove and handed out again by {@link #spareValue()}, as repeated message fields keep their
 * elements: a parse into a reused message reuses them. Other object values (strings, bytes) are
 * dropped on clear so that the map does not keep them alive.
 */
public final class MapEntries {

  /** How a key or value is stored ({@code long} bits or an object) and boxed in the view. */
  public enum Box {
    INT,
    LONG,
    BOOL,
    FLOAT,
    DOUBLE,
    OBJECT;

    Object box(long bits) {
      switch (this) {
        case INT -> {
          return (int) bits;
        }
        case LONG -> {
          return bits;
        }
        case BOOL -> {
          return bits != 0;
        }
        case FLOAT -> {
          return Float.intBitsToFloat((int) bits);
        }
        case DOUBLE -> {
          return Double.longBitsToDouble(bits);
        }
        case OBJECT -> {}
      }
      throw new AssertionError(this);
    }

    /**
     * Whether {@code key} is a boxed value of this kind (a view lookup of anything else finds
     * nothing).
     */
    boolean isBoxOf(Object key) {
      return switch (this) {
        case INT -> key instanceof Integer;
        case LONG -> key instanceof Long;
        case BOOL -> key instanceof Boolean;
        case FLOAT -> key instanceof Float;
        case DOUBLE -> key instanceof Double;
        case OBJECT -> key != null;
      };
    }

    long unbox(Object boxed) {
      switch (this) {
        case INT -> {
          return (Integer) boxed;
        }
        case LONG -> {
          return (Long) boxed;
        }
        case BOOL -> {
          return (Boolean) boxed ? 1 : 0;
        }
        case FLOAT -> {
          return Float.floatToRawIntBits((Float) boxed);
        }
        case DOUBLE -> {
          return Double.doubleToRawLongBits((Double) boxed);
        }
        case OBJECT -> {}
      }
      throw new AssertionError(this);
    }
  }

  private static final int SIZES_PER_ENTRY = 3;

  private final Box keyBox;
  private final Box valueBox;
  private final boolean keepsSpares;

  private int size;
  private long[] longKeys;
  private Object[] objectKeys;
  private long[] longValues;
  private Object[] objectValues;
  private int[] sizes;

  /**
   * Open addressing, linear probing: entry position + 1, 0 for an empty slot; twice the capacity.
   */
  private int[] index;

  private Map<Object, Object> view;

  /**
   * @param keyBox how keys are stored ({@link Box#OBJECT} for strings)
   * @param valueBox how values are stored ({@link Box#OBJECT} for strings, bytes and messages)
   * @param messageValues whether values are messages, kept as spares after a clear
   */
  public MapEntries(Box keyBox, Box valueBox, boolean messageValues) {
    this.keyBox = keyBox;
    this.valueBox = valueBox;
    this.keepsSpares = messageValues;
    allocate(4);
  }

  public int size() {
    return size;
  }

  /** The position of {@code key} (stored as {@code long} bits), or -1. */
  public int findLong(long key) {
    int[] idx = index;
    int mask = idx.length - 1;
    for (int s = hash(key) & mask; ; s = (s + 1) & mask) {
      int e = idx[s] - 1;
      if (e < 0 || longKeys[e] == key) {
        return e;
      }
    }
  }

  /** The position of {@code key} (a string), or -1; -1 for {@code null}. */
  public int findObject(Object key) {
    if (key == null) {
      return -1;
    }
    int[] idx = index;
    int mask = idx.length - 1;
    for (int s = hash(key) & mask; ; s = (s + 1) & mask) {
      int e = idx[s] - 1;
      if (e < 0 || key.equals(objectKeys[e])) {
        return e;
      }
    }
  }

  /** The position of {@code key}, appended (its value not yet set) if absent. */
  public int putLong(long key) {
    int e = findLong(key);
    if (e >= 0) {
      return e;
    }
    ensureRoom();
    longKeys[size] = key;
    return appendToIndex(hash(key));
  }

  /** The position of {@code key}, appended (its value not yet set) if absent. */
  public int putObject(Object key) {
    Objects.requireNonNull(key, "map key");
    int e = findObject(key);
    if (e >= 0) {
      return e;
    }
    ensureRoom();
    objectKeys[size] = key;
    return appendToIndex(hash(key));
  }

  public long longKey(int i) {
    return longKeys[i];
  }

  public Object objectKey(int i) {
    return objectKeys[i];
  }

  public long longValue(int i) {
    return longValues[i];
  }

  public Object objectValue(int i) {
    return objectValues[i];
  }

  public void setLongValue(int i, long value) {
    longValues[i] = value;
  }

  public void setObjectValue(int i, Object value) {
    objectValues[i] = value;
  }

  /**
   * A message that may be reused for a new value (cleared by the caller), or {@code null}. It stays
   * in place: a put of a new key appends at its position, and {@link #replaceValue} of a present
   * key swaps it with the value it replaces.
   */
  public Object spareValue() {
    return size < objectValues.length ? objectValues[size] : null;
  }

  /**
   * Sets a message value; the message it replaces, if another, becomes the spare, still holding its
   * values (the caller tells its message: see {@link Reuse}). Returns whether one did.
   */
  public boolean replaceValue(int i, Object value) {
    Object old = objectValues[i];
    objectValues[i] = value;
    if (old != value && old != null && size < objectValues.length) {
      objectValues[size] = old;
      return true;
    }
    return false;
  }

  /** Removes the entry at {@code i}; the entries after it move down one position. */
  public void remove(int i) {
    Objects.checkIndex(i, size);
    int after = size - 1 - i;
    if (longKeys != null) {
      System.arraycopy(longKeys, i + 1, longKeys, i, after);
    } else {
      System.arraycopy(objectKeys, i + 1, objectKeys, i, after);
      objectKeys[size - 1] = null;
    }
    if (longValues != null) {
      System.arraycopy(longValues, i + 1, longValues, i, after);
    } else {
      Object removed = objectValues[i];
      System.arraycopy(objectValues, i + 1, objectValues, i, after);
      objectValues[size - 1] = keepsSpares ? removed : null;
    }
    System.arraycopy(
        sizes, (i + 1) * SIZES_PER_ENTRY, sizes, i * SIZES_PER_ENTRY, after * SIZES_PER_ENTRY);
    size--;
    rebuildIndex();
  }

  /**
   * Empties the map. Message values stay as spares, with what they held (counted by the message's
   * {@link Reuse} like the rest of what a clear keeps); other values are dropped.
   */
  public void clear() {
    if (size == 0) {
      return;
    }
    if (objectKeys != null) {
      Arrays.fill(objectKeys, 0, size, null);
    }
    if (objectValues != null && !keepsSpares) {
      Arrays.fill(objectValues, 0, size, null);
    }
    Arrays.fill(index, 0);
    size = 0;
  }

  /**
   * Empties the map and lets go of what it keeps ({@link Reuse}): spare message values are released
   * too. Returns this, or null when its storage has room for more than {@link Reuse#KEPT_ELEMENTS}
   * entries (the field then makes a new map when next used).
   */
  public MapEntries release() {
    if (sizes.length / SIZES_PER_ENTRY > Reuse.KEPT_ELEMENTS) {
      return null;
    }
    clear();
    if (keepsSpares) {
      for (Object v : objectValues) {
        if (v != null) {
          ((InternalMessage) v)._release();
        }
      }
    }
    return this;
  }

  /** Stores the sizes the write of entry {@code i} needs (0 where a length does not apply). */
  public void setSizes(int i, int entrySize, int keyLength, int valueLength) {
    int at = i * SIZES_PER_ENTRY;
    sizes[at] = entrySize;
    sizes[at + 1] = keyLength;
    sizes[at + 2] = valueLength;
  }

  /**
   * The encoded size of entry {@code i} without its tag and length, as last {@link #setSizes set}.
   */
  public int entrySize(int i) {
    return sizes[i * SIZES_PER_ENTRY];
  }

  /** The key's {@link Utf8#scan length word}, for a string key. */
  public int keyLength(int i) {
    return sizes[i * SIZES_PER_ENTRY + 1];
  }

  /** The value's {@link Utf8#scan length word}, for a string value. */
  public int valueLength(int i) {
    return sizes[i * SIZES_PER_ENTRY + 2];
  }

  /**
   * A read-only, live {@code Map} view of {@code entries} (empty for {@code null}), numbers boxed
   * on access. Its iteration order is insertion order.
   */
  @SuppressWarnings("unchecked")
  public static <K, V> Map<K, V> view(MapEntries entries) {
    if (entries == null) {
      return Collections.emptyMap();
    }
    if (entries.view == null) {
      entries.view = entries.new View();
    }
    return (Map<K, V>) entries.view;
  }

  Object boxedKey(int i) {
    return keyBox == Box.OBJECT ? objectKeys[i] : keyBox.box(longKeys[i]);
  }

  Object boxedValue(int i) {
    return valueBox == Box.OBJECT ? objectValues[i] : valueBox.box(longValues[i]);
  }

  private int find(Object boxedKey) {
    if (!keyBox.isBoxOf(boxedKey)) {
      return -1;
    }
    return keyBox == Box.OBJECT ? findObject(boxedKey) : findLong(keyBox.unbox(boxedKey));
  }

  private void allocate(int capacity) {
    if (keyBox == Box.OBJECT) {
      objectKeys = objectKeys == null ? new Object[capacity] : Arrays.copyOf(objectKeys, capacity);
    } else {
      longKeys = longKeys == null ? new long[capacity] : Arrays.copyOf(longKeys, capacity);
    }
    if (valueBox == Box.OBJECT) {
      objectValues =
          objectValues == null ? new Object[capacity] : Arrays.copyOf(objectValues, capacity);
    } else {
      longValues = longValues == null ? new long[capacity] : Arrays.copyOf(longValues, capacity);
    }
    sizes =
        sizes == null
            ? new int[capacity * SIZES_PER_ENTRY]
            : Arrays.copyOf(sizes, capacity * SIZES_PER_ENTRY);
    index = new int[capacity * 2];
  }

  private void ensureRoom() {
    int capacity = index.length / 2;
    if (size == capacity) {
      if (capacity >= 1 << 29) {
        throw new OutOfMemoryError("map field too large");
      }
      allocate(capacity * 2);
      rebuildIndex();
    }
  }

  /** Indexes the entry at {@code size} (its key already stored) and returns its position. */
  private int appendToIndex(int hash) {
    int[] idx = index;
    int mask = idx.length - 1;
    int s = hash & mask;
    while (idx[s] != 0) {
      s = (s + 1) & mask;
    }
    idx[s] = size + 1;
    return size++;
  }

  private void rebuildIndex() {
    int n = size;
    Arrays.fill(index, 0);
    size = 0;
    for (int e = 0; e < n; e++) {
      appendToIndex(keyBox == Box.OBJECT ? hash(objectKeys[e]) : hash(longKeys[e]));
    }
  }

  private static int hash(long key) {
    return (int) ((key * 0x9E3779B97F4A7C15L) >>> 32);
  }

  private static int hash(Object key) {
    int h = key.hashCode() * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  private final class View extends AbstractMap<Object, Object> {

    @Override
    public int size() {
      return size;
    }

    @Override
    public boolean containsKey(Object key) {
      return find(key) >= 0;
    }

    @Override
    public Object get(Object key) {
      int i = find(key);
      return i < 0 ? null : boxedValue(i);
    }

    @Override
    public Set<Map.Entry<Object, Object>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public int size() {
          return size;
        }

        @Override
        public Iterator<Map.Entry<Object, Object>> iterator() {
          return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
              return next < size;
            }

            @Override
            public Map.Entry<Object, Object> next() {
              if (next >= size) {
                throw new NoSuchElementException();
              }
              int i = next++;
              return new AbstractMap.SimpleImmutableEntry<>(boxedKey(i), boxedValue(i));
            }
          };
        }
      };
    }
  }
}
