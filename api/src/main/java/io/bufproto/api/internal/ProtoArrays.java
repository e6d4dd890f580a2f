package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;
import java.util.Arrays;

/** Backing arrays of repeated fields: shared empties, amortized growth, and their release. */
public final class ProtoArrays {

  public static final int[] EMPTY_INT = new int[0];
  public static final long[] EMPTY_LONG = new long[0];
  public static final float[] EMPTY_FLOAT = new float[0];
  public static final double[] EMPTY_DOUBLE = new double[0];
  public static final boolean[] EMPTY_BOOLEAN = new boolean[0];
  public static final byte[] EMPTY_BYTES = new byte[0];
  public static final String[] EMPTY_STRINGS = new String[0];
  public static final ByteBuf[] EMPTY_BUFS = new ByteBuf[0];

  private ProtoArrays() {}

  private static int next(int length) {
    int n = length < 4 ? 8 : length + (length >> 1);
    if (n < 0 || n > Integer.MAX_VALUE - 8) {
      n = Integer.MAX_VALUE - 8;
      if (n <= length) {
        throw new OutOfMemoryError("repeated field too large");
      }
    }
    return n;
  }

  public static int[] grow(int[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  public static long[] grow(long[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  public static float[] grow(float[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  public static double[] grow(double[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  public static boolean[] grow(boolean[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  public static <T> T[] grow(T[] a) {
    return Arrays.copyOf(a, next(a.length));
  }

  // ---- A release (Reuse): arrays up to Reuse.KEPT_ELEMENTS are kept for reuse, longer dropped

  /** {@code a} with every element nulled, or an empty array when it is too long to keep. */
  public static String[] release(String[] a) {
    if (a.length > Reuse.KEPT_ELEMENTS) {
      return EMPTY_STRINGS;
    }
    Arrays.fill(a, null);
    return a;
  }

  /** {@code a} with every element nulled, or an empty array when it is too long to keep. */
  public static ByteBuf[] release(ByteBuf[] a) {
    if (a.length > Reuse.KEPT_ELEMENTS) {
      return EMPTY_BUFS;
    }
    Arrays.fill(a, null);
    return a;
  }

  /** {@code a}, or an empty array when it is too long to keep. */
  public static int[] trim(int[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? EMPTY_INT : a;
  }

  /** {@code a}, or an empty array when it is too long to keep. */
  public static long[] trim(long[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? EMPTY_LONG : a;
  }

  /** {@code a}, or an empty array when it is too long to keep. */
  public static float[] trim(float[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? EMPTY_FLOAT : a;
  }

  /** {@code a}, or an empty array when it is too long to keep. */
  public static double[] trim(double[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? EMPTY_DOUBLE : a;
  }

  /** {@code a}, or an empty array when it is too long to keep. */
  public static boolean[] trim(boolean[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? EMPTY_BOOLEAN : a;
  }

  /**
   * {@code a} (its elements, messages, are released by the caller), or an empty array when it is
   * too long to keep.
   */
  public static <T> T[] trim(T[] a) {
    return a.length > Reuse.KEPT_ELEMENTS ? Arrays.copyOf(a, 0) : a;
  }
}
