package io.bufproto.tests;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Writes a protobuf-java message in legal but non-canonical encodings, the way other
 * implementations and older writers produce them. Every output is valid protobuf: protobuf-java
 * parses it, and a correct parser must end with the same message (and so the same canonical bytes
 * when written again).
 */
final class Reencoder {

  /** The non-canonical forms, each chosen at random per field when enabled. */
  enum Form {
    /** A packable repeated field written in the other encoding than declared. */
    FLIP_PACKING,
    /** A packed field split into several length-delimited runs. */
    SPLIT_PACKED,
    /** Varints (tags, lengths, values) padded with redundant continuation bytes, up to ten. */
    OVERLONG_VARINTS,
    /** Fields written out of field-number order. */
    SHUFFLE_FIELDS,
    /** A singular scalar written twice, first with a random value (the last one wins). */
    REPEAT_SCALARS,
    /** A singular message written as two halves that the parser must merge. */
    SPLIT_MESSAGES,
    /** A proto3 implicit field that is not set written with its default value. */
    EXPLICIT_DEFAULTS,
    /** {@code true} written as some other non-zero varint, up to ten bytes. */
    NONZERO_BOOLS,
  }

  private final Random random;
  private final Set<Form> forms;

  Reencoder(long seed, Set<Form> forms) {
    this.random = new Random(seed);
    this.forms = forms.isEmpty() ? EnumSet.noneOf(Form.class) : EnumSet.copyOf(forms);
  }

  private boolean use(Form f) {
    return forms.contains(f) && random.nextBoolean();
  }

  byte[] encode(Message m) {
    return encode(m, true);
  }

  /**
   * @param defaults whether unset implicit fields may be written with their default; not in the
   *     second half of a split message, where a default would overwrite the first half's value
   */
  private byte[] encode(Message m, boolean defaults) {
    Enc out = new Enc();
    List<Runnable> writes = new ArrayList<>();
    for (FieldDescriptor fd : m.getDescriptorForType().getFields()) {
      boolean present = fd.isRepeated() ? m.getRepeatedFieldCount(fd) > 0 : m.hasField(fd);
      if (present) {
        writes.add(() -> writeField(out, m, fd));
      } else if (defaults && !fd.isRepeated() && !fd.hasPresence() && use(Form.EXPLICIT_DEFAULTS)) {
        writes.add(() -> writeValue(out, fd, m.getField(fd)));
      }
    }
    if (use(Form.SHUFFLE_FIELDS)) {
      java.util.Collections.shuffle(writes, random);
    }
    writes.forEach(Runnable::run);
    out.raw(m.getUnknownFields().toByteArray());
    return out.toByteArray();
  }

  private void writeField(Enc out, Message m, FieldDescriptor fd) {
    if (!fd.isRepeated()) {
      Object v = m.getField(fd);
      if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE && use(Form.SPLIT_MESSAGES)) {
        splitMessage(out, fd, (Message) v);
        return;
      }
      if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE
          && fd.getRealContainingOneof() == null
          && use(Form.REPEAT_SCALARS)) {
        writeValue(out, fd, decoy(fd, v));
      }
      writeValue(out, fd, v);
      return;
    }
    List<?> values = (List<?>) m.getField(fd);
    boolean packable = fd.isPackable();
    boolean packed = packable && (fd.isPacked() != use(Form.FLIP_PACKING));
    if (!packed) {
      for (Object v : values) {
        writeValue(out, fd, v);
      }
      return;
    }
    int from = 0;
    while (from < values.size()) {
      int to =
          use(Form.SPLIT_PACKED) ? from + 1 + random.nextInt(values.size() - from) : values.size();
      Enc payload = new Enc();
      for (Object v : values.subList(from, to)) {
        writeBare(payload, fd, v);
      }
      out.tag(fd.getNumber(), 2);
      out.length(payload.size());
      out.raw(payload.toByteArray());
      from = to;
    }
  }

  /** Writes {@code m} as two occurrences of the field whose merge is {@code m}. */
  private void splitMessage(Enc out, FieldDescriptor fd, Message m) {
    Message.Builder first = m.newBuilderForType();
    Message.Builder second = m.newBuilderForType();
    for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
      FieldDescriptor f = e.getKey();
      // Singular fields go to either half (the second occurrence wins or merges);
      // repeated fields are split in order, since the parser appends.
      if (!f.isRepeated()) {
        (random.nextBoolean() ? first : second).setField(f, e.getValue());
      } else {
        List<?> list = (List<?>) e.getValue();
        int cut = random.nextInt(list.size() + 1);
        for (int i = 0; i < list.size(); i++) {
          (i < cut ? first : second).addRepeatedField(f, list.get(i));
        }
      }
    }
    // A message field in both halves would merge; the halves split disjoint fields, so it is safe.
    writeValue(out, fd, first.buildPartial());
    writeMessage(out, fd, encode(second.buildPartial(), false));
  }

  private Object decoy(FieldDescriptor fd, Object v) {
    switch (fd.getJavaType()) {
      case INT -> {
        return random.nextInt();
      }
      case LONG -> {
        return random.nextLong();
      }
      case FLOAT -> {
        return random.nextFloat();
      }
      case DOUBLE -> {
        return random.nextDouble();
      }
      case BOOLEAN -> {
        return random.nextBoolean();
      }
      case STRING -> {
        return "decoy" + random.nextInt(100);
      }
      case BYTE_STRING -> {
        return ByteString.copyFromUtf8("decoy");
      }
      case ENUM -> {
        List<EnumValueDescriptor> values = fd.getEnumType().getValues();
        return values.get(random.nextInt(values.size()));
      }
      case MESSAGE -> {
        return v;
      }
    }
    throw new AssertionError(fd);
  }

  private void writeValue(Enc out, FieldDescriptor fd, Object v) {
    out.tag(fd.getNumber(), wireType(fd));
    writeBare(out, fd, v);
  }

  private static int wireType(FieldDescriptor fd) {
    return switch (fd.getType()) {
      case DOUBLE, FIXED64, SFIXED64 -> 1;
      case FLOAT, FIXED32, SFIXED32 -> 5;
      case STRING, BYTES, MESSAGE -> 2;
      case GROUP -> 3;
      default -> 0;
    };
  }

  private void writeBare(Enc out, FieldDescriptor fd, Object v) {
    switch (fd.getType()) {
      case DOUBLE -> {
        out.fixed64(Double.doubleToRawLongBits((Double) v));
        return;
      }
      case FLOAT -> {
        out.fixed32(Float.floatToRawIntBits((Float) v));
        return;
      }
      case INT64, UINT64 -> {
        out.varint((Long) v);
        return;
      }
      case INT32 -> {
        out.varint((long) (Integer) v);
        return;
      }
      case UINT32 -> {
        out.varint((Integer) v & 0xffffffffL);
        return;
      }
      case FIXED64, SFIXED64 -> {
        out.fixed64((Long) v);
        return;
      }
      case FIXED32, SFIXED32 -> {
        out.fixed32((Integer) v);
        return;
      }
      case BOOL -> {
        out.varint(
            !(Boolean) v
                ? 0
                : use(Form.NONZERO_BOOLS) ? random.nextLong() | 1L << random.nextInt(64) : 1);
        return;
      }
      case ENUM -> {
        out.varint((long) ((EnumValueDescriptor) v).getNumber());
        return;
      }
      case SINT32 -> {
        int n = (Integer) v;
        out.varint(((n << 1) ^ (n >> 31)) & 0xffffffffL);
        return;
      }
      case SINT64 -> {
        long n = (Long) v;
        out.varint((n << 1) ^ (n >> 63));
        return;
      }
      case STRING -> {
        byte[] b = ((String) v).getBytes(java.nio.charset.StandardCharsets.UTF_8);
        out.length(b.length);
        out.raw(b);
        return;
      }
      case BYTES -> {
        byte[] b = ((ByteString) v).toByteArray();
        out.length(b.length);
        out.raw(b);
        return;
      }
      case MESSAGE -> {
        byte[] b = encode((Message) v);
        out.length(b.length);
        out.raw(b);
        return;
      }
      case GROUP -> {
        out.raw(encode((Message) v));
        out.tag(fd.getNumber(), 4);
        return;
      }
    }
    throw new AssertionError(fd);
  }

  /**
   * A message field (tag included) whose encoded body is {@code body}: length-prefixed or a group.
   */
  private static void writeMessage(Enc out, FieldDescriptor fd, byte[] body) {
    boolean group = fd.getType() == FieldDescriptor.Type.GROUP;
    out.tag(fd.getNumber(), group ? 3 : 2);
    if (group) {
      out.raw(body);
      out.tag(fd.getNumber(), 4);
    } else {
      out.length(body.length);
      out.raw(body);
    }
  }

  /** A byte sink whose varints may be padded to any legal length. */
  private final class Enc {
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    void tag(int number, int wireType) {
      varint(((long) number << 3 | wireType) & 0xffffffffL);
    }

    void length(int n) {
      varint(n);
    }

    void varint(long v) {
      int natural = 1;
      for (long x = v >>> 7; x != 0; x >>>= 7) {
        natural++;
      }
      int len = natural;
      if (natural < 10 && forms.contains(Form.OVERLONG_VARINTS) && random.nextInt(4) == 0) {
        len = natural + 1 + random.nextInt(10 - natural);
      }
      for (int i = 0; i < len; i++) {
        int b = (int) (v & 0x7f);
        v >>>= 7;
        bytes.write(i < len - 1 ? b | 0x80 : b);
      }
    }

    void fixed32(int v) {
      for (int i = 0; i < 4; i++) {
        bytes.write(v >>> (8 * i));
      }
    }

    void fixed64(long v) {
      for (int i = 0; i < 8; i++) {
        bytes.write((int) (v >>> (8 * i)));
      }
    }

    void raw(byte[] b) {
      bytes.write(b, 0, b.length);
    }

    int size() {
      return bytes.size();
    }

    byte[] toByteArray() {
      return bytes.toByteArray();
    }
  }
}
