package io.bufproto.suite;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.streamnative.lightproto.tests.Frame;
import io.streamnative.lightproto.tests.Point;
import java.util.Arrays;
import org.apache.pulsar.common.api.proto.BaseCommand;
import org.apache.pulsar.common.api.proto.CompressionType;
import org.apache.pulsar.common.api.proto.KeyValue;
import org.apache.pulsar.common.api.proto.MessageMetadata;

/**
 * A plain timing loop over the shapes of LightProto's suite, for the one configuration JMH cannot
 * run in: {@code --sun-misc-unsafe-memory-access=deny} on JDK 25 (JMH itself needs that memory
 * access). Compiled unchanged against LightProto's classes and against BufProto's, like
 * the suite (jmh/lightproto-suite.sh); jmh/lightproto-timing.sh runs the builds interleaved.
 *
 * <p>Each workload runs {@code warmup} timed batches, then {@code batches} more, each about {@code
 * millis} long, and prints the median in operations per microsecond. The write workloads fill from
 * the next of eight equal but distinct copies of every string per operation, so no library's scan
 * of a literal folds away. Not a replacement for JMH: a figure here is compared only with the other
 * arm's figure from the same script run.
 *
 * <pre>java -cp benchmarks.jar io.bufproto.suite.TimingHarness [millis=500] [warmup=10] [batches=10]</pre>
 */
public final class TimingHarness {

  /** Read by nothing: keeps the JIT from dropping the work. */
  static volatile long sink;

  private static final String[][] NAMES = copies("xyz");
  private static final String[][] PRODUCERS = copies("producer-1");
  private static final String[][] KEYS = copies("partition-key-1", "key1", "value1", "key2",
      "value2", "key3", "value3");

  private static String[][] copies(String... values) {
    String[][] c = new String[8][];
    for (int i = 0; i < c.length; i++) {
      c[i] = Arrays.stream(values).map(v -> new String(v.toCharArray())).toArray(String[]::new);
    }
    return c;
  }

  interface Workload {
    long run(int n);
  }

  public static void main(String[] args) {
    long millis = args.length > 0 ? Long.parseLong(args[0]) : 500;
    int warmup = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    int batches = args.length > 2 ? Integer.parseInt(args[2]) : 10;

    Frame frame = new Frame();
    fillFrame(frame, 0);
    ByteBuf frameBuf = pooled(frame.toByteArray());
    MessageMetadata md = new MessageMetadata();
    fillMetadata(md, 0);
    ByteBuf mdBuf = pooled(md.toByteArray());
    BaseCommand cmd = new BaseCommand();
    cmd.setType(BaseCommand.Type.SEND);
    cmd.setSend().setProducerId(1).setSequenceId(12345).setNumMessages(10)
        .setHighestSequenceId(12355).setIsChunk(false);
    ByteBuf cmdBuf = pooled(cmd.toByteArray());
    ByteBuf out = PooledByteBufAllocator.DEFAULT.buffer(1024);
    System.out.println("# buffers: " + frameBuf.getClass().getSimpleName() + ", "
        + System.getProperty("java.vm.version"));

    String[] names = {
      "Simple deserialize + read string", "MessageMetadata deserialize + read strings",
      "BaseCommand deserialize", "Simple clear + fill + write (strings not literals)",
      "MessageMetadata clear + fill + write (strings not literals)"
    };
    Workload[] work = {
      n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          frame.parseFrom(frameBuf, frameBuf.readableBytes());
          frameBuf.readerIndex(0);
          s += frame.getName().length();
        }
        return s;
      },
      n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          md.parseFrom(mdBuf, mdBuf.readableBytes());
          mdBuf.readerIndex(0);
          s += md.getProducerName().length() + md.getPartitionKey().length();
          for (int k = 0; k < md.getPropertiesCount(); k++) {
            KeyValue kv = md.getPropertyAt(k);
            s += kv.getKey().length() + kv.getValue().length();
          }
        }
        return s;
      },
      n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          cmd.parseFrom(cmdBuf, cmdBuf.readableBytes());
          cmdBuf.readerIndex(0);
          s += cmd.getSend().getSequenceId();
        }
        return s;
      },
      n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          fillFrame(frame, i);
          out.clear();
          frame.writeTo(out);
          s += out.writerIndex();
        }
        return s;
      },
      n -> {
        long s = 0;
        for (int i = 0; i < n; i++) {
          fillMetadata(md, i);
          out.clear();
          md.writeTo(out);
          s += out.writerIndex();
        }
        return s;
      },
    };
    for (int w = 0; w < work.length; w++) {
      double[] rates = new double[batches];
      int n = 1000;
      for (int b = -warmup; b < batches; b++) {
        long t0 = System.nanoTime();
        sink += work[w].run(n);
        long ns = System.nanoTime() - t0;
        if (b >= 0) {
          rates[b] = n * 1000.0 / ns;
        }
        n = (int) Math.max(1000, Math.min(100_000_000L, n * millis * 1_000_000L / Math.max(ns, 1)));
      }
      Arrays.sort(rates);
      System.out.printf("%s\t%.3f\tops/us, median of %d (min %.3f, max %.3f)%n", names[w],
          rates[batches / 2], batches, rates[0], rates[batches - 1]);
    }
  }

  private static ByteBuf pooled(byte[] bytes) {
    return PooledByteBufAllocator.DEFAULT.buffer(bytes.length).writeBytes(bytes);
  }

  private static void fillFrame(Frame frame, int i) {
    frame.clear();
    Point p = frame.setPoint();
    p.setX(1);
    p.setY(2);
    p.setZ(3);
    frame.setName(NAMES[i & 7][0]);
  }

  private static void fillMetadata(MessageMetadata md, int i) {
    String[] k = KEYS[i & 7];
    md.clear();
    md.setProducerName(PRODUCERS[i & 7][0])
        .setSequenceId(12345)
        .setPublishTime(1_700_000_000_000L)
        .setCompression(CompressionType.LZ4)
        .setNumMessagesInBatch(10)
        .setEventTime(1_700_000_000_000L)
        .setPartitionKey(k[0]);
    md.addProperty().setKey(k[1]).setValue(k[2]);
    md.addProperty().setKey(k[3]).setValue(k[4]);
    md.addProperty().setKey(k[5]).setValue(k[6]);
  }
}
