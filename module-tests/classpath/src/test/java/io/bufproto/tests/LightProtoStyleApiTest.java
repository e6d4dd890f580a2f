package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.tests.lp.LightProtoStyleProtos;
import io.bufproto.tests.lp.Metadata;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Code written the way Pulsar-style code calls LightProto's generated classes: if this file
 * compiles, such code compiles against BufProto. The bytes are checked against protobuf-java.
 */
class LightProtoStyleApiTest {

  @Test
  void lightProtoStyleCallsCompileAndWriteProtobufJavasBytes() throws Exception {
    Metadata m = new Metadata();
    m.setProducerName("producer").setSequenceId(-1L); // uint64 above Long.MAX_VALUE
    m.addProperty().setKey("k").setValue("v"); // addX() returns the child
    m.addReplicateTo("east");
    m.addReplicateTo("west");
    m.setOrderingKey(new byte[] {1, 2});
    m.setNullValue(true);
    m.addMetadata().setKey("a").setValue("b");
    m.addEntry(5);
    m.addAddress("x");
    m.setParent().setProducerName("p").setSequenceId(1); // setX() returns the child
    m.putCounters("c", 3L);
    m.setLedger(9);

    assertEquals(1, m.getPropertiesCount());
    assertEquals("k", m.getPropertyAt(0).getKey());
    assertEquals(2, m.getReplicateTosCount());
    assertEquals("west", m.getReplicateToAt(1));
    assertEquals(List.of("east", "west"), m.getReplicateTosList());
    assertEquals(2, m.getOrderingKeySize());
    ByteBuf slice = m.getOrderingKeySlice();
    assertEquals(2, slice.readableBytes());
    assertTrue(m.isNullValue());
    assertEquals(1, m.getMetadatasCount());
    assertEquals("a", m.getMetadataAt(0).getKey());
    assertEquals(1, m.getEntriesCount());
    assertEquals(5L, m.getEntryAt(0));
    assertEquals(1, m.getAddressesCount());
    assertEquals("x", m.getAddressAt(0));
    assertTrue(m.hasParent());
    assertEquals(1, m.getCountersCount());
    assertEquals(3L, m.getCounters("c"));
    assertThrows(IllegalArgumentException.class, () -> m.getCounters("missing"));
    List<String> seen = new ArrayList<>();
    m.forEachCounters((k, v) -> seen.add(k + "=" + v));
    assertEquals(List.of("c=3"), seen);
    assertEquals(Metadata.SourceCase.LEDGER, m.getSourceCase());

    ByteBuf buf = Unpooled.buffer();
    int written = m.writeTo(buf);
    assertEquals(m.getSerializedSize(), written);
    Metadata copy = new Metadata();
    copy.parseFrom(buf, buf.readableBytes());
    copy.materialize();
    assertEquals(m, copy);
    Metadata merged = new Metadata().copyFrom(copy);
    assertEquals(m, merged);
    assertEquals(
        "producer",
        new String(
            merged.getProducerName().getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));

    LightProtoStyleProtos.Metadata pj = LightProtoStyleProtos.Metadata.parseFrom(m.toByteArray());
    assertArrayEquals(pj.toByteArray(), m.toByteArray());
    assertEquals(-1L, pj.getSequenceId());
    m.clear();
    assertEquals(0, m.getSerializedSize());
  }
}
