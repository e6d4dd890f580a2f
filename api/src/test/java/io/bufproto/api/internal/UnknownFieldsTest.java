package io.bufproto.api.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.UnknownFieldSet;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link UnknownFields} against protobuf-java's {@link UnknownFieldSet}: random sets of every wire
 * type (groups nested), read and written back byte for byte, in protobuf-java's order (by field
 * number, then varints, fixed32s, fixed64s, length-delimited, groups) whatever order they arrived
 * in; merge, copy, equality and clear.
 */
class UnknownFieldsTest {

  @Test
  void readsEveryWireTypeAndWritesProtobufJavasBytesInItsOrder() {
    Random random = new Random(5);
    for (int round = 0; round < 300; round++) {
      UnknownFieldSet theirs = randomSet(random, 2);
      byte[] canonical = theirs.toByteArray();
      UnknownFields ours = read(canonical);
      assertArrayEquals(canonical, write(ours), "round " + round);

      // Arrival order does not matter: the fields reversed field by field are written the same.
      byte[] shuffled = reversedByField(theirs);
      UnknownFields fromShuffled = read(shuffled);
      assertArrayEquals(canonical, write(fromShuffled), "round " + round + ", out of order");
      assertTrue(UnknownFields.equal(ours, fromShuffled));
      assertEquals(UnknownFields.hash(ours), UnknownFields.hash(fromShuffled));

      // Merge appends per field, as protobuf-java's mergeFrom.
      UnknownFieldSet other = randomSet(random, 1);
      UnknownFields merged =
          UnknownFields.merge(UnknownFields.copyOf(ours), read(other.toByteArray()));
      assertArrayEquals(
          theirs.toBuilder().mergeFrom(other).build().toByteArray(), write(merged), "merge");
      assertTrue(UnknownFields.equal(ours, UnknownFields.copyOf(ours)), "a copy is equal");
    }
  }

  @Test
  void emptyAndNullAreEqualAndClearEmpties() {
    assertNull(UnknownFields.copyOf(null));
    assertTrue(UnknownFields.equal(null, null));
    UnknownFields set =
        read(
            UnknownFieldSet.newBuilder()
                .addField(3, UnknownFieldSet.Field.newBuilder().addVarint(7).build())
                .build()
                .toByteArray());
    assertFalse(set.isEmpty());
    assertFalse(UnknownFields.equal(set, null));
    set.clear();
    assertTrue(set.isEmpty());
    assertEquals(0, set.serializedSize());
    assertTrue(UnknownFields.equal(set, null));
    assertEquals(0, UnknownFields.hash(set));
  }

  private static UnknownFieldSet randomSet(Random random, int depth) {
    UnknownFieldSet.Builder b = UnknownFieldSet.newBuilder();
    int fields = random.nextInt(6);
    for (int i = 0; i < fields; i++) {
      UnknownFieldSet.Field.Builder f = UnknownFieldSet.Field.newBuilder();
      int values = 1 + random.nextInt(3);
      for (int v = 0; v < values; v++) {
        switch (random.nextInt(depth > 0 ? 5 : 4)) {
          case 0 -> f.addVarint(random.nextBoolean() ? random.nextInt(300) : random.nextLong());
          case 1 -> f.addFixed32(random.nextInt());
          case 2 -> f.addFixed64(random.nextLong());
          case 3 -> {
            byte[] bytes = new byte[random.nextInt(20)];
            random.nextBytes(bytes);
            f.addLengthDelimited(ByteString.copyFrom(bytes));
          }
          default -> f.addGroup(randomSet(random, depth - 1));
        }
      }
      b.mergeField(1 + random.nextInt(20000), f.build());
    }
    return b.build();
  }

  /** The fields' encodings concatenated from the highest field number down. */
  private static byte[] reversedByField(UnknownFieldSet set) {
    ByteBuf out = Unpooled.buffer();
    new java.util.TreeMap<>(set.asMap())
        .descendingMap()
        .forEach((number, field) -> out.writeBytes(field.toByteString(number).toByteArray()));
    return io.netty.buffer.ByteBufUtil.getBytes(out);
  }

  private static UnknownFields read(byte[] bytes) {
    ByteBuf buf = Unpooled.wrappedBuffer(bytes);
    UnknownFields set = null;
    while (buf.isReadable()) {
      int tag = ProtoReads.readTag(buf, null);
      set = UnknownFields.read(set, buf, tag, bytes.length, 100);
    }
    if (set == null) { // an empty set: one field read, then cleared
      set = UnknownFields.read(null, Unpooled.wrappedBuffer(new byte[] {0}), 8, 1, 100);
      set.clear();
    }
    return set;
  }

  private static byte[] write(UnknownFields set) {
    byte[] out = new byte[set.serializedSize()];
    assertEquals(out.length, set.writeTo(out, 0, out.length), "bytes written");
    return out;
  }
}
