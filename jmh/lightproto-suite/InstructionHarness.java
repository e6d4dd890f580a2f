package io.bufproto.suite;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.streamnative.lightproto.tests.AddressBook;
import io.streamnative.lightproto.tests.Frame;
import io.streamnative.lightproto.tests.Person;
import org.apache.pulsar.common.api.proto.BaseCommand;
import org.apache.pulsar.common.api.proto.CompressionType;
import org.apache.pulsar.common.api.proto.MessageMetadata;

/**
 * One parse of LightProto's suite repeated {@code n} times after a warm-up, for counting the
 * instructions it executes (jmh/lightproto-instructions.sh runs it under valgrind twice, with and
 * without the {@code n} parses, and divides the difference by {@code n}). An instruction count is
 * the same from run to run where a timing on a shared 2-core machine is not; it says nothing about
 * cache misses or branch mispredictions, so a step is kept on JMH's figure, not on this one.
 * Compiled unchanged against LightProto's classes and against BufProto's, like the suite.
 *
 * <pre>java -Xbatch -cp benchmarks.jar io.bufproto.suite.InstructionHarness ROW WARMUP N</pre>
 *
 * <p>ROW is {@code simple}, {@code string} (Simple + {@code getName()}), {@code ab}, {@code cmd}
 * or {@code md}: the messages the suite's deserialize benchmarks parse, from a pooled direct buffer.
 */
public final class InstructionHarness {

  /** Read by nothing: keeps the JIT from dropping the work. */
  static volatile long sink;

  private static final Frame FRAME = new Frame();
  private static final AddressBook BOOK = new AddressBook();
  private static final BaseCommand COMMAND = new BaseCommand();
  private static final MessageMetadata METADATA = new MessageMetadata();

  private InstructionHarness() {}

  private static long simple(ByteBuf b, long n) {
    for (long i = 0; i < n; i++) {
      FRAME.parseFrom(b, b.readableBytes());
      b.resetReaderIndex();
    }
    return n;
  }

  private static long simpleString(ByteBuf b, long n) {
    long s = 0;
    for (long i = 0; i < n; i++) {
      FRAME.parseFrom(b, b.readableBytes());
      s += FRAME.getName().length();
      b.resetReaderIndex();
    }
    return s;
  }

  private static long addressBook(ByteBuf b, long n) {
    for (long i = 0; i < n; i++) {
      BOOK.parseFrom(b, b.readableBytes());
      b.resetReaderIndex();
    }
    return n;
  }

  private static long baseCommand(ByteBuf b, long n) {
    for (long i = 0; i < n; i++) {
      COMMAND.parseFrom(b, b.readableBytes());
      b.resetReaderIndex();
    }
    return n;
  }

  private static long metadata(ByteBuf b, long n) {
    for (long i = 0; i < n; i++) {
      METADATA.parseFrom(b, b.readableBytes());
      b.resetReaderIndex();
    }
    return n;
  }

  private static long run(String row, ByteBuf b, long n) {
    switch (row) {
      case "simple":
        return simple(b, n);
      case "string":
        return simpleString(b, n);
      case "ab":
        return addressBook(b, n);
      case "cmd":
        return baseCommand(b, n);
      case "md":
        return metadata(b, n);
      default:
        throw new IllegalArgumentException(row);
    }
  }

  private static byte[] bytes(String row) {
    switch (row) {
      case "simple":
      case "string":
        FRAME.setName("xyz");
        FRAME.setPoint().setX(1).setY(2).setZ(3);
        return FRAME.toByteArray();
      case "ab":
        Person p1 = BOOK.addPerson();
        p1.setName("name");
        p1.setEmail("name@example.com");
        p1.setId(5);
        p1.addPhone().setNumber("xxx-zzz-yyyyy").setType(Person.PhoneType.HOME);
        p1.addPhone().setNumber("xxx-zzz-yyyyy").setType(Person.PhoneType.MOBILE);
        Person p2 = BOOK.addPerson();
        p2.setName("name 2");
        p2.setEmail("name2@example.com");
        p2.setId(6);
        p2.addPhone().setNumber("xxx-zzz-yyyyy").setType(Person.PhoneType.HOME);
        return BOOK.toByteArray();
      case "cmd":
        COMMAND.setType(BaseCommand.Type.SEND);
        COMMAND.setSend().setProducerId(1).setSequenceId(12345).setNumMessages(10)
            .setHighestSequenceId(12355).setIsChunk(false);
        return COMMAND.toByteArray();
      case "md":
        long t = 1765000000000L;
        METADATA.setProducerName("producer-1").setSequenceId(12345).setPublishTime(t)
            .setCompression(CompressionType.LZ4).setNumMessagesInBatch(10).setEventTime(t)
            .setPartitionKey("partition-key-1");
        METADATA.addProperty().setKey("key1").setValue("value1");
        METADATA.addProperty().setKey("key2").setValue("value2");
        METADATA.addProperty().setKey("key3").setValue("value3");
        return METADATA.toByteArray();
      default:
        throw new IllegalArgumentException(row);
    }
  }

  public static void main(String[] args) {
    String row = args[0];
    int warmup = Integer.parseInt(args[1]);
    long n = Long.parseLong(args[2]);
    byte[] bytes = bytes(row);
    ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(bytes.length);
    b.writeBytes(bytes);
    long s = 0;
    for (int i = 0; i < warmup; i++) {
      s += run(row, b, 1000);
    }
    s += run(row, b, n);
    sink = s;
  }
}
