package io.bufproto.tests;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.List;
import java.util.Random;

/**
 * Makes a random message printable as JSON, so that the JSON properties exercise the well-known
 * types' forms instead of refusing them: timestamps and durations brought into range, {@code Value}
 * numbers made finite, and {@code Any} filled with a random message of a registered type (which may
 * itself be a well-known type).
 */
final class JsonFriendly {

  private final Random random;
  private final List<Case> types;

  JsonFriendly(long seed, List<Case> types) {
    this.random = new Random(seed);
    this.types = types;
  }

  Message fix(Message m, int depth) {
    Message.Builder b = m.toBuilder();
    switch (m.getDescriptorForType().getFullName()) {
      case "google.protobuf.Timestamp" -> {
        long s = (long) b.getField(field(b, 1));
        int n = (int) b.getField(field(b, 2));
        b.setField(field(b, 1), -62135596800L + Math.floorMod(s, 253402300800L + 62135596800L));
        b.setField(field(b, 2), Math.floorMod(n, 1_000_000_000));
      }
      case "google.protobuf.Duration" -> {
        long s = ((long) b.getField(field(b, 1))) % 315576000001L;
        int n = ((int) b.getField(field(b, 2))) % 1_000_000_000;
        b.setField(field(b, 1), s);
        b.setField(field(b, 2), s < 0 ? -Math.abs(n) : s > 0 ? Math.abs(n) : n);
      }
      case "google.protobuf.Value" -> {
        FieldDescriptor number = field(b, 2);
        if (b.hasField(number) && !Double.isFinite((double) b.getField(number))) {
          b.setField(number, random.nextGaussian());
        }
      }
      case "google.protobuf.Any" -> {
        if (depth < 3 && random.nextInt(4) != 0) {
          Case type = types.get(random.nextInt(types.size()));
          Message content =
              fix(new RandomMessages(random.nextLong(), 2, true).next(type.prototype()), depth + 1);
          String prefix = random.nextBoolean() ? "type.googleapis.com/" : "example.com/x/";
          b.setField(field(b, 1), prefix + type.name());
          b.setField(field(b, 2), content.toByteString());
        }
        return b.buildPartial();
      }
      default -> {}
    }
    for (FieldDescriptor fd : m.getDescriptorForType().getFields()) {
      if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
        continue;
      }
      if (fd.isRepeated()) {
        for (int i = 0; i < b.getRepeatedFieldCount(fd); i++) {
          b.setRepeatedField(fd, i, fix((Message) b.getRepeatedField(fd, i), depth + 1));
        }
      } else if (b.hasField(fd)) {
        b.setField(fd, fix((Message) b.getField(fd), depth + 1));
      }
    }
    return b.buildPartial();
  }

  private static FieldDescriptor field(Message.Builder b, int number) {
    return b.getDescriptorForType().findFieldByNumber(number);
  }
}
