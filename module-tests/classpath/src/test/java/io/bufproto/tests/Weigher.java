package io.bufproto.tests;

import io.netty.buffer.ByteBuf;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/**
 * The heap a message keeps reachable, by a walk over its fields: every object of BufProto's
 * (generated messages and the API's internals) is followed field by field; a String weighs its
 * header and characters (one byte each when all are below 256, as a compact string stores them); an
 * array its header and elements (object arrays followed); a ByteBuf its header and the capacity of
 * the buffer under it while that is alive (its memory is not walked). Anything else weighs a header
 * and is not followed. Estimates in bytes, as a 64-bit JVM with compressed references lays objects
 * out; good for "kilobytes or megabytes", which is what the tests ask.
 */
final class Weigher {

  private Weigher() {}

  static long weigh(Object root) {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    ArrayDeque<Object> todo = new ArrayDeque<>();
    todo.push(root);
    long total = 0;
    while (!todo.isEmpty()) {
      Object o = todo.pop();
      if (!seen.add(o)) {
        continue;
      }
      total += shallow(o, todo);
    }
    return total;
  }

  private static long shallow(Object o, ArrayDeque<Object> todo) {
    if (o instanceof String s) {
      boolean latin1 = s.chars().allMatch(c -> c < 256);
      return 24 + 16 + (long) s.length() * (latin1 ? 1 : 2);
    }
    if (o instanceof ByteBuf b) {
      ByteBuf under = b;
      while (under.unwrap() != null) {
        under = under.unwrap();
      }
      return 64L + (under.refCnt() > 0 ? under.capacity() : 0);
    }
    if (o instanceof Enum<?>) {
      return 0; // shared constants
    }
    Class<?> c = o.getClass();
    if (c.isArray()) {
      int n = Array.getLength(o);
      Class<?> e = c.getComponentType();
      if (!e.isPrimitive()) {
        for (int i = 0; i < n; i++) {
          Object element = Array.get(o, i);
          if (element != null) {
            todo.push(element);
          }
        }
        return 16 + 4L * n;
      }
      int size =
          e == long.class || e == double.class
              ? 8
              : e == int.class || e == float.class
                  ? 4
                  : e == short.class || e == char.class ? 2 : 1;
      return 16 + (long) size * n;
    }
    if (!ours(c)) {
      return 16;
    }
    long size = 12;
    for (Class<?> k = c; k != null && ours(k); k = k.getSuperclass()) {
      for (Field f : k.getDeclaredFields()) {
        if (Modifier.isStatic(f.getModifiers())) {
          continue;
        }
        Class<?> t = f.getType();
        size += t == long.class || t == double.class ? 8 : 4;
        if (!t.isPrimitive()) {
          f.setAccessible(true);
          try {
            Object v = f.get(o);
            if (v != null) {
              todo.push(v);
            }
          } catch (IllegalAccessException e) {
            throw new AssertionError(e);
          }
        }
      }
    }
    return size;
  }

  private static boolean ours(Class<?> c) {
    return c.getName().startsWith("io.bufproto.");
  }
}
