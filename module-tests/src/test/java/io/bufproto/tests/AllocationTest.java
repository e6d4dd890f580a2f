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
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The hot paths allocate nothing: writing a reused message into a pooled buffer and parsing into
 * a reused message, for every message type of the suite without map fields (maps are
 * LinkedHashMap-backed: their entries allocate). Measured with the thread's allocation counter
 * over many iterations, after a warm-up, in whatever mode the JIT is in (so no escape analysis
 * is relied on).
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
      if (hasMap(type.prototype().getDescriptorForType(), new HashSet<>())) {
        continue;
      }
      for (long seed = 0; seed < 3; seed++) {
        Message pj = new RandomMessages(seed * 7919 + type.name().hashCode(), 3, true).next(type.prototype());
        byte[] bytes = pj.toByteArray();
        ProtoMessage<?> msg = type.ours().get();
        ByteBuf in = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length).writeBytes(bytes);
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length * 2 + 16);
        try {
          msg.parseFrom(in.duplicate(), bytes.length);
          long write = perOp(() -> {
            out.clear();
            msg.writeTo(out);
          });
          long parse = perOp(() -> {
            in.readerIndex(0);
            msg.parseFrom(in, bytes.length);
          });
          assertEquals(0, write, () -> type + ": bytes allocated per write of a " + bytes.length + "-byte message");
          assertEquals(0, parse, () -> type + ": bytes allocated per parse of a " + bytes.length + "-byte message");
          checked++;
        } finally {
          in.release();
          out.release();
        }
      }
      report.append(type.name()).append(' ');
    }
    System.out.println("AllocationTest: 0 B/op for write and parse of " + checked + " messages of " + report);
    assertTrue(checked >= 60, "checked " + checked);
  }

  /** A string getter on a parsed message allocates the String and nothing else. */
  @Test
  void aStringGetterAllocatesOnlyTheString() {
    Metadata m = new Metadata().setProducerName("producer-with-a-name-of-40-chars-0000000").setSequenceId(1L << 40);
    ByteBuf in = PooledByteBufAllocator.DEFAULT.directBuffer();
    m.writeTo(in);
    int size = in.readableBytes();
    Metadata parsed = new Metadata();
    try {
      long perOp = perOp(() -> {
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

  private static long perOp(Runnable op) {
    for (int i = 0; i < WARMUP; i++) {
      op.run();
    }
    long before = allocated();
    for (int i = 0; i < MEASURED; i++) {
      op.run();
    }
    return (allocated() - before) / MEASURED;
  }

  private static boolean hasMap(Descriptor d, Set<String> seen) {
    if (!seen.add(d.getFullName())) {
      return false;
    }
    for (FieldDescriptor f : d.getFields()) {
      if (f.isMapField()) {
        return true;
      }
      if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && hasMap(f.getMessageType(), seen)) {
        return true;
      }
    }
    return false;
  }
}
