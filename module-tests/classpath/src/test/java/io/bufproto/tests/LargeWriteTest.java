package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.MessageMetadata;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import java.io.ByteArrayOutputStream;
import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Messages larger than the scratch array a message keeps (4 KiB) written into every kind of buffer:
 * into those without an array they are composed a chunk at a time (ProtoWriter, ChunkedWrite), with
 * chunk boundaries falling inside varints, ASCII and non-ASCII strings and bytes values, and values
 * larger than a chunk. The bytes are protobuf-java's; a write allocates nothing in proportion to
 * the message (Pulsar's multi-MB topic lists are where a full-size heap copy per write hurt).
 */
class LargeWriteTest {

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  /** A topic list as a broker sends it: ASCII names, one in seven with non-ASCII characters. */
  private static PulsarApi.BaseCommand topicList(int topics, long seed) {
    Random random = new Random(seed);
    PulsarApi.CommandGetTopicsOfNamespaceResponse.Builder list =
        PulsarApi.CommandGetTopicsOfNamespaceResponse.newBuilder().setRequestId(random.nextLong());
    String[] odd = {"é", "日本", "\uD83D\uDE00", "ß-ü"};
    for (int i = 0; i < topics; i++) {
      StringBuilder name = new StringBuilder("persistent://tenant-").append(random.nextInt(100));
      name.append("/namespace/topic-")
          .append(i)
          .append('-')
          .append(Long.toHexString(random.nextLong()));
      if (i % 7 == 0) {
        name.append(odd[random.nextInt(odd.length)]);
      }
      list.addTopics(name.toString());
    }
    return PulsarApi.BaseCommand.newBuilder()
        .setType(PulsarApi.BaseCommand.Type.GET_TOPICS_OF_NAMESPACE_RESPONSE)
        .setGetTopicsOfNamespaceResponse(list)
        .build();
  }

  /**
   * Metadata whose strings, bytes and unknown field are each larger than a chunk, and many small
   * children: parsed from these bytes, values are copied from the source on write.
   */
  private static byte[] bigMetadata(long seed) {
    Random random = new Random(seed);
    StringBuilder ascii = new StringBuilder();
    StringBuilder mixed = new StringBuilder();
    while (ascii.length() < 100_000) {
      ascii.append((char) ('a' + random.nextInt(26)));
      mixed.append(random.nextInt(5) == 0 ? "\u00e9\u65e5\uD83D\uDE00" : "x");
    }
    byte[] param = new byte[150_000];
    random.nextBytes(param);
    PulsarApi.MessageMetadata.Builder m =
        PulsarApi.MessageMetadata.newBuilder()
            .setProducerName(mixed.toString())
            .setSequenceId(random.nextLong())
            .setPublishTime(random.nextLong() >>> 1)
            .setPartitionKey(ascii.toString())
            .setEncryptionParam(com.google.protobuf.ByteString.copyFrom(param));
    for (int i = 0; i < 3000; i++) {
      m.addProperties(
          PulsarApi.KeyValue.newBuilder().setKey("key-" + i).setValue("value-" + random.nextInt()));
      m.addReplicateTo(i % 5 == 0 ? "région-" + i : "region-" + i);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(m.build().toByteArray());
    byte[] unknown = new byte[70_000]; // field 1000, length-delimited: kept and written back
    random.nextBytes(unknown);
    out.writeBytes(new byte[] {(byte) 0xc2, 0x3e, (byte) 0xf0, (byte) 0xa2, 0x04});
    out.writeBytes(unknown);
    return out.toByteArray();
  }

  private static byte[] written(ProtoMessage<?> message, BufKind kind) {
    int size = message.getSerializedSize();
    ByteBuf target = kind.target(size);
    try {
      int before = target.writerIndex();
      assertEquals(size, message.writeTo(target));
      assertEquals(before + size, target.writerIndex());
      return ByteBufUtil.getBytes(target, before, size);
    } finally {
      target.release();
    }
  }

  @ParameterizedTest
  @EnumSource(BufKind.class)
  void largeMessagesAreWrittenAsProtobufJavaWritesThem(BufKind kind) throws Exception {
    byte[] topics = topicList(3000, 1).toByteArray();
    BaseCommand cmd = new BaseCommand();
    cmd.parseFrom(topics);
    assertArrayEquals(topics, written(cmd, kind), "parsed topic list");
    cmd.materialize();
    assertArrayEquals(topics, written(cmd, kind), "materialized topic list");

    byte[] metadata = bigMetadata(2);
    byte[] expected = PulsarApi.MessageMetadata.parseFrom(metadata).toByteArray();
    MessageMetadata md = new MessageMetadata();
    md.parseFrom(metadata);
    assertArrayEquals(expected, written(md, kind), "parsed metadata");
    md.materialize();
    assertArrayEquals(expected, written(md, kind), "materialized metadata");
    MessageMetadata copy = new MessageMetadata().copyFrom(md);
    assertArrayEquals(expected, written(copy, kind), "metadata filled by setters");
  }

  /**
   * 4 MiB and 64 MiB topic lists written again and again into a pooled direct buffer: a write
   * allocates less than 1% of the message (what it does allocate is Netty's, per chunk copied, on
   * Netty's paths without sun.misc.Unsafe); the previous code allocated the whole message per
   * write.
   */
  @Test
  void largeWritesIntoADirectBufferAllocateNoArrayOfTheMessagesSize() throws Exception {
    for (int topics : new int[] {70_000, 1_100_000}) {
      PulsarApi.BaseCommand pj = topicList(topics, topics);
      byte[] bytes = pj.toByteArray();
      BaseCommand cmd = new BaseCommand();
      cmd.parseFrom(bytes);
      cmd.materialize(); // encoded from Strings, as a broker fills it
      ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length);
      try {
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 8; i++) {
          out.clear();
          long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
          cmd.writeTo(out);
          least =
              Math.min(
                  least, THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before);
        }
        String what = bytes.length + "-byte message: " + least + " bytes allocated per write";
        System.out.println("LargeWriteTest: " + what);
        assertTrue(bytes.length > (topics > 100_000 ? 64 << 20 : 4 << 20), what);
        assertTrue(least < bytes.length / 100, what);
        assertArrayEquals(bytes, ByteBufUtil.getBytes(out), what);
      } finally {
        out.release();
      }
    }
  }
}
