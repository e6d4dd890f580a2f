package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.lp.Metadata;
import io.bufproto.tests.p3.Choice;
import io.bufproto.tests.p3.Maps;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A reused message keeps a bounded footprint for what it no longer holds (ProtoMessage, "Reuse"):
 * filled or parsed with megabytes, cleared, and weighed by a walk over what it keeps reachable
 * ({@link Weigher}). Each case kept megabytes on the previous code, whose clear() only reset bits
 * and counts. The bound asserted: what a new message of the type weighs after the same small use,
 * plus {@link #SLACK}.
 */
class ReuseBoundTest {

  /** Room for kept storage (arrays of up to 1024 elements) and small values: well under 1 MB. */
  private static final long SLACK = 64 * 1024;

  private static final String MIB = "x".repeat(1 << 20);

  private static void assertSmall(ProtoMessage<?> m, String what) {
    long w = Weigher.weigh(m);
    System.out.println("ReuseBoundTest: " + what + ": " + w + " bytes kept");
    assertTrue(w < SLACK, what + ": " + w + " bytes kept");
  }

  private static int written(ProtoMessage<?> m) {
    ByteBuf out = Unpooled.directBuffer();
    try {
      return m.writeTo(out);
    } finally {
      out.release();
    }
  }

  @Test
  void aHundredThousandStringsAreNotKeptByClear() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1);
    for (int i = 0; i < 100_000; i++) {
      m.addReplicateTo("persistent://tenant/namespace/topic-" + i);
    }
    long full = Weigher.weigh(m);
    assertTrue(full > 5_000_000, "filled: " + full);
    m.clear();
    assertSmall(m, "100,000 strings, cleared");
    Metadata two = new Metadata().setProducerName("q").setSequenceId(2);
    two.addReplicateTo("a");
    two.addReplicateTo("b");
    m.parseFrom(two.toByteArray());
    assertEquals(2, m.getReplicateTosCount());
    assertSmall(m, "then a 2-value message parsed into it");
  }

  @Test
  void tenMebibytesOfBytesAreNotKeptByClear() {
    Metadata set = new Metadata().setProducerName("p").setSequenceId(1);
    set.setOrderingKey(new byte[10 << 20]);
    set.clear();
    assertSmall(set, "10 MiB set from a byte[], cleared");

    byte[] bytes =
        new Metadata()
            .setProducerName("p")
            .setSequenceId(1)
            .setOrderingKey(new byte[10 << 20])
            .toByteArray();
    Metadata parsed = new Metadata();
    parsed.parseFrom(bytes);
    parsed.clear();
    assertSmall(parsed, "10 MiB parsed from a byte[], cleared");

    ByteBuf heap = Unpooled.wrappedBuffer(bytes);
    parsed.parseFrom(heap, heap.readableBytes());
    parsed.clear();
    assertSmall(parsed, "10 MiB parsed from an unreleased heap buffer, cleared");
    assertEquals(1, heap.refCnt());
  }

  /** The message: 100k tags, a 10 MiB payload and a 1 MiB string in a child. */
  @Test
  void aMessageOfMegabytesInChildrenIsNotKeptByClearAndMaterialize() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1);
    for (int i = 0; i < 100_000; i++) {
      m.addEntry(i);
      m.addAddress("10.0.0." + (i % 256));
    }
    m.setOrderingKey(new byte[10 << 20]);
    m.setParent().setProducerName(MIB).setSequenceId(2);
    byte[] bytes = m.toByteArray();
    Metadata parsed = new Metadata();
    parsed.parseFrom(bytes);
    assertEquals(MIB, parsed.getParent().getProducerName());
    parsed.clear();
    parsed.materialize();
    assertSmall(parsed, "parsed megabytes, cleared and materialized");
    m.clear();
    m.materialize();
    assertSmall(m, "filled megabytes, cleared and materialized");
  }

  /** A release keeps a short string given to a setter (Reuse.KEPT_STRING), never a long one. */
  @Test
  void aLongStringSetBySetterIsNotKeptByClear() {
    Metadata m = new Metadata().setProducerName(MIB).setSequenceId(1);
    written(m);
    m.clear();
    assertSmall(m, "a 1 MiB string set and written, cleared");
    m.setProducerName("p").setSequenceId(2);
    assertEquals(3 + 2, written(m));
  }

  /*
   * Values dropped outside clear(), then a write that counts only what is left, then clear(): a
   * field's own clear, a oneof member replaced, a map entry removed, a repeated field cleared and
   * refilled shorter. None of them may leave behind a value that no count saw.
   */

  @Test
  void aBytesFieldClearedOnItsOwnKeepsNothing() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1);
    m.setOrderingKey(new byte[1 << 20]).clearOrderingKey();
    written(m);
    m.clear();
    assertSmall(m, "a bytes field cleared on its own");
  }

  @Test
  void aMessageFieldClearedOnItsOwnKeepsNothing() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1);
    m.setParent().setProducerName(MIB).setSequenceId(1);
    m.clearParent();
    written(m);
    m.clear();
    assertSmall(m, "a message field cleared on its own");
  }

  @Test
  void aRepeatedFieldClearedAndRefilledShorterKeepsNothing() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1);
    for (int i = 0; i < 2000; i++) {
      m.addReplicateTo(MIB.substring(0, 1000) + i);
    }
    m.clearReplicateTo().addReplicateTo("one");
    written(m);
    m.clear();
    assertSmall(m, "a repeated field cleared and refilled shorter");
  }

  @Test
  void aReplacedOneofMemberKeepsNothing() {
    Metadata m = new Metadata().setProducerName("p").setSequenceId(1).setTopic(MIB).setLedger(7);
    written(m);
    m.clear();
    assertSmall(m, "a oneof string replaced by an int");

    Choice c = new Choice();
    c.setCMessage().setFString(MIB);
    c.setCBool(true);
    written(c);
    c.clear();
    assertSmall(c, "a oneof message replaced by a bool");
  }

  @Test
  void aRemovedMapEntryKeepsNothing() {
    Maps maps = new Maps();
    maps.putMString("small").setFString("s");
    maps.putMString("big").setFString(MIB);
    maps.removeMString("big"); // its value stays as the map's spare
    written(maps);
    maps.clear();
    assertSmall(maps, "a map entry removed");
  }

  /**
   * A message reused for many small messages keeps what one of them holds, and releases once every
   * 64 KiB of them; the weight never grows with the number of messages.
   */
  @Test
  void smallReuseStaysSmall() {
    Random random = new Random(1);
    Metadata m = new Metadata();
    long most = 0;
    for (int i = 0; i < 20_000; i++) {
      m.clear().setProducerName("producer-" + random.nextInt(1000)).setSequenceId(i);
      for (int j = random.nextInt(4); j > 0; j--) {
        m.addProperty().setKey("k" + j).setValue("v" + random.nextInt());
        m.addReplicateTo("r" + random.nextInt(100));
      }
      written(m);
      if (i % 1000 == 999) {
        most = Math.max(most, Weigher.weigh(m));
      }
    }
    System.out.println("ReuseBoundTest: 20,000 small messages in one: at most " + most + " bytes");
    assertTrue(most < SLACK, "most: " + most);
  }
}
