package io.bufproto.templates;

/** The field kinds; each has one template under {@code fields/}. */
public enum Kind {
  /** Singular number, bool or enum. */
  SCALAR,
  STRING,
  BYTES,
  MESSAGE,
  REPEATED_SCALAR,
  REPEATED_STRING,
  REPEATED_BYTES,
  REPEATED_MESSAGE,
  MAP
}
