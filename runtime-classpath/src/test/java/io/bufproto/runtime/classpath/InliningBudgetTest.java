package io.bufproto.runtime.classpath;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.BufProtoUncheckedAccess;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

/**
 * What C2 copies into each field's read and what it calls: a hot method of more than {@code
 * FreqInlineSize} (325 bytes of bytecode, the default on every JDK BufProto supports) is called,
 * never inlined. The rest of a long 64-bit varint must stay a call, or it fills a large message's
 * parse with copies of itself (docs/design/reading-varints.md); its 2-byte step must stay small.
 */
class InliningBudgetTest {

  private static final int FREQ_INLINE_SIZE = 325;

  @Test
  void theRestOfALongVarintIsTooBigToInline() throws IOException {
    int length = codeLength(BufProtoUncheckedAccess.class, "longVarint64");
    assertTrue(
        length > FREQ_INLINE_SIZE,
        "longVarint64 is " + length + " bytes: C2 would copy it into every 64-bit field's read");
  }

  @Test
  void theSecondByteIsSmallEnoughToInline() throws IOException {
    int length = codeLength(BufProtoUncheckedAccess.class, "readVarint64After");
    // Well under FreqInlineSize: it is copied into every 64-bit field's read, so each byte of it
    // counts against the parse's DesiredMethodLimit.
    assertTrue(
        length <= 100,
        "readVarint64After is " + length + " bytes, copied into every 64-bit field's read");
  }

  /** The length of {@code method}'s bytecode in {@code type}'s class file (the first overload). */
  static int codeLength(Class<?> type, String method) throws IOException {
    try (InputStream file = type.getResourceAsStream(type.getSimpleName() + ".class");
        DataInputStream in = new DataInputStream(file)) {
      in.skipBytes(8); // magic, minor and major version
      String[] utf8 = readConstants(in);
      in.skipBytes(6); // access flags, this class, super class
      in.skipBytes(2 * in.readUnsignedShort()); // interfaces
      int fields = in.readUnsignedShort();
      for (int f = 0; f < fields; f++) {
        in.skipBytes(6);
        skipAttributes(in);
      }
      int methods = in.readUnsignedShort();
      for (int m = 0; m < methods; m++) {
        in.skipBytes(2);
        String name = utf8[in.readUnsignedShort()];
        in.skipBytes(2);
        int attributes = in.readUnsignedShort();
        for (int a = 0; a < attributes; a++) {
          String attribute = utf8[in.readUnsignedShort()];
          int length = in.readInt();
          if (name.equals(method) && attribute.equals("Code")) {
            in.skipBytes(4); // max stack, max locals
            return in.readInt();
          }
          in.skipBytes(length);
        }
      }
    }
    throw new AssertionError("no method " + method + " in " + type.getName());
  }

  private static String[] readConstants(DataInputStream in) throws IOException {
    int count = in.readUnsignedShort();
    String[] utf8 = new String[count];
    for (int i = 1; i < count; i++) {
      int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7, 8, 16, 19, 20 -> in.skipBytes(2);
        case 15 -> in.skipBytes(3);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 5, 6 -> {
          in.skipBytes(8);
          i++; // a long or double takes two entries
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    return utf8;
  }

  private static void skipAttributes(DataInputStream in) throws IOException {
    int attributes = in.readUnsignedShort();
    for (int a = 0; a < attributes; a++) {
      in.skipBytes(2);
      in.skipBytes(in.readInt());
    }
  }
}
