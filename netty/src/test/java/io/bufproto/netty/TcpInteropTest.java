package io.bufproto.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.codec.protobuf.ProtobufDecoder;
import io.netty.handler.codec.protobuf.ProtobufEncoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32FrameDecoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32LengthFieldPrepender;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * BufProto's handlers against protobuf-java with Netty's own handlers, over TCP on loopback, both
 * ways round: Pulsar's {@code BaseCommand} with random values, echoed by the server. Each side
 * checks every message it receives against what was sent, byte for byte.
 */
@SuppressWarnings("FutureReturnValueIgnored") // a failed write shows as a missing or wrong echo
class TcpInteropTest {

  private static final int MESSAGES = 10_000;
  private static final int MAX_FRAME = 1 << 20;

  @SuppressWarnings("deprecation") // NioEventLoopGroup: the form both Netty 4.1 and 4.2 have
  private static final EventLoopGroup group = new NioEventLoopGroup(2);

  private static final List<PulsarApi.BaseCommand> sent = new ArrayList<>();
  private static final List<byte[]> sentBytes = new ArrayList<>();

  @BeforeAll
  static void messages() {
    RandomMessages random = new RandomMessages(20261202);
    for (int i = 0; i < MESSAGES; i++) {
      PulsarApi.BaseCommand m = random.next(PulsarApi.BaseCommand.getDefaultInstance());
      sent.add(m);
      sentBytes.add(m.toByteArray());
    }
  }

  @AfterAll
  static void shutdown() {
    group.shutdownGracefully(0, 0, TimeUnit.SECONDS).syncUninterruptibly();
    LeakRecorder.assertNoLeaks();
  }

  /**
   * BufProto's side: frame decoder and encoder, and a handler passing each message to {@code
   * onMessage}; what it writes is flushed when a read completes.
   */
  private static void addBufProto(
      Channel ch, Framing framing, BiConsumer<ChannelHandlerContext, BaseCommand> onMessage) {
    ch.pipeline()
        .addLast(new ProtoFrameDecoder(framing, MAX_FRAME), new ProtoFrameEncoder(framing))
        .addLast(
            new ProtoMessageHandler<>(new BaseCommand()) {
              @Override
              protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) {
                onMessage.accept(ctx, cmd);
              }

              @Override
              public void channelReadComplete(ChannelHandlerContext ctx) {
                ctx.flush();
              }
            });
  }

  /**
   * protobuf-java's framing handlers for the peer: Netty's protobuf pair, or the fixed-width pair.
   */
  private static void addProtobufJavaFraming(Channel ch, Framing framing) {
    if (framing == Framing.VARINT32) {
      ch.pipeline()
          .addLast(new ProtobufVarint32FrameDecoder(), new ProtobufVarint32LengthFieldPrepender());
    } else {
      ch.pipeline()
          .addLast(
              new LengthFieldBasedFrameDecoder(MAX_FRAME, 0, 4, 0, 4), new LengthFieldPrepender(4));
    }
  }

  @ParameterizedTest
  @EnumSource(Framing.class)
  void bufProtoServerEchoesProtobufJavaClient(Framing framing) throws Exception {
    AtomicInteger parsed = new AtomicInteger();
    Channel server =
        serve(
            ch ->
                addBufProto(
                    ch,
                    framing,
                    (ctx, cmd) -> {
                      parsed.incrementAndGet();
                      ctx.write(cmd); // encoded now, on this event loop: safe to reuse
                    }));
    // The client receives the echoes as raw frames and compares them with protobuf-java's bytes.
    CompletableFuture<Integer> echoes = new CompletableFuture<>();
    AtomicInteger received = new AtomicInteger();
    AtomicInteger differing = new AtomicInteger();
    Channel client =
        connect(
            server,
            ch -> {
              addProtobufJavaFraming(ch, framing);
              ch.pipeline()
                  .addLast(new ProtobufEncoder())
                  .addLast(
                      new SimpleChannelInboundHandler<ByteBuf>() {
                        @Override
                        protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
                          int i = received.getAndIncrement();
                          if (!java.util.Arrays.equals(
                              ByteBufUtil.getBytes(frame), sentBytes.get(i))) {
                            differing.incrementAndGet();
                          }
                          if (i + 1 == MESSAGES) {
                            echoes.complete(i + 1);
                          }
                        }
                      });
            });
    sendAll(client, sent);
    assertEquals(MESSAGES, echoes.get(60, TimeUnit.SECONDS));
    assertEquals(0, differing.get(), "echoes differing from protobuf-java's bytes");
    assertEquals(MESSAGES, parsed.get());
    close(client, server);
    System.out.printf(
        "TcpInteropTest %s: BufProto server <- protobuf-java client: %d messages parsed, %d echoes"
            + " byte-identical%n",
        framing, parsed.get(), received.get() - differing.get());
  }

  @ParameterizedTest
  @EnumSource(Framing.class)
  void protobufJavaServerEchoesBufProtoClient(Framing framing) throws Exception {
    AtomicInteger serverReceived = new AtomicInteger();
    AtomicInteger serverDiffering = new AtomicInteger();
    Channel server =
        serve(
            ch -> {
              addProtobufJavaFraming(ch, framing);
              ch.pipeline()
                  .addLast(new ProtobufDecoder(PulsarApi.BaseCommand.getDefaultInstance()))
                  .addLast(new ProtobufEncoder())
                  .addLast(
                      new SimpleChannelInboundHandler<PulsarApi.BaseCommand>() {
                        @Override
                        protected void channelRead0(
                            ChannelHandlerContext ctx, PulsarApi.BaseCommand cmd) {
                          int i = serverReceived.getAndIncrement();
                          if (!cmd.equals(sent.get(i))) {
                            serverDiffering.incrementAndGet();
                          }
                          ctx.write(cmd);
                        }

                        @Override
                        public void channelReadComplete(ChannelHandlerContext ctx) {
                          ctx.flush();
                        }
                      });
            });
    CompletableFuture<Integer> echoes = new CompletableFuture<>();
    AtomicInteger received = new AtomicInteger();
    AtomicInteger differing = new AtomicInteger();
    Channel client =
        connect(
            server,
            ch ->
                addBufProto(
                    ch,
                    framing,
                    (ctx, cmd) -> {
                      int i = received.getAndIncrement();
                      if (cmd.getType().getNumber() != sent.get(i).getType().getNumber()
                          || !java.util.Arrays.equals(cmd.toByteArray(), sentBytes.get(i))) {
                        differing.incrementAndGet();
                      }
                      if (i + 1 == MESSAGES) {
                        echoes.complete(i + 1);
                      }
                    }));
    // One message object per write: a write from this thread is encoded later, on the event loop.
    List<BaseCommand> ours = new ArrayList<>();
    for (byte[] bytes : sentBytes) {
      BaseCommand m = new BaseCommand();
      m.parseFrom(bytes);
      ours.add(m);
    }
    sendAll(client, ours);
    assertEquals(MESSAGES, echoes.get(60, TimeUnit.SECONDS));
    assertEquals(0, serverDiffering.get(), "protobuf-java parsed something else than was sent");
    assertEquals(0, differing.get(), "echoes parsed differently");
    close(client, server);
    System.out.printf(
        "TcpInteropTest %s: protobuf-java server <- BufProto client: %d messages equal to those"
            + " sent, %d echoes parsed identically%n",
        framing, serverReceived.get() - serverDiffering.get(), received.get() - differing.get());
  }

  /**
   * Bad frames from a protobuf-java client, between good ones, to a server that skips them (frame
   * decoder {@code OnTooLong.SKIP}, handler returning from {@code onMalformedFrame}): random bytes,
   * a truncated message and an oversize frame are each reported once, the connection stays up, and
   * the reused message parses the good frames after them right (their echoes are protobuf-java's
   * bytes).
   */
  @org.junit.jupiter.api.Test
  void badFramesAreReportedAndSkippedAndTheNextFramesParse() throws Exception {
    AtomicInteger malformed = new AtomicInteger();
    AtomicInteger tooLong = new AtomicInteger();
    Channel server =
        serve(
            ch ->
                ch.pipeline()
                    .addLast(
                        new ProtoFrameDecoder(
                            Framing.VARINT32, 4000, ProtoFrameDecoder.OnTooLong.SKIP),
                        new ProtoFrameEncoder(Framing.VARINT32))
                    .addLast(
                        new ProtoMessageHandler<>(new BaseCommand()) {
                          @Override
                          protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) {
                            ctx.writeAndFlush(cmd);
                          }

                          @Override
                          protected void onMalformedFrame(
                              ChannelHandlerContext ctx,
                              io.bufproto.api.InvalidProtobufException e) {
                            malformed.incrementAndGet(); // and keep the connection
                          }

                          @Override
                          public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            if (cause instanceof io.netty.handler.codec.TooLongFrameException) {
                              tooLong.incrementAndGet();
                            }
                          }
                        }));
    List<byte[]> echoes = java.util.Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Void> bothEchoes = new CompletableFuture<>();
    Channel client =
        connect(
            server,
            ch ->
                ch.pipeline()
                    .addLast(new ProtobufVarint32FrameDecoder())
                    .addLast(
                        new SimpleChannelInboundHandler<ByteBuf>() {
                          @Override
                          protected void channelRead0(ChannelHandlerContext ctx, ByteBuf frame) {
                            echoes.add(ByteBufUtil.getBytes(frame));
                            if (echoes.size() == 2) {
                              bothEchoes.complete(null);
                            }
                          }
                        }));
    byte[] good0 = sentBytes.get(0);
    byte[] good1 = sentBytes.get(1);
    byte[] garbage = new byte[40];
    new java.util.Random(11).nextBytes(garbage);
    garbage[0] = (byte) 0xff; // field 31, wire type 7: never valid
    ByteBuf stream = io.netty.buffer.Unpooled.buffer();
    for (byte[] body :
        new byte[][] {
          good0, garbage, java.util.Arrays.copyOf(good0, good0.length - 1), new byte[5000], good1
        }) {
      Framing.VARINT32.writePrefix(stream, body.length);
      stream.writeBytes(body);
    }
    client.writeAndFlush(stream).sync();
    bothEchoes.get(60, TimeUnit.SECONDS);
    assertEquals(2, malformed.get(), "random bytes and a truncated message");
    assertEquals(1, tooLong.get(), "the 5000-byte frame");
    assertTrue(java.util.Arrays.equals(good0, echoes.get(0)), "first good frame");
    assertTrue(java.util.Arrays.equals(good1, echoes.get(1)), "good frame after the bad ones");
    assertTrue(client.isActive(), "the connection stays up");
    close(client, server);
    System.out.printf(
        "TcpInteropTest: bad frames from protobuf-java's side: %d malformed and %d oversize"
            + " skipped, %d good frames echoed right%n",
        malformed.get(), tooLong.get(), echoes.size());
  }

  @org.junit.jupiter.api.Test
  void anOversizeAnnouncementClosesTheConnectionAtOnce() throws Exception {
    Channel server =
        serve(
            ch ->
                ch.pipeline()
                    .addLast(new ProtoFrameDecoder(Framing.VARINT32, MAX_FRAME))
                    .addLast(
                        new ProtoMessageHandler<>(new BaseCommand()) {
                          @Override
                          protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) {}

                          @Override
                          public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                            // expected: the TooLongFrameException; the decoder closes the channel
                          }
                        }));
    Channel client = connect(server, ch -> {});
    // 2^31-1 announced, then nothing: the server must not wait for the frame.
    client
        .writeAndFlush(io.netty.buffer.Unpooled.wrappedBuffer(new byte[] {-1, -1, -1, -1, 7}))
        .sync();
    assertTrue(
        client.closeFuture().await(30, TimeUnit.SECONDS),
        "the server did not close the connection");
    server.close().sync();
  }

  private static void sendAll(Channel client, List<?> messages) throws InterruptedException {
    for (int i = 0; i < messages.size() - 1; i++) {
      if (i % 64 == 63) {
        client.writeAndFlush(messages.get(i));
      } else {
        client.write(messages.get(i));
      }
    }
    client.writeAndFlush(messages.get(messages.size() - 1)).sync();
  }

  private static Channel serve(Consumer<SocketChannel> pipeline) throws InterruptedException {
    return new ServerBootstrap()
        .group(group)
        .channel(NioServerSocketChannel.class)
        .childHandler(initializer(pipeline))
        .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .sync()
        .channel();
  }

  private static Channel connect(Channel server, Consumer<SocketChannel> pipeline)
      throws InterruptedException {
    return new Bootstrap()
        .group(group)
        .channel(NioSocketChannel.class)
        .handler(initializer(pipeline))
        .connect(server.localAddress())
        .sync()
        .channel();
  }

  private static ChannelHandler initializer(Consumer<SocketChannel> pipeline) {
    return new ChannelInitializer<SocketChannel>() {
      @Override
      protected void initChannel(SocketChannel ch) {
        pipeline.accept(ch);
      }
    };
  }

  private static void close(Channel client, Channel server) throws InterruptedException {
    client.close().sync();
    server.close().sync();
  }
}
