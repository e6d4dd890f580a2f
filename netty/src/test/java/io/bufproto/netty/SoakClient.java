package io.bufproto.netty;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.tests.pulsar.PulsarApi;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.FixedRecvByteBufAllocator;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.protobuf.ProtobufVarint32FrameDecoder;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One soak connection's client, protobuf-java's side: it sends its plan's frames through the proxy
 * and splits the echoes with Netty's own frame decoders (not BufProto's), checking each, in order,
 * against the body it sent: the same bytes, and the same message as protobuf-java reads them.
 */
@SuppressWarnings("FutureReturnValueIgnored") // the outcome is the channel's close (Outcome)
final class SoakClient extends ChannelInboundHandlerAdapter {

  /**
   * What happened on a connection.
   *
   * @param received the echoes received
   * @param wrong the echoes that were not what was sent at their place, described
   * @param closedByPeer whether the proxy or server closed the connection (not the client, after
   *     the last echo)
   * @param error an exception the client's channel reported, or null
   */
  record Outcome(
      SoakPlan plan, int received, List<String> wrong, boolean closedByPeer, Throwable error) {}

  private final SoakPlan plan;
  private final CompletableFuture<Outcome> outcome = new CompletableFuture<>();
  private final List<String> wrong = new ArrayList<>();
  private int received;
  private boolean closedByUs;
  private Throwable error;
  private ScheduledFuture<?> slowReads;

  private SoakClient(SoakPlan plan) {
    this.plan = plan;
  }

  /** Connects to the proxy and runs {@code plan}; the future completes when the channel closes. */
  @SuppressWarnings("deprecation") // RCVBUF_ALLOCATOR: the option both Netty 4.1 and 4.2 have
  static CompletableFuture<Outcome> start(
      EventLoopGroup group, ByteBufAllocator alloc, InetSocketAddress proxy, SoakPlan plan) {
    SoakClient client = new SoakClient(plan);
    boolean slow = plan.fault() == SoakPlan.Fault.SLOW_READER;
    Bootstrap b =
        new Bootstrap()
            .group(group)
            .channel(NioSocketChannel.class)
            .option(ChannelOption.ALLOCATOR, alloc)
            .option(ChannelOption.AUTO_READ, !slow)
            .handler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    ch.pipeline()
                        .addLast(
                            plan.mode().framing() == Framing.VARINT32
                                ? new ProtobufVarint32FrameDecoder()
                                : new LengthFieldBasedFrameDecoder(Integer.MAX_VALUE, 0, 4, 0, 4))
                        .addLast(client);
                  }
                });
    if (slow) {
      b.option(ChannelOption.SO_RCVBUF, 8192)
          .option(ChannelOption.RCVBUF_ALLOCATOR, new FixedRecvByteBufAllocator(2048));
    }
    b.connect(proxy)
        .addListener(
            (ChannelFuture f) -> {
              if (!f.isSuccess()) {
                client.outcome.completeExceptionally(f.cause());
              }
            });
    return client.outcome;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    Channel ch = ctx.channel();
    ch.write(Unpooled.copyInt(plan.id()));
    ch.writeAndFlush(Unpooled.wrappedBuffer(plan.stream()));
    if (plan.fault() == SoakPlan.Fault.SLOW_READER) {
      slowReads = ch.eventLoop().scheduleAtFixedRate(ch::read, 1, 1, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    ByteBuf frame = (ByteBuf) msg;
    try {
      int i = received++;
      if (i >= plan.echoesAtMost()) {
        wrong.add("echo " + i + ": more echoes than frames that may be echoed");
      } else {
        String difference = compare(plan.bodies().get(i), ByteBufUtil.getBytes(frame));
        if (difference != null) {
          wrong.add("echo " + i + ": " + difference);
        }
      }
    } finally {
      frame.release();
    }
    if (received == plan.bodies().size()) {
      closedByUs = true;
      ctx.close();
    }
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (error == null) {
      error = cause;
    }
    ctx.close();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (slowReads != null) {
      slowReads.cancel(false);
    }
    outcome.complete(new Outcome(plan, received, List.copyOf(wrong), !closedByUs, error));
  }

  /** Null when {@code echo} is {@code sent}, else what differs. */
  private String compare(byte[] sent, byte[] echo) {
    try {
      if (plan.mode().framing() == Framing.VARINT32) {
        return compare(command(sent), command(echo), sent, echo);
      }
      ByteBuffer s = ByteBuffer.wrap(sent);
      ByteBuffer e = ByteBuffer.wrap(echo);
      String c = compare(command(next(s)), command(next(e)), sent, echo);
      if (c != null) {
        return c;
      }
      String m = compare(metadata(next(s)), metadata(next(e)), sent, echo);
      if (m != null) {
        return m;
      }
      return s.equals(e) ? null : "the payload differs";
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      return "protobuf-java cannot read it: " + e;
    }
  }

  private static String compare(Message sent, Message echo, byte[] sentBytes, byte[] echoBytes) {
    if (!sent.equals(echo)) {
      return "protobuf-java reads another message: sent " + brief(sent) + ", got " + brief(echo);
    }
    if (!Arrays.equals(sentBytes, echoBytes)) {
      return "protobuf-java reads the message sent, from other bytes";
    }
    return null;
  }

  private static byte[] next(ByteBuffer b) {
    byte[] part = new byte[b.getInt()];
    b.get(part);
    return part;
  }

  private static Message command(byte[] b) throws InvalidProtocolBufferException {
    return PulsarApi.BaseCommand.parseFrom(b);
  }

  private static Message metadata(byte[] b) throws InvalidProtocolBufferException {
    return PulsarApi.MessageMetadata.parseFrom(b);
  }

  private static String brief(Message m) {
    String s = m.toString().replace('\n', ' ');
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }

  /** Whether the client's channel reported {@code e} because the connection was reset. */
  static boolean isReset(Throwable e) {
    return e instanceof IOException;
  }
}
