package io.bufproto.api.format;

import io.bufproto.api.schema.FieldSchema;

/** Field defaults as {@link WireMessage} holds values: what an absent map key or value reads as. */
final class Values {

  private Values() {}

  /** {@code v}, or the default of {@code f}'s type when {@code v} is null. */
  static Object orDefault(FieldSchema f, Object v) {
    if (v != null) {
      return v;
    }
    return switch (f.type()) {
      case INT32, UINT32, SINT32, FIXED32, SFIXED32 -> 0;
      case INT64, UINT64, SINT64, FIXED64, SFIXED64 -> 0L;
      case FLOAT -> 0f;
      case DOUBLE -> 0d;
      case BOOL -> false;
      case STRING -> "";
      case BYTES -> new byte[0];
      case ENUM -> f.enumType().defaultNumber();
      case MESSAGE, GROUP -> WireMessage.empty(f.messageType());
    };
  }
}
