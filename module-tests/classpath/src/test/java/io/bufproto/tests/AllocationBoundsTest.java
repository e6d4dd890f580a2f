package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.common.Point;
import io.bufproto.tests.p3.Lists;
import io.bufproto.tests.p3.Maps;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * Hostile inputs cannot make a parse allocate much more than their own size: no count or length
 * read from the wire sizes an array beyond what the remaining bytes can hold. Measured with the
 * thread's allocation counter (as {@link AllocationTest}), on a fresh message, so the bound
 * includes every array the parse grows and the garbage of growing it.
 */
class AllocationBoundsTest {

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /**
   * The bound on what a parse may allocate per input byte, beyond a fixed allowance. Measured (JDK
   * 17, printed by each test): 1 MiB of 2-byte unknown fields 16.0x (protobuf-java 19.4x), a
   * million map entries 12.6x (protobuf-java 25x).
   */
  static final int BYTES_PER_INPUT_BYTE = 24;

  static final int ALLOWANCE = 64 * 1024;

  /**
   * A rejected input costs at most this, whatever its size: the exception, and for groups one small
   * set of unknown fields per level up to the nesting limit (100).
   */
  static final int REJECTED = 256 * 1024;

  private static long allocated() {
    return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  /**
   * Parses {@code input} into a fresh message and returns the bytes allocated (message included).
   */
  private static long parse(
      java.util.function.Supplier<ProtoMessage<?>> type, ByteBuf input, boolean rejected) {
    int size = input.readableBytes();
    attempt(type, input.duplicate(), size, rejected); // class initialization is not the parse's
    long before = allocated();
    ProtoMessage<?> m = type.get();
    if (rejected) {
      assertThrows(InvalidProtobufException.class, () -> m.parseFrom(input, size));
    } else {
      m.parseFrom(input, size);
    }
    long bytes = allocated() - before;
    System.out.println(
        "AllocationBoundsTest: "
            + size
            + " input bytes, "
            + bytes
            + " allocated; protobuf-java "
            + protobufJava(type.get(), input.duplicate().readerIndex(0)));
    assertTrue(
        bytes <= (long) BYTES_PER_INPUT_BYTE * size + ALLOWANCE,
        () -> size + " input bytes made the parse allocate " + bytes);
    return bytes;
  }

  private static void attempt(
      java.util.function.Supplier<ProtoMessage<?>> type,
      ByteBuf input,
      int size,
      boolean rejected) {
    try {
      type.get().parseFrom(input, size);
    } catch (InvalidProtobufException e) {
      assertTrue(rejected, e::toString);
    }
  }

  /** What protobuf-java allocates for the same bytes (for the log: a reference, not a bound). */
  private static long protobufJava(ProtoMessage<?> ours, ByteBuf input) {
    String name = ours.getClass().getName();
    com.google.protobuf.Message prototype =
        Case.ALL.stream()
            .filter(c -> c.ours().get().getClass().getName().equals(name))
            .findFirst()
            .orElseThrow()
            .prototype();
    byte[] bytes = io.netty.buffer.ByteBufUtil.getBytes(input);
    long before = allocated();
    try {
      prototype.getParserForType().parseFrom(bytes);
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      // rejected too
    }
    return allocated() - before;
  }

  private static void varint(ByteBuf b, long v) {
    while ((v & ~0x7fL) != 0) {
      b.writeByte((int) (v & 0x7f) | 0x80);
      v >>>= 7;
    }
    b.writeByte((int) v);
  }

  @Test
  void aShortInputAnnouncing2GiBOfPackedValues() {
    ByteBuf b = Unpooled.buffer();
    b.writeByte(5 << 3 | 2); // Lists.l_int32, packed
    varint(b, Integer.MAX_VALUE);
    b.writeBytes(new byte[16]);
    long bytes = parse(Lists::new, b, true);
    assertTrue(bytes < REJECTED, "the exception and little else: " + bytes);
  }

  @Test
  void aMebibyteOfOneByteUnknownFields() {
    ByteBuf b = Unpooled.buffer(1 << 20);
    while (b.readableBytes() < (1 << 20)) {
      b.writeByte(15 << 3).writeByte(1); // field 15, not declared in Point: varint 1
    }
    parse(Point::new, b.duplicate(), false);
    Point p = new Point();
    p.parseFrom(b, b.readableBytes());
    assertEquals(1 << 20, p.getSerializedSize(), "every unknown field kept");
  }

  @Test
  void deeplyNestedUnknownGroups() {
    ByteBuf b = Unpooled.buffer();
    for (int i = 0; i < 1_000_000; i++) {
      b.writeByte(15 << 3 | 3); // start group 15, never ended
    }
    long bytes = parse(Point::new, b, true);
    assertTrue(bytes < REJECTED, "stopped at the nesting limit: " + bytes);
  }

  @Test
  void aMapWithAMillionTinyEntries() {
    ByteBuf b = Unpooled.buffer();
    for (int key = 1; key <= 1_000_000; key++) {
      b.writeByte(2 << 3 | 2); // Maps.m_int64 entry
      int keyBytes = key < 128 ? 1 : key < 16384 ? 2 : 3;
      b.writeByte(1 + keyBytes);
      b.writeByte(1 << 3); // key, varint; the value is absent (0)
      varint(b, key);
    }
    ByteBuf copy = b.duplicate();
    parse(Maps::new, b, false);
    Maps m = new Maps();
    m.parseFrom(copy, copy.readableBytes());
    assertEquals(1_000_000, m.getMInt64Count());
  }
}
