package io.bufproto.tests;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Random;

/**
 * Random protobuf-java messages of any type, driven by its descriptor: random presence, values at
 * the edges (0, -1, min/max, NaN with payloads, -0.0, empty and non-ASCII strings), empty and large
 * repeated fields and maps. {@code size} bounds counts, lengths and depth, so a shrinking property
 * finds small failing cases.
 */
final class RandomMessages {

  private final Random random;
  private final int size;
  private final boolean allRequired;

  RandomMessages(long seed, int size, boolean allRequired) {
    this.random = new Random(seed);
    this.size = size;
    this.allRequired = allRequired;
  }

  Message next(Message prototype) {
    return fill(prototype.newBuilderForType(), size).buildPartial();
  }

  /**
   * {@link #next} with each of {@code extensions} (of the prototype's type) set with a chance of
   * two in three, and with a chance of one in four an unknown field under an extension's number
   * (any wire type, or a closed enum's undeclared value), which a registry-aware parse must tell
   * from the extension's own values as protobuf-java does.
   */
  Message nextWithExtensions(Message prototype, List<FieldDescriptor> extensions) {
    Message.Builder b = fill(prototype.newBuilderForType(), size);
    com.google.protobuf.UnknownFieldSet.Builder unknown =
        com.google.protobuf.UnknownFieldSet.newBuilder();
    for (FieldDescriptor fd : extensions) {
      if (random.nextInt(3) != 0) {
        if (fd.isRepeated()) {
          int n = random.nextInt(size + 2);
          for (int i = 0; i < n; i++) {
            b.addRepeatedField(fd, value(b, fd, size - 1));
          }
        } else if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE || size > 0) {
          b.setField(fd, value(b, fd, size - 1));
        }
      }
      if (random.nextInt(4) == 0) {
        com.google.protobuf.UnknownFieldSet.Field.Builder f =
            com.google.protobuf.UnknownFieldSet.Field.newBuilder();
        switch (random.nextInt(4)) {
          case 0 ->
              f.addVarint(fd.getJavaType() == FieldDescriptor.JavaType.ENUM ? 77 : nextLong());
          case 1 -> f.addFixed32(nextInt());
          case 2 -> f.addFixed64(nextLong());
          default -> f.addLengthDelimited(nextBytes());
        }
        unknown.mergeField(fd.getNumber(), f.build());
      }
    }
    return b.setUnknownFields(unknown.build()).buildPartial();
  }

  private Message.Builder fill(Message.Builder b, int budget) {
    for (FieldDescriptor fd : b.getDescriptorForType().getFields()) {
      // Map values are always set (and so filled, at any depth); required message fields only
      // while the budget lasts (a required field of its own type has no finite complete message).
      boolean needed = allRequired && (fd.isRequired() || isMapValueMessage(fd));
      boolean set = needed || random.nextInt(3) != 0;
      if (!set) {
        continue;
      }
      if (fd.isRepeated()) {
        int n =
            budget <= 0
                ? 0
                : random.nextInt(10) == 0
                    ? random.nextInt(budget * 8 + 1)
                    : random.nextInt(budget + 1);
        for (int i = 0; i < n; i++) {
          b.addRepeatedField(fd, value(b, fd, budget - 1));
        }
      } else if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE
          || budget > 0
          || (needed && !fd.isRequired())) {
        b.setField(fd, value(b, fd, budget - 1));
      }
    }
    return b;
  }

  /**
   * A map entry's message value: an absent one reads as the empty message, which lacks the required
   * fields its type may have (and protobuf-java then will not write the map).
   */
  private static boolean isMapValueMessage(FieldDescriptor fd) {
    return fd.getContainingType().getOptions().getMapEntry()
        && fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
  }

  private Object value(Message.Builder parent, FieldDescriptor fd, int budget) {
    return switch (fd.getJavaType()) {
      case INT -> nextInt();
      case LONG -> nextLong();
      case FLOAT -> nextFloat();
      case DOUBLE -> nextDouble();
      case BOOLEAN -> random.nextBoolean();
      case STRING -> nextString();
      case BYTE_STRING -> nextBytes();
      case ENUM -> nextEnum(fd);
      case MESSAGE -> fill(parent.newBuilderForField(fd), Math.max(budget, 0)).buildPartial();
    };
  }

  int nextInt() {
    return switch (random.nextInt(8)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
      case 3 -> 1 << random.nextInt(32);
      case 4 -> random.nextInt(256) - 128;
      default -> random.nextInt();
    };
  }

  long nextLong() {
    return switch (random.nextInt(8)) {
      case 0 -> 0;
      case 1 -> -1;
      case 2 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
      case 3 -> 1L << random.nextInt(64);
      case 4 -> nextInt();
      default -> random.nextLong();
    };
  }

  float nextFloat() {
    return switch (random.nextInt(8)) {
      case 0 -> 0f;
      case 1 -> -0f;
      case 2 -> Float.intBitsToFloat(0x7fc00000 | random.nextInt(1 << 22));
      // NaN with a payload
      case 3 -> random.nextBoolean() ? Float.POSITIVE_INFINITY : Float.MIN_VALUE;
      case 4 -> Float.intBitsToFloat(random.nextInt());
      default -> random.nextFloat() * 1000 - 500;
    };
  }

  double nextDouble() {
    return switch (random.nextInt(8)) {
      case 0 -> 0d;
      case 1 -> -0d;
      case 2 -> Double.longBitsToDouble(0x7ff8000000000000L | (random.nextLong() >>> 13));
      // NaN payload
      case 3 -> random.nextBoolean() ? Double.NEGATIVE_INFINITY : Double.MAX_VALUE;
      case 4 -> Double.longBitsToDouble(random.nextLong());
      default -> random.nextGaussian() * 1e6;
    };
  }

  private static final String[] ALPHABETS = {
    "abcdefghijklmnopqrstuvwxyz0123456789 ",
    "\"\\\n\t\u0000\u007f",
    "éüßñçåøæ",
    "中文字符日本語한국어",
    "\uD83D\uDE00\uD83C\uDF89\uD801\uDC37"
  };

  String nextString() {
    int len = random.nextInt(4) == 0 ? 0 : random.nextInt(size * 4 + 2);
    StringBuilder sb = new StringBuilder();
    String alphabet = ALPHABETS[random.nextInt(random.nextBoolean() ? 1 : ALPHABETS.length)];
    while (sb.length() < len) {
      int i = random.nextInt(alphabet.length());
      char c = alphabet.charAt(i);
      if (Character.isHighSurrogate(c)) {
        if (i + 1 < alphabet.length()) {
          sb.append(c).append(alphabet.charAt(i + 1));
        }
      } else if (!Character.isLowSurrogate(c)) {
        sb.append(c);
      }
    }
    return sb.toString();
  }

  ByteString nextBytes() {
    byte[] b = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(size * 4 + 2)];
    random.nextBytes(b);
    return ByteString.copyFrom(b);
  }

  private EnumValueDescriptor nextEnum(FieldDescriptor fd) {
    EnumDescriptor type = fd.getEnumType();
    List<EnumValueDescriptor> values = type.getValues();
    boolean open = !fd.legacyEnumFieldTreatedAsClosed();
    if (open && random.nextInt(5) == 0) {
      return type.findValueByNumberCreatingIfUnknown(nextInt());
    }
    return values.get(random.nextInt(values.size()));
  }
}
