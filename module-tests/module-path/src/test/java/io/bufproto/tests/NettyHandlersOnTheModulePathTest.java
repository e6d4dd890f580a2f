package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.bufproto.netty.Framing;
import io.bufproto.netty.ProtoFrameDecoder;
import io.bufproto.netty.ProtoFrameEncoder;
import io.bufproto.netty.ProtoMessageHandler;
import io.bufproto.tests.pulsar.MessageMetadata;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * bufproto-netty as a module-path user runs it: io.bufproto.netty a named module beside Netty's,
 * its handlers in a pipeline that echoes protobuf-java's delimited stream back byte for byte.
 */
class NettyHandlersOnTheModulePathTest {

  private static final int MESSAGES = 200;

  @Test
  void theHandlersAndNettysCodecAreNamedModules() {
    assertEquals("io.bufproto.netty", ProtoFrameDecoder.class.getModule().getName());
    assertEquals("io.netty.codec", ByteToMessageDecoder.class.getModule().getName());
    assertEquals("io.bufproto.tests", getClass().getModule().getName());
  }

  @Test
  void anEchoPipelineReturnsProtobufJavasDelimitedStreamUnchanged() throws IOException {
    RandomMessages random = new RandomMessages(20261204L, 6, true);
    ByteArrayOutputStream delimited = new ByteArrayOutputStream();
    List<byte[]> sent = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      PulsarApi.MessageMetadata message =
          (PulsarApi.MessageMetadata) random.next(PulsarApi.MessageMetadata.getDefaultInstance());
      message.writeDelimitedTo(delimited);
      sent.add(message.toByteArray());
    }

    List<byte[]> parsed = new ArrayList<>();
    EmbeddedChannel channel =
        new EmbeddedChannel(
            new ProtoFrameEncoder(Framing.VARINT32),
            new ProtoFrameDecoder(Framing.VARINT32, 1 << 24),
            new ProtoMessageHandler<>(new MessageMetadata()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, MessageMetadata message) {
                parsed.add(message.toByteArray());
                ctx.writeAndFlush(message); // encoded before this returns, while message is valid
              }
            });
    channel.writeInbound(Unpooled.wrappedBuffer(delimited.toByteArray()));

    assertEquals(MESSAGES, parsed.size());
    for (int i = 0; i < MESSAGES; i++) {
      assertArrayEquals(sent.get(i), parsed.get(i), "message " + i);
    }
    ByteArrayOutputStream echoed = new ByteArrayOutputStream();
    for (ByteBuf frame; (frame = channel.readOutbound()) != null; ) {
      echoed.write(ByteBufUtil.getBytes(frame));
      frame.release();
    }
    assertArrayEquals(delimited.toByteArray(), echoed.toByteArray());
    assertFalse(channel.finish());
  }
}
