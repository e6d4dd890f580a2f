package io.bufproto.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;

/**
 * A TCP relay between the soak's clients and servers that injects the faults of each connection's
 * {@link SoakPlan}. A client first sends its plan's id (4 bytes, not relayed); the proxy then
 * connects to the plan's server and relays both ways, reading the next buffer of a side only once
 * the last one is written to the other (so a slow reader slows its peer down, as TCP would).
 */
@SuppressWarnings("FutureReturnValueIgnored") // a failed relay write closes the relay (listeners)
final class FaultProxy {

  /** The bytes of a connection's stream that {@link SoakPlan.Fault#ONE_BYTE} sends one by one. */
  private static final long ONE_BYTE_SPAN = 4096;

  final AtomicLong resetsInjected = new AtomicLong();
  final AtomicLong delaysInjected = new AtomicLong();
  final AtomicLong singleByteWrites = new AtomicLong();

  private Channel listening;
  private final ByteBufAllocator alloc;
  private final IntFunction<SoakPlan> plans;
  private final SoakServer server;
  private final ChannelGroup accepted;

  FaultProxy(
      EventLoopGroup group,
      ByteBufAllocator alloc,
      IntFunction<SoakPlan> plans,
      SoakServer server,
      ChannelGroup accepted)
      throws InterruptedException {
    this.alloc = alloc;
    this.plans = plans;
    this.server = server;
    this.accepted = accepted;
    this.listening =
        new ServerBootstrap()
            .group(group)
            .channel(NioServerSocketChannel.class)
            .childOption(ChannelOption.AUTO_READ, false)
            .childOption(ChannelOption.ALLOCATOR, alloc)
            .childOption(ChannelOption.SO_RCVBUF, 8192)
            .childOption(ChannelOption.SO_SNDBUF, 8192)
            .childHandler(
                new ChannelInitializer<SocketChannel>() {
                  @Override
                  protected void initChannel(SocketChannel ch) {
                    accepted.add(ch);
                    ch.pipeline().addLast(new ClientSide());
                  }
                })
            .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .sync()
            .channel();
  }

  InetSocketAddress address() {
    return (InetSocketAddress) listening.localAddress();
  }

  /** Closes the listening socket and forgets it (it reaches the event loop: see SoakTest). */
  void close() {
    listening.close().syncUninterruptibly();
    listening = null;
  }

  /** The client's side: reads the plan's id, connects to its server, relays with its fault. */
  private final class ClientSide extends ChannelInboundHandlerAdapter {

    private int id;
    private int idBytes;
    private SoakPlan plan;
    private Channel toServer;
    private long forwarded;

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf in = (ByteBuf) msg;
      if (plan != null) {
        relay(ctx.channel(), in);
        return;
      }
      while (idBytes < 4 && in.isReadable()) {
        id = id << 8 | in.readUnsignedByte();
        idBytes++;
      }
      if (idBytes < 4) {
        in.release();
        ctx.read();
        return;
      }
      plan = plans.apply(id);
      Channel client = ctx.channel();
      new Bootstrap()
          .group(client.eventLoop())
          .channel(NioSocketChannel.class)
          .option(ChannelOption.AUTO_READ, false)
          .option(ChannelOption.ALLOCATOR, alloc)
          .option(ChannelOption.SO_RCVBUF, 8192)
          .option(ChannelOption.SO_SNDBUF, 8192)
          .handler(new ServerSide(client, plan))
          .connect(server.address(plan.mode()))
          .addListener(
              (ChannelFuture f) -> {
                if (!f.isSuccess()) {
                  in.release();
                  client.close();
                  return;
                }
                toServer = f.channel();
                accepted.add(toServer);
                if (!client.isActive()) {
                  in.release();
                  toServer.close();
                  return;
                }
                relay(client, in);
              });
    }

    /** Forwards {@code in} to the server with the plan's fault, then reads the client again. */
    private void relay(Channel client, ByteBuf in) {
      SoakPlan.Fault fault = plan.fault();
      if (fault == SoakPlan.Fault.RESET && forwarded + in.readableBytes() >= plan.resetAfter()) {
        int keep = (int) (plan.resetAfter() - forwarded);
        forwarded += keep;
        ByteBuf head = in.readRetainedSlice(keep);
        in.release();
        toServer.writeAndFlush(head).addListener(f -> resetBoth(client, toServer));
        return;
      }
      long before = forwarded;
      forwarded += in.readableBytes();
      ChannelFuture last = null;
      if (fault == SoakPlan.Fault.ONE_BYTE) {
        for (long at = before; at < ONE_BYTE_SPAN && in.isReadable(); at++) {
          last = toServer.writeAndFlush(in.readRetainedSlice(1));
          singleByteWrites.incrementAndGet();
        }
      }
      if (in.isReadable()) {
        last = toServer.writeAndFlush(in);
      } else {
        in.release();
        if (last == null) {
          client.read();
          return;
        }
      }
      last.addListener(readNext(client, fault));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      if (toServer != null) {
        closeOnFlush(toServer);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /** The server's side: relays the echoes to the client (with the plan's delays). */
  private final class ServerSide extends ChannelInboundHandlerAdapter {

    private final Channel client;
    private final SoakPlan plan;

    ServerSide(Channel client, SoakPlan plan) {
      this.client = client;
      this.plan = plan;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
      ctx.read();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      client.writeAndFlush(msg).addListener(readNext(ctx.channel(), plan.fault()));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
      closeOnFlush(client);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      ctx.close();
    }
  }

  /**
   * Once a relayed write is done, reads the side it came from again (after up to 2 ms with {@link
   * SoakPlan.Fault#DELAY}), or closes that side if the write failed.
   */
  private ChannelFutureListener readNext(Channel from, SoakPlan.Fault fault) {
    return f -> {
      if (!f.isSuccess()) {
        from.close();
      } else if (fault == SoakPlan.Fault.DELAY) {
        delaysInjected.incrementAndGet();
        from.eventLoop()
            .schedule(
                () -> {
                  from.read();
                },
                ThreadLocalRandom.current().nextInt(2000),
                TimeUnit.MICROSECONDS);
      } else {
        from.read();
      }
    };
  }

  /** Closes both connections with a TCP reset (SO_LINGER 0), mid-frame as likely as not. */
  private void resetBoth(Channel client, Channel toServer) {
    resetsInjected.incrementAndGet();
    for (Channel ch : new Channel[] {client, toServer}) {
      if (ch.isActive()) {
        ch.config().setOption(ChannelOption.SO_LINGER, 0);
      }
      ch.close();
    }
  }

  private static void closeOnFlush(Channel ch) {
    if (ch.isActive()) {
      ch.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
    }
  }
}
