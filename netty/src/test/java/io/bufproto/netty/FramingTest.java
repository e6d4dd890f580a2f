package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.netty.ProtoFrameDecoder.OnTooLong;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.CommandConnect;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.CorruptedFrameException;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.protobuf.ProtobufEncoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32LengthFieldPrepender;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The handlers in an {@link EmbeddedChannel}: bytes written, frames split, bad frames. */
class FramingTest {

  private static final int CASES = 500;

  @AfterAll
  static void noLeaks() {
    LeakRecorder.assertNoLeaks();
  }

  /** Parses each frame and records its bytes; malformed frames are recorded and skipped. */
  private static final class Recorder extends ProtoMessageHandler<BaseCommand> {
    final List<byte[]> messages = new ArrayList<>();
    final List<Throwable> failures = new ArrayList<>();
    private final boolean skipMalformed;

    Recorder(boolean skipMalformed) {
      super(new BaseCommand());
      this.skipMalformed = skipMalformed;
    }

    @Override
    protected void onMessage(ChannelHandlerContext ctx, BaseCommand message) {
      messages.add(message.toByteArray());
    }

    @Override
    protected void onMalformedFrame(ChannelHandlerContext ctx, InvalidProtobufException e)
        throws Exception {
      failures.add(e);
      if (!skipMalformed) {
        super.onMalformedFrame(ctx, e);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      failures.add(cause);
    }
  }

  private static byte[] drainOutbound(EmbeddedChannel ch) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (ByteBuf b; (b = ch.readOutbound()) != null; ) {
      out.writeBytes(ByteBufUtil.getBytes(b));
      b.release();
    }
    return out.toByteArray();
  }

  private static byte[] frame(Framing framing, byte[] body) {
    ByteBuf b = Unpooled.buffer();
    framing.writePrefix(b, body.length);
    b.writeBytes(body);
    return ByteBufUtil.getBytes(b);
  }

  @ParameterizedTest
  @EnumSource(Framing.class)
  void encoderWritesNettysProtobufFramingInOneExactBuffer(Framing framing) {
    RandomMessages random = new RandomMessages(1);
    EmbeddedChannel ours = new EmbeddedChannel(new ProtoFrameEncoder(framing));
    EmbeddedChannel theirs =
        new EmbeddedChannel(
            framing == Framing.VARINT32
                ? new ProtobufVarint32LengthFieldPrepender()
                : new LengthFieldPrepender(4),
            new ProtobufEncoder());
    for (int i = 0; i < CASES; i++) {
      PulsarApi.BaseCommand pj = random.next(PulsarApi.BaseCommand.getDefaultInstance());
      BaseCommand m = new BaseCommand();
      m.parseFrom(pj.toByteArray());
      assertTrue(ours.writeOutbound(m));
      ByteBuf frame = ours.readOutbound();
      assertNull(ours.readOutbound(), "one buffer per message");
      assertEquals(frame.capacity(), frame.readableBytes(), "allocated at the exact size");
      byte[] written = ByteBufUtil.getBytes(frame);
      frame.release();
      theirs.writeOutbound(pj);
      assertArrayEquals(drainOutbound(theirs), written);
    }
    assertFalse(ours.finish());
    assertFalse(theirs.finish());
  }

  @Test
  void encoderFailsTheWriteOfAMessageMissingARequiredField() {
    EmbeddedChannel ch = new EmbeddedChannel(new ProtoFrameEncoder(Framing.VARINT32));
    assertThrows(InvalidProtobufException.class, () -> ch.writeOutbound(new BaseCommand()));
    assertNull(ch.readOutbound());
    assertTrue(ch.writeOutbound("not a message"), "other objects pass through");
    assertEquals("not a message", ch.readOutbound());
    assertFalse(ch.finish());
  }

  /**
   * A message that another thread changes between the encoder's size and its write (the misuse the
   * encoder's Javadoc warns about), made deterministic: a proxy clears a field just before writing.
   */
  @Test
  void aMessageChangedBetweenItsSizeAndItsWriteFailsTheWriteAndWritesNothing() {
    BaseCommand real = new BaseCommand().setType(BaseCommand.Type.CONNECT);
    real.setConnect().setClientVersion("a client version string of some length");
    ProtoMessage<?> racing =
        (ProtoMessage<?>)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {ProtoMessage.class},
                (proxy, method, args) -> {
                  if (method.getName().equals("writeTo")) {
                    real.getConnect().setClientVersion("shorter");
                  }
                  try {
                    return method.invoke(real, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    EmbeddedChannel ch = new EmbeddedChannel(new ProtoFrameEncoder(Framing.VARINT32));
    ChannelFuture write = ch.writeAndFlush(racing);
    assertFalse(write.isSuccess());
    IllegalStateException e = assertInstanceOf(IllegalStateException.class, write.cause());
    assertTrue(e.getMessage().contains("changed while being encoded"), e.getMessage());
    assertNull(ch.readOutbound(), "no frame reaches the wire");
    assertFalse(ch.finish());
  }

  /**
   * The handler's message holds its frame during onMessage only: afterwards it is empty, a
   * sub-message kept from it fails on its lazy values instead of reading the released frame's
   * memory, and the frame is released (the previous handler left the message as parsed).
   */
  @Test
  void theHandlersMessageHoldsItsFrameForOnMessageOnly() {
    BaseCommand sent = new BaseCommand().setType(BaseCommand.Type.CONNECT);
    sent.setConnect().setClientVersion("client-1").setAuthMethodName("token");
    List<BaseCommand> seen = new ArrayList<>();
    List<CommandConnect> children = new ArrayList<>();
    List<String> read = new ArrayList<>();
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ProtoFrameDecoder(Framing.VARINT32, 1 << 20),
            new ProtoMessageHandler<>(new BaseCommand()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, BaseCommand message) {
                seen.add(message);
                children.add(message.getConnect());
                read.add(message.getConnect().getClientVersion());
              }
            });
    ByteBuf frame = Unpooled.wrappedBuffer(frame(Framing.VARINT32, sent.toByteArray()));
    ch.writeInbound(frame);
    assertEquals(List.of("client-1"), read);
    assertEquals(0, frame.refCnt());
    BaseCommand kept = seen.get(0);
    assertFalse(kept.hasConnect(), "cleared when onMessage returned");
    assertThrows(
        io.netty.util.IllegalReferenceCountException.class,
        () -> children.get(0).getAuthMethodName());
    assertFalse(ch.finish());
  }

  /** Without an override, a malformed frame reaches exceptionCaught (as Netty's decoders do). */
  @Test
  void aMalformedFrameReachesExceptionCaughtByDefault() {
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ProtoFrameDecoder(Framing.VARINT32, 100),
            new ProtoMessageHandler<>(new BaseCommand()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, BaseCommand message) {}
            });
    ByteBuf garbage = Unpooled.wrappedBuffer(frame(Framing.VARINT32, new byte[] {0x0f}));
    assertThrows(InvalidProtobufException.class, () -> ch.writeInbound(garbage));
    assertFalse(ch.isOpen());
    assertEquals(0, garbage.refCnt());
  }

  @ParameterizedTest
  @EnumSource(Framing.class)
  void framesDeliveredByteByByteParseAsSent(Framing framing) {
    RandomMessages random = new RandomMessages(2);
    List<byte[]> sent = new ArrayList<>();
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    for (int i = 0; i < 50; i++) {
      byte[] body = random.next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
      sent.add(body);
      stream.writeBytes(frame(framing, body));
    }
    Recorder recorder = new Recorder(false);
    EmbeddedChannel ch = new EmbeddedChannel(new ProtoFrameDecoder(framing, 1 << 20), recorder);
    for (byte b : stream.toByteArray()) {
      ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {b}));
    }
    assertEquals(sent.size(), recorder.messages.size());
    for (int i = 0; i < sent.size(); i++) {
      assertArrayEquals(sent.get(i), recorder.messages.get(i), "message " + i);
    }
    assertEquals(List.of(), recorder.failures);
    assertFalse(ch.finish());
  }

  @ParameterizedTest
  @EnumSource(Framing.class)
  void anOversizeAnnouncementFailsAtOnceAndClosesTheChannel(Framing framing) {
    Recorder recorder = new Recorder(false);
    EmbeddedChannel ch = new EmbeddedChannel(new ProtoFrameDecoder(framing, 100), recorder);
    ByteBuf prefix = Unpooled.buffer();
    framing.writePrefix(prefix, 101); // the prefix alone: none of the frame's bytes
    ch.writeInbound(prefix);
    assertEquals(1, recorder.failures.size());
    TooLongFrameException e =
        assertInstanceOf(TooLongFrameException.class, recorder.failures.get(0));
    assertEquals(
        "frame of 101 bytes announced, over the maximum of 100; closing the channel",
        e.getMessage());
    assertFalse(ch.isOpen());
    assertEquals(0, prefix.refCnt());
  }

  @Test
  void anOversizeFrameIsSkippedWhenAskedAndTheNextFrameParses() {
    byte[] before =
        new RandomMessages(3).next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
    byte[] after =
        new RandomMessages(4).next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
    byte[] big = new byte[5000];
    Recorder recorder = new Recorder(false);
    EmbeddedChannel ch =
        new EmbeddedChannel(
            new ProtoFrameDecoder(Framing.VARINT32, 4000, OnTooLong.SKIP), recorder);
    byte[] stream = concat(frame(Framing.VARINT32, before), frame(Framing.VARINT32, big));
    ch.writeInbound(Unpooled.wrappedBuffer(stream, 0, stream.length - 3000)); // the frame, in part
    assertEquals(1, recorder.failures.size(), "reported before the frame arrived");
    assertInstanceOf(TooLongFrameException.class, recorder.failures.get(0));
    ch.writeInbound(
        Unpooled.wrappedBuffer(
            concat(
                java.util.Arrays.copyOfRange(stream, stream.length - 3000, stream.length),
                frame(Framing.VARINT32, after))));
    assertTrue(ch.isOpen());
    assertEquals(2, recorder.messages.size());
    assertArrayEquals(before, recorder.messages.get(0));
    assertArrayEquals(after, recorder.messages.get(1));
    assertFalse(ch.finish());
  }

  @Test
  void aLengthPrefixOfMoreThanFiveBytesIsCorruptAndCloses() {
    Recorder recorder = new Recorder(false);
    EmbeddedChannel ch =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.VARINT32, 100), recorder);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {-128, -128, -128, -128, -128, 1}));
    assertInstanceOf(CorruptedFrameException.class, recorder.failures.get(0));
    assertFalse(ch.isOpen());
  }

  @Test
  void aLengthOfTwoToThe31IsCorrupt() {
    Recorder recorder = new Recorder(false);
    EmbeddedChannel ch = new EmbeddedChannel(new ProtoFrameDecoder(Framing.FIXED32, 100), recorder);
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {-128, 0, 0, 0}));
    assertInstanceOf(CorruptedFrameException.class, recorder.failures.get(0));
    assertFalse(ch.isOpen());
  }

  @Test
  void malformedFramesGoToTheHandlerAndTheReusedMessageStaysRight() {
    RandomMessages random = new RandomMessages(5);
    byte[] good1 = random.next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
    byte[] good2 = random.next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
    byte[] garbage = new byte[40];
    new java.util.Random(6).nextBytes(garbage);
    garbage[0] = (byte) 0xff; // field 31, wire type 7: never valid
    byte[] truncated = java.util.Arrays.copyOf(good1, good1.length - 1);
    byte[] stream =
        concat(
            frame(Framing.VARINT32, good1),
            frame(Framing.VARINT32, garbage),
            frame(Framing.VARINT32, truncated),
            frame(Framing.VARINT32, good2));

    Recorder skipping = new Recorder(true);
    EmbeddedChannel ch =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.VARINT32, 1 << 20), skipping);
    ch.writeInbound(Unpooled.wrappedBuffer(stream));
    assertEquals(2, skipping.failures.size());
    skipping.failures.forEach(f -> assertInstanceOf(InvalidProtobufException.class, f));
    assertEquals(2, skipping.messages.size());
    assertArrayEquals(good1, skipping.messages.get(0));
    assertArrayEquals(good2, skipping.messages.get(1));
    assertTrue(ch.isOpen());
    assertFalse(ch.finish());

    Recorder closing = new Recorder(false);
    EmbeddedChannel byDefault =
        new EmbeddedChannel(new ProtoFrameDecoder(Framing.VARINT32, 1 << 20), closing);
    assertThrows(
        InvalidProtobufException.class,
        () -> byDefault.writeInbound(Unpooled.wrappedBuffer(stream)),
        "passed on to exceptionCaught by default");
    assertEquals(1, closing.messages.size());
    assertFalse(byDefault.isOpen(), "closed by default after a malformed frame");
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
