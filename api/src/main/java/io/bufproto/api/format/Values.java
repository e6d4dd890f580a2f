package io.bufproto.api.format;

import io.bufproto.api.schema.FieldSchema;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Values as {@link WireMessage} holds them: field defaults (what an absent map key or value reads
 * as) and strings from their bytes.
 */
final class Values {

  private Values() {}

  /** {@code bytes} decoded as UTF-8, or null if they are not valid UTF-8. */
  static String utf8OrNull(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

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
