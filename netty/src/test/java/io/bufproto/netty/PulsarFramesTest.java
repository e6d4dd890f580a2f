package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.MessageMetadata;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Pulsar's frame layout through {@link ProtoCommandHandler}: frames built with protobuf-java as a
 * Pulsar client builds them (total size, command size, BaseCommand, and for a SEND the magic
 * number, a CRC32C checksum, the metadata size, MessageMetadata and a payload), split by {@link
 * ProtoFrameDecoder} and parsed by BufProto. Each frame is rebuilt from BufProto's command and the
 * rest it was handed: byte for byte the frame protobuf-java built. The metadata in the rest parses
 * with BufProto to protobuf-java's bytes, and its checksum holds.
 */
class PulsarFramesTest {

  private static final int MAGIC = 0x0e01;

  @AfterAll
  static void noLeaks() {
    LeakRecorder.assertNoLeaks();
  }

  /**
   * A frame as Pulsar's Commands.serializeCommandSendWithSize lays it out ({@code rest} empty:
   * none).
   */
  private static byte[] frame(byte[] command, byte[] rest) {
    ByteBuffer b = ByteBuffer.allocate(8 + command.length + rest.length);
    b.putInt(4 + command.length + rest.length).putInt(command.length).put(command).put(rest);
    return b.array();
  }

  /** Magic number, checksum, metadata size, metadata, payload: what follows a SEND. */
  private static byte[] headersAndPayload(byte[] metadata, byte[] payload) {
    ByteBuffer checked = ByteBuffer.allocate(4 + metadata.length + payload.length);
    checked.putInt(metadata.length).put(metadata).put(payload);
    CRC32C crc = new CRC32C();
    crc.update(checked.array());
    ByteBuffer b = ByteBuffer.allocate(6 + checked.capacity());
    b.putShort((short) MAGIC).putInt((int) crc.getValue()).put(checked.array());
    return b.array();
  }

  private static final class Recorder extends ProtoCommandHandler<BaseCommand> {
    final List<byte[]> rebuilt = new ArrayList<>();
    final List<byte[]> metadata = new ArrayList<>();
    final List<ByteBuf> kept = new ArrayList<>();
    final MessageMetadata md = new MessageMetadata();
    boolean keepRests;

    Recorder() {
      super(new BaseCommand(), Framing.FIXED32);
    }

    @Override
    protected void onCommand(ChannelHandlerContext ctx, BaseCommand cmd, ByteBuf rest) {
      rebuilt.add(frame(cmd.toByteArray(), ByteBufUtil.getBytes(rest)));
      if (rest.isReadable()) { // what follows a SEND here
        ByteBuf r = rest.duplicate();
        assertEquals(MAGIC, r.readUnsignedShort());
        long checksum = r.readUnsignedInt();
        CRC32C crc = new CRC32C();
        crc.update(r.nioBuffer());
        assertEquals(checksum, crc.getValue());
        int size = r.readInt();
        md.parseFrom(r, size);
        metadata.add(md.toByteArray());
      }
      if (keepRests) {
        kept.add(rest.retain());
      }
    }
  }

  @Test
  void pulsarFramesRoundTripAgainstProtobufJava() {
    RandomMessages random = new RandomMessages(7);
    Random payloads = new Random(8);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    List<byte[]> frames = new ArrayList<>();
    List<byte[]> metadata = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      PulsarApi.BaseCommand cmd = random.next(PulsarApi.BaseCommand.getDefaultInstance());
      byte[] rest = new byte[0];
      if (i % 3 == 0) {
        cmd = cmd.toBuilder().setType(PulsarApi.BaseCommand.Type.SEND).build();
        PulsarApi.MessageMetadata md = random.next(PulsarApi.MessageMetadata.getDefaultInstance());
        byte[] payload = new byte[payloads.nextInt(2000)];
        payloads.nextBytes(payload);
        rest = headersAndPayload(md.toByteArray(), payload);
        metadata.add(md.toByteArray());
      }
      byte[] f = frame(cmd.toByteArray(), rest);
      frames.add(f);
      stream.writeBytes(f);
    }
    Recorder recorder = new Recorder();
    EmbeddedChannel ch =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.FIXED32, 1 << 20), recorder);
    byte[] all = stream.toByteArray();
    for (int at = 0; at < all.length; at += 777) { // frames cut across reads
      ch.writeInbound(Unpooled.copiedBuffer(all, at, Math.min(777, all.length - at)));
    }
    assertEquals(frames.size(), recorder.rebuilt.size());
    for (int i = 0; i < frames.size(); i++) {
      assertArrayEquals(frames.get(i), recorder.rebuilt.get(i), "frame " + i);
    }
    assertEquals(metadata.size(), recorder.metadata.size());
    for (int i = 0; i < metadata.size(); i++) {
      assertArrayEquals(metadata.get(i), recorder.metadata.get(i), "metadata " + i);
    }
    assertFalse(ch.finish());
  }

  /** The rest is the handler's, released after onCommand, unless the user retains it. */
  @Test
  void theRestIsReleasedAfterOnCommandUnlessRetained() {
    byte[] metadata =
        PulsarApi.MessageMetadata.newBuilder()
            .setProducerName("p")
            .setSequenceId(2)
            .setPublishTime(3)
            .build()
            .toByteArray();
    byte[] rest = headersAndPayload(metadata, new byte[] {1, 2, 3});
    PulsarApi.BaseCommand send =
        PulsarApi.BaseCommand.newBuilder()
            .setType(PulsarApi.BaseCommand.Type.SEND)
            .setSend(PulsarApi.CommandSend.newBuilder().setProducerId(1).setSequenceId(2).build())
            .build();
    Recorder recorder = new Recorder();
    recorder.keepRests = true;
    EmbeddedChannel ch =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.FIXED32, 1 << 20), recorder);
    ByteBuf in = Unpooled.wrappedBuffer(frame(send.toByteArray(), rest));
    ch.writeInbound(in);
    ByteBuf kept = recorder.kept.get(0);
    assertEquals(1, kept.refCnt(), "the retain in onCommand is the only reference left");
    assertArrayEquals(rest, ByteBufUtil.getBytes(kept));
    assertTrue(kept.release());
    assertEquals(0, in.refCnt());
    assertFalse(ch.finish());
  }

  @Test
  void aCommandSizePastTheFrameIsMalformed() {
    EmbeddedChannel ch =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.FIXED32, 1 << 20), new Recorder());
    ByteBuf bad = Unpooled.buffer().writeInt(8).writeInt(100).writeInt(0); // 100 > 4 bytes left
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> ch.writeInbound(bad));
    assertTrue(e.getMessage().contains("announces a command of 100 bytes"), e.getMessage());
    assertFalse(ch.isOpen());
    assertEquals(0, bad.refCnt());
  }
}
