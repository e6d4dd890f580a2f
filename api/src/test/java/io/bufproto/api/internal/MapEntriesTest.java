package io.bufproto.api.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * MapEntries against {@code LinkedHashMap} (the map protobuf-java keeps entries in): random puts,
 * removes and clears over a small key range (so keys collide in the index and come back after a
 * removal) must leave the same entries in the same order, found by the same lookups.
 */
class MapEntriesTest {

  @Test
  void longKeysBehaveLikeALinkedHashMap() {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      MapEntries ours = new MapEntries(MapEntries.Box.LONG, MapEntries.Box.INT, false);
      Map<Long, Integer> oracle = new LinkedHashMap<>();
      int range = 1 + r.nextInt(r.nextBoolean() ? 8 : 200);
      for (int op = 0; op < 300; op++) {
        long key = (r.nextInt(range) - range / 2) * (r.nextBoolean() ? 1L : 1L << 33);
        int choice = r.nextInt(20);
        if (choice < 13) {
          int value = r.nextInt();
          ours.setLongValue(ours.putLong(key), value);
          oracle.put(key, value);
        } else if (choice < 19) {
          int i = ours.findLong(key);
          assertEquals(oracle.containsKey(key), i >= 0, "seed " + seed);
          if (i >= 0) {
            ours.remove(i);
          }
          oracle.remove(key);
        } else {
          ours.clear();
          oracle.clear();
        }
        assertAgree(oracle, ours, seed);
      }
    }
  }

  @Test
  void stringKeysBehaveLikeALinkedHashMap() {
    for (long seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      MapEntries ours = new MapEntries(MapEntries.Box.OBJECT, MapEntries.Box.OBJECT, false);
      Map<String, String> oracle = new LinkedHashMap<>();
      int range = 1 + r.nextInt(50);
      for (int op = 0; op < 300; op++) {
        String key = "k" + r.nextInt(range);
        int choice = r.nextInt(20);
        if (choice < 13) {
          String value = "v" + op;
          ours.setObjectValue(ours.putObject(key), value);
          oracle.put(key, value);
        } else if (choice < 19) {
          int i = ours.findObject(key);
          if (i >= 0) {
            ours.remove(i);
          }
          oracle.remove(key);
        } else {
          ours.clear();
          oracle.clear();
        }
        assertAgree(oracle, ours, seed);
      }
    }
  }

  private static void assertAgree(Map<?, ?> oracle, MapEntries ours, long seed) {
    Map<Object, Object> view = MapEntries.view(ours);
    assertEquals(oracle.size(), ours.size(), "seed " + seed);
    assertEquals(
        new ArrayList<>(oracle.entrySet()), new ArrayList<>(view.entrySet()), "seed " + seed);
    for (Object key : oracle.keySet()) {
      assertEquals(oracle.get(key), view.get(key), "seed " + seed);
    }
    assertEquals(oracle, view);
    assertEquals(oracle.hashCode(), view.hashCode());
  }

  @Test
  void theViewBoxesEachKindAndFindsNothingOfAnotherType() {
    MapEntries m = new MapEntries(MapEntries.Box.BOOL, MapEntries.Box.DOUBLE, false);
    m.setLongValue(m.putLong(1), Double.doubleToRawLongBits(-0.5));
    Map<Object, Object> view = MapEntries.view(m);
    assertEquals(Map.of(true, -0.5), view);
    assertNull(view.get(1L));
    assertNull(view.get(null));
    assertFalse(view.containsKey(false));
    assertThrows(UnsupportedOperationException.class, () -> view.put(false, 1.0));
    assertThrows(UnsupportedOperationException.class, view::clear);
    assertEquals(Map.of(), MapEntries.view(null));

    MapEntries ints = new MapEntries(MapEntries.Box.INT, MapEntries.Box.FLOAT, false);
    ints.setLongValue(ints.putLong(-7), Float.floatToRawIntBits(2.5f));
    assertEquals(Map.of(-7, 2.5f), MapEntries.view(ints));
    assertNull(
        MapEntries.view(ints).get(-7L),
        "a Long is not an Integer key, as in LinkedHashMap<Integer, ?>");
  }

  @Test
  void nullKeysAreRejectedOnPutAndAbsentOnLookup() {
    MapEntries m = new MapEntries(MapEntries.Box.OBJECT, MapEntries.Box.LONG, false);
    assertThrows(NullPointerException.class, () -> m.putObject(null));
    assertEquals(-1, m.findObject(null));
  }

  /** Message values outlive a clear or a remove as spares; a replaced value becomes the spare. */
  @Test
  void messageValuesAreKeptAsSparesAndStringValuesAreDropped() {
    MapEntries messages = new MapEntries(MapEntries.Box.INT, MapEntries.Box.OBJECT, true);
    List<Object> made = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      Object v = new Object();
      made.add(v);
      messages.replaceValue(messages.putLong(k), v);
    }
    assertNull(messages.spareValue());
    messages.remove(messages.findLong(0));
    assertSame(made.get(0), messages.spareValue());
    messages.clear();
    assertSame(made.get(1), messages.spareValue());

    // A parse of a new key appends at the spare's position: the spare itself becomes the value.
    Object spare = messages.spareValue();
    messages.replaceValue(messages.putLong(9), spare);
    assertSame(spare, messages.objectValue(0));
    // Replacing a present key's value with the next spare parks the old value as the spare.
    Object next = messages.spareValue();
    messages.replaceValue(messages.putLong(9), next);
    assertSame(next, messages.objectValue(0));
    assertSame(spare, messages.spareValue());

    MapEntries strings = new MapEntries(MapEntries.Box.INT, MapEntries.Box.OBJECT, false);
    strings.setObjectValue(strings.putLong(1), "one");
    strings.clear();
    assertNull(strings.spareValue());
  }

  @Test
  void sizesFollowTheirEntryWhenAnEarlierOneIsRemoved() {
    MapEntries m = new MapEntries(MapEntries.Box.LONG, MapEntries.Box.LONG, false);
    for (int k = 0; k < 20; k++) {
      int i = m.putLong(k);
      m.setSizes(i, 100 + k, 200 + k, 300 + k);
    }
    m.remove(m.findLong(3));
    int i = m.findLong(10);
    assertEquals(9, i);
    assertEquals(110, m.entrySize(i));
    assertEquals(210, m.keyLength(i));
    assertEquals(310, m.valueLength(i));
  }
}
