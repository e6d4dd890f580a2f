package io.bufproto.netty;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Random;

/**
 * Random protobuf-java messages for the pipeline tests: required fields always, optional fields
 * half the time, up to three elements per repeated field; strings of random code points (non-ASCII,
 * outside the BMP too), numbers across their whole range. (module-tests has the full random-message
 * harness; this one needs only what Pulsar's commands hold.)
 */
final class RandomMessages {

  private static final int MAX_DEPTH = 4;

  private final Random random;

  RandomMessages(long seed) {
    this.random = new Random(seed);
  }

  @SuppressWarnings("unchecked")
  <M extends Message> M next(M prototype) {
    return (M) fill(prototype.newBuilderForType(), 0).build();
  }

  private Message.Builder fill(Message.Builder b, int depth) {
    for (FieldDescriptor f : b.getDescriptorForType().getFields()) {
      if (f.isRepeated()) {
        int n = depth < MAX_DEPTH ? random.nextInt(4) : 0;
        for (int i = 0; i < n; i++) {
          b.addRepeatedField(f, value(b, f, depth));
        }
      } else if (f.isRequired() || (depth < MAX_DEPTH && random.nextBoolean())) {
        b.setField(f, value(b, f, depth));
      }
    }
    return b;
  }

  private Object value(Message.Builder parent, FieldDescriptor f, int depth) {
    return switch (f.getJavaType()) {
      case INT -> random.nextInt(4) == 0 ? random.nextInt(200) : random.nextInt();
      case LONG -> random.nextInt(4) == 0 ? (long) random.nextInt(200) : random.nextLong();
      case FLOAT -> random.nextFloat() * 1e6f - 5e5f;
      case DOUBLE -> random.nextGaussian() * 1e12;
      case BOOLEAN -> random.nextBoolean();
      case STRING -> string();
      case BYTE_STRING -> ByteString.copyFrom(bytes());
      case ENUM -> {
        List<?> values = f.getEnumType().getValues();
        yield values.get(random.nextInt(values.size()));
      }
      case MESSAGE -> fill(parent.newBuilderForField(f), depth + 1).build();
    };
  }

  private String string() {
    StringBuilder s = new StringBuilder();
    int n = random.nextInt(12);
    for (int i = 0; i < n; i++) {
      int cp =
          switch (random.nextInt(4)) {
            case 0 -> 0x20 + random.nextInt(0x5f); // ASCII
            case 1 -> 0xa0 + random.nextInt(0x700); // two-byte UTF-8
            case 2 -> 0x4e00 + random.nextInt(0x5000); // CJK, three bytes
            default -> 0x1f300 + random.nextInt(0x300); // outside the BMP, a surrogate pair
          };
      s.appendCodePoint(cp);
    }
    return s.toString();
  }

  private byte[] bytes() {
    byte[] b = new byte[random.nextInt(16)];
    random.nextBytes(b);
    return b;
  }
}
