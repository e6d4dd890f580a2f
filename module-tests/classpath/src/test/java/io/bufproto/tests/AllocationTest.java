package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.lp.Metadata;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.lang.management.ManagementFactory;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing: writing a reused message into a pooled direct buffer (composed in
 * the message's scratch array), a pooled heap buffer (in place) and the second part of a composite,
 * with its strings copied from the parsed buffer and, after {@code materialize()}, encoded from
 * their Strings; and parsing into a reused message, for every message type of the suite, maps
 * included. The parse is measured on the message without its map fields that hold string or bytes
 * keys or values: a map entry's strings are made when parsed (a key must be hashed), while singular
 * and repeated strings stay lazy. Measured with the thread's allocation counter over many
 * iterations, after a warm-up, in whatever mode the JIT is in (so no escape analysis is relied on).
 */
class AllocationTest {

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int WARMUP = 3_000;
  private static final int MEASURED = 2_000;

  private static long allocated() {
    return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
  }

  @Test
  void writingAndParsingReusedMessagesAllocateNothing() {
    int checked = 0;
    StringBuilder report = new StringBuilder();
    for (Case type : Case.ALL) {
      for (long seed = 0; seed < 3; seed++) {
        Message pj =
            new RandomMessages(seed * 7919 + type.name().hashCode(), 3, true)
                .next(type.prototype());
        byte[] bytes = pj.toByteArray();
        byte[] parsed = withoutStringMaps(pj).toByteArray();
        ProtoMessage<?> msg = type.ours().get();
        ByteBuf in = PooledByteBufAllocator.DEFAULT.directBuffer(parsed.length).writeBytes(parsed);
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length * 2 + 16);
        ByteBuf parts = BufKind.COMPOSITE.target(bytes.length);
        ByteBuf heap = PooledByteBufAllocator.DEFAULT.heapBuffer(bytes.length * 2 + 16);
        ByteBuf heapIn =
            PooledByteBufAllocator.DEFAULT.heapBuffer(parsed.length).writeBytes(parsed);
        ByteBuf sliceIn = in.slice(0, parsed.length);
        try {
          msg.parseFrom(bytes);
          long write =
              perOp(
                  () -> {
                    out.clear();
                    msg.writeTo(out);
                  });
          long writeParts =
              perOp(
                  () -> {
                    parts.writerIndex(3);
                    msg.writeTo(parts);
                  });
          long writeHeap =
              perOp(
                  () -> {
                    heap.clear();
                    msg.writeTo(heap);
                  });
          // Detached from the source: strings are encoded from their Strings, not copied.
          msg.materialize();
          long writeEncoded =
              perOp(
                  () -> {
                    out.clear();
                    msg.writeTo(out);
                  });
          long parse =
              perOp(
                  () -> {
                    in.readerIndex(0);
                    msg.parseFrom(in, parsed.length);
                  });
          // Three buffer classes in turn: the module runtime's views on (ViewSwitch), each kind of
          // view kept on the message with the other.
          long parseMixed =
              perOp(
                  () -> {
                    in.readerIndex(0);
                    msg.parseFrom(in, parsed.length);
                    heapIn.readerIndex(0);
                    msg.parseFrom(heapIn, parsed.length);
                    sliceIn.readerIndex(0);
                    msg.parseFrom(sliceIn, parsed.length);
                  });
          assertEquals(
              0,
              write,
              () -> type + ": bytes allocated per write of a " + bytes.length + "-byte message");
          assertEquals(
              0,
              writeParts,
              () -> type + ": bytes allocated per write into a composite's second part");
          assertEquals(
              0, writeHeap, () -> type + ": bytes allocated per write into a pooled heap buffer");
          assertEquals(
              0,
              writeEncoded,
              () -> type + ": bytes allocated per write of a materialized message");
          assertEquals(
              0,
              parse,
              () -> type + ": bytes allocated per parse of a " + parsed.length + "-byte message");
          assertEquals(
              0,
              parseMixed,
              () -> type + ": bytes allocated per parse from a direct, a heap and a sliced buffer");
          checked++;
        } finally {
          in.release();
          out.release();
          parts.release();
          heap.release();
          heapIn.release();
        }
      }
      report.append(type.name()).append(' ');
    }
    System.out.println(
        "AllocationTest: 0 B/op for write and parse of " + checked + " messages of " + report);
    assertEquals(3 * Case.ALL.size(), checked);
  }

  /** A string getter on a parsed message allocates the String and nothing else. */
  @Test
  void aStringGetterAllocatesOnlyTheString() {
    Metadata m =
        new Metadata()
            .setProducerName("producer-with-a-name-of-40-chars-0000000")
            .setSequenceId(1L << 40);
    ByteBuf in = PooledByteBufAllocator.DEFAULT.directBuffer();
    m.writeTo(in);
    int size = in.readableBytes();
    Metadata parsed = new Metadata();
    try {
      long perOp =
          perOp(
              () -> {
                in.readerIndex(0);
                parsed.parseFrom(in, size);
                if (parsed.getProducerName().length() != 40) {
                  throw new AssertionError();
                }
              });
      // A String (header and fields: 24 bytes) and its 40-byte Latin-1 array (16 + 40).
      assertTrue(perOp <= 24 + 16 + 40, "bytes per parse + getter: " + perOp);
    } finally {
      in.release();
    }
  }

  /**
   * Bytes allocated per run of {@code op} in steady state: the least of three measured rounds, so
   * that a one-off allocation during a round (the JIT rematerializing objects it had
   * scalar-replaced when it deoptimizes, seen as 1-3 B/op in a cold JVM) is not counted; an
   * allocation per op shows in every round.
   */
  private static long perOp(Runnable op) {
    for (int i = 0; i < WARMUP; i++) {
      op.run();
    }
    long least = Long.MAX_VALUE;
    for (int round = 0; round < 3; round++) {
      long before = allocated();
      for (int i = 0; i < MEASURED; i++) {
        op.run();
      }
      least = Math.min(least, (allocated() - before) / MEASURED);
    }
    return least;
  }

  /** {@code m} without the map fields (at any depth) whose keys or values are strings or bytes. */
  private static Message withoutStringMaps(Message m) {
    Message.Builder b = m.toBuilder();
    for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
      if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
        continue;
      }
      if (f.isMapField() && holdsStringsOrBytes(f.getMessageType())) {
        b.clearField(f);
      } else if (f.isRepeated()) {
        // Map fields too (message values): entries are replaced as a list, keys unchanged.
        b.clearField(f);
        for (int i = 0; i < m.getRepeatedFieldCount(f); i++) {
          b.addRepeatedField(f, withoutStringMaps((Message) m.getRepeatedField(f, i)));
        }
      } else if (m.hasField(f)) {
        b.setField(f, withoutStringMaps((Message) m.getField(f)));
      }
    }
    return b.build();
  }

  private static boolean holdsStringsOrBytes(Descriptor mapEntry) {
    for (FieldDescriptor kv : mapEntry.getFields()) {
      if (kv.getType() == FieldDescriptor.Type.STRING
          || kv.getType() == FieldDescriptor.Type.BYTES) {
        return true;
      }
    }
    return false;
  }
}
