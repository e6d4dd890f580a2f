package io.bufproto.api;

/** Implemented by every generated enum. */
public interface ProtoEnum {
  /** The value's number on the wire. */
  int getNumber();
}
