package com.acme.example;

import io.bufproto.netty.Framing;
import io.bufproto.netty.ProtoFrameDecoder;
import io.bufproto.netty.ProtoFrameEncoder;
import io.bufproto.netty.ProtoMessageHandler;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

public class Echo {
  /** Both sides: frames of at most 1 MiB, each parsed into one Person reused per connection. */
  static ChannelInitializer<SocketChannel> pipeline(
      BiConsumer<ChannelHandlerContext, Person> onPerson) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel ch) {
        ch.pipeline()
            .addLast(new ProtoFrameDecoder(Framing.VARINT32, 1 << 20))
            .addLast(new ProtoFrameEncoder(Framing.VARINT32))
            .addLast(
                new ProtoMessageHandler<>(new Person()) {
                  @Override
                  protected void onMessage(ChannelHandlerContext ctx, Person person) {
                    // person and its lazy fields are valid during this call only;
                    // to keep it: new Person().copyFrom(person)
                    onPerson.accept(ctx, person);
                  }
                });
      }
    };
  }

  public static void main(String[] args) throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              // written on the event loop, encoded at once: safe to reuse the message after
              .childHandler(pipeline((ctx, p) -> ctx.writeAndFlush(p.setId(p.getId() + 1))))
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .channel();
      CompletableFuture<String> reply = new CompletableFuture<>();
      Channel client =
          new Bootstrap()
              .group(group)
              .channel(NioSocketChannel.class)
              .handler(pipeline((ctx, p) -> reply.complete(p.getName() + " " + p.getId())))
              .connect(server.localAddress())
              .sync()
              .channel();
      client.writeAndFlush(new Person().setName("Ada").setId(1)).sync();
      System.out.println("reply: " + reply.get(10, TimeUnit.SECONDS));
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully().sync();
    }
  }
}
