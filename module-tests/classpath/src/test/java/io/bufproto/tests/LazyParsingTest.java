package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.CodedOutputStream;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.MessageMetadata;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.util.IllegalReferenceCountException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What {@code lazyParsing(true)} promises beyond what the lazy configuration of the differential
 * and fuzz suites checks ({@link LazySuite}): where a deferred sub-message's errors surface, what a
 * partly changed message writes, and the buffer rules for deferred sub-messages.
 */
class LazyParsingTest {

  /** BaseCommand {type: SEND, send: (the given bytes)}. */
  private static byte[] sendCommand(byte[] send) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeEnum(1, PulsarApi.BaseCommand.Type.SEND_VALUE);
    out.writeByteArray(6, send);
    out.flush();
    return bytes.toByteArray();
  }

  private static byte[] send(long producerId, long sequenceId) {
    return PulsarApi.CommandSend.newBuilder()
        .setProducerId(producerId)
        .setSequenceId(sequenceId)
        .build()
        .toByteArray();
  }

  /** Deferring every child: the children here are shorter than lazyParsing(true) defers. */
  private static BaseCommand lazy() {
    return new BaseCommand().lazyParsing(0);
  }

  /**
   * MessageMetadata whose second property is encoded value first (legal, not canonical): the first
   * of {@code properties} is re-encoded canonically when changed, the second kept.
   */
  private static byte[] metadata(byte[]... properties) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeString(1, "producer");
    out.writeUInt64(2, 7);
    out.writeUInt64(3, 1234);
    for (byte[] p : properties) {
      out.writeByteArray(4, p);
    }
    out.flush();
    return bytes.toByteArray();
  }

  private static byte[] keyValueValueFirst(String key, String value) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    out.writeString(2, value);
    out.writeString(1, key);
    out.flush();
    return bytes.toByteArray();
  }

  private static byte[] keyValue(String key, String value) {
    return PulsarApi.KeyValue.newBuilder().setKey(key).setValue(value).build().toByteArray();
  }

  /** Children deferred, and (shorter than it defers) parsed with their parent. */
  @ParameterizedTest
  @ValueSource(ints = {0, ProtoMessage.LAZY_DEFER_FROM})
  void whatIsUnchangedIsWrittenAsReceivedAndWhatChangedFromItsFields(int deferFrom)
      throws IOException {
    byte[] odd = keyValueValueFirst("k1", "v1");
    byte[] input = metadata(keyValue("k0", "v0"), odd);
    MessageMetadata ours = new MessageMetadata().lazyParsing(deferFrom);
    ours.parseFrom(input);
    assertArrayEquals(input, ours.toByteArray(), "unchanged");
    assertEquals("k1", ours.getPropertyAt(1).getKey(), "a deferred child read");
    assertArrayEquals(input, ours.toByteArray(), "read, still unchanged");

    ours.getPropertyAt(0).setValue("changed");
    byte[] expected = metadata(keyValue("k0", "changed"), odd);
    assertArrayEquals(expected, ours.toByteArray(), "the changed child re-encoded, the other kept");
    assertEquals(
        PulsarApi.MessageMetadata.parseFrom(expected),
        PulsarApi.MessageMetadata.parseFrom(ours.toByteArray()));

    ours.parseFrom(input);
    ours.materialize();
    assertArrayEquals(
        PulsarApi.MessageMetadata.parseFrom(input).toByteArray(),
        ours.toByteArray(),
        "materialized: protobuf-java's bytes");
  }

  @Test
  void aMalformedChildThrowsWhereItIsReadAndIsForwardedUnread() throws IOException {
    byte[] input = sendCommand(new byte[] {0x08, (byte) 0xff}); // producer_id cut off
    assertThrows(
        com.google.protobuf.InvalidProtocolBufferException.class,
        () -> PulsarApi.BaseCommand.parseFrom(input));
    InvalidProtobufException eager =
        assertThrows(InvalidProtobufException.class, () -> new BaseCommand().parseFrom(input));

    BaseCommand ours = lazy();
    ours.parseFrom(input);
    assertTrue(ours.hasSend());
    InvalidProtobufException e = assertThrows(InvalidProtobufException.class, ours::getSend);
    assertTrue(
        e.getMessage().contains("pulsar.proto.CommandSend parsed on first use"), e::getMessage);
    assertEquals(
        eager.offset() - 4, e.offset(), "the eager parse's offset, from the child's start");
    assertThrows(InvalidProtobufException.class, ours::getSend, "and at every use after");
    assertArrayEquals(input, ours.toByteArray(), "unread, it is forwarded as received");
    assertThrows(InvalidProtobufException.class, ours::materialize);
  }

  @Test
  void aChildMissingARequiredFieldThrowsWhereItIsRead() throws IOException {
    byte[] input =
        sendCommand(
            PulsarApi.CommandSend.newBuilder().setProducerId(1).buildPartial().toByteArray());
    assertThrows(InvalidProtobufException.class, () -> new BaseCommand().parseFrom(input));

    BaseCommand ours = lazy();
    ours.parseFrom(input);
    assertTrue(ours.isInitialized(), "a deferred child is checked when it is parsed");
    InvalidProtobufException e = assertThrows(InvalidProtobufException.class, ours::getSend);
    assertTrue(e.getMessage().contains("sequence_id"), e::getMessage);
  }

  @Test
  void aLaterOccurrenceMergesIntoTheDeferredOne() throws IOException {
    ByteArrayOutputStream both = new ByteArrayOutputStream();
    both.write(sendCommand(send(1, 2)));
    both.write(
        sendCommand(
            PulsarApi.CommandSend.newBuilder().setSequenceId(3).buildPartial().toByteArray()));
    byte[] input = both.toByteArray();
    BaseCommand ours = lazy();
    ours.parseFrom(input);
    assertEquals(1, ours.getSend().getProducerId());
    assertEquals(3, ours.getSend().getSequenceId());
    assertArrayEquals(input, ours.toByteArray(), "unchanged: written as received");
    ours.materialize();
    assertArrayEquals(PulsarApi.BaseCommand.parseFrom(input).toByteArray(), ours.toByteArray());
  }

  @Test
  void aFirstUseLeavesTheBufferIndicesAsTheyWere() throws IOException {
    byte[] input = sendCommand(send(5, 6));
    ByteBuf buf = Unpooled.buffer(input.length + 8).writeBytes(input).writeLong(0);
    BaseCommand ours = lazy();
    ours.parseFrom(buf, input.length);
    buf.setIndex(3, 9);
    assertEquals(6, ours.getSend().getSequenceId());
    assertEquals(3, buf.readerIndex());
    assertEquals(9, buf.writerIndex());
  }

  @Test
  void deferredChildrenFollowTheBufferRules() throws IOException {
    byte[] input = sendCommand(send(5, 6));

    // Aliased: released, a deferred child is neither parsed nor forwarded.
    ByteBuf aliased = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(input);
    BaseCommand ours = lazy();
    ours.parseFrom(aliased);
    aliased.release();
    assertThrows(IllegalReferenceCountException.class, ours::getSend);
    assertThrows(IllegalReferenceCountException.class, ours::toByteArray);

    // Retained: the caller may release its reference; clear() releases the message's.
    ByteBuf retained = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(input);
    BaseCommand holding = lazy().retainParsedBuffers(true);
    holding.parseFrom(retained);
    retained.release();
    assertEquals(5, holding.getSend().getProducerId());
    assertArrayEquals(input, holding.toByteArray());
    holding.clear();
    assertEquals(0, retained.refCnt());

    // Materialized: every deferred child parsed, nothing read from the buffer after.
    ByteBuf dropped = PooledByteBufAllocator.DEFAULT.directBuffer().writeBytes(input);
    BaseCommand detached = lazy();
    detached.parseFrom(dropped);
    detached.materialize();
    dropped.release();
    assertEquals(6, detached.getSend().getSequenceId());
    assertArrayEquals(input, detached.toByteArray());
  }

  @Test
  void copyFromAndEqualsReadDeferredChildren() throws IOException {
    byte[] input = sendCommand(send(5, 6));
    BaseCommand eager = new BaseCommand();
    eager.parseFrom(input);
    BaseCommand ours = lazy();
    ours.parseFrom(input);
    assertEquals(eager, ours);
    assertEquals(eager.hashCode(), ours.hashCode());
    BaseCommand copy = new BaseCommand().copyFrom(lazyParsed(input));
    assertEquals(eager, copy);
    assertArrayEquals(input, copy.toByteArray());
  }

  private static BaseCommand lazyParsed(byte[] input) {
    BaseCommand m = lazy();
    m.parseFrom(input);
    return m;
  }

  @Test
  void onlyATopLevelMessageChooses() {
    BaseCommand parent = new BaseCommand();
    assertThrows(IllegalStateException.class, () -> parent.setSend().lazyParsing(true));
    assertThrows(IllegalStateException.class, () -> parent.setSend().lazyParsing(0));
    assertFalse(parent.getSend().hasProducerId());
    assertThrows(IllegalArgumentException.class, () -> parent.lazyParsing(-1));
  }

  /**
   * lazyParsing(true) defers a child of LAZY_DEFER_FROM bytes or more, and parses a shorter one
   * with its parent: a KeyValue missing its required value, 64 bytes long, throws where it is read;
   * 63 bytes long, at the parse.
   */
  @Test
  void lazyParsingTrueDefersChildrenFromLazyDeferFromBytes() throws IOException {
    for (int length : new int[] {ProtoMessage.LAZY_DEFER_FROM, ProtoMessage.LAZY_DEFER_FROM - 1}) {
      byte[] child =
          PulsarApi.KeyValue.newBuilder()
              .setKey("k".repeat(length - 2))
              .buildPartial()
              .toByteArray();
      assertEquals(length, child.length);
      byte[] input = metadata(keyValue("k0", "v0"), child);
      MessageMetadata ours = new MessageMetadata().lazyParsing(true);
      if (length < ProtoMessage.LAZY_DEFER_FROM) {
        InvalidProtobufException e =
            assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(input));
        assertTrue(e.getMessage().contains("properties[1].value"), e::getMessage);
      } else {
        ours.parseFrom(input);
        assertEquals("k0", ours.getPropertyAt(0).getKey());
        InvalidProtobufException e =
            assertThrows(InvalidProtobufException.class, () -> ours.getPropertyAt(1));
        assertTrue(e.getMessage().contains("value"), e::getMessage);
        assertArrayEquals(input, ours.toByteArray(), "unread, forwarded as received");
      }
    }
  }
}
