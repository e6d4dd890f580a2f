package io.bufproto.examples;

import io.bufproto.api.spi.BufProtoRuntime;
import io.bufproto.netty.Framing;
import io.bufproto.netty.ProtoFrameDecoder;
import io.bufproto.netty.ProtoFrameEncoder;
import io.bufproto.netty.ProtoMessageHandler;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
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
import java.util.function.Supplier;

/**
 * A server and a client on loopback exchanging address books through BufProto's Netty handlers: the
 * client sends a book, the server adds a label to every person and sends the book back. Each side
 * parses every frame into one message it reuses. Run: {@code ./mvnw -B -q -pl examples exec:java}
 * (after an install of the reactor, see the README).
 */
public final class AddressBookExample {

  /** The largest frame either side accepts; a peer announcing more is disconnected at once. */
  private static final int MAX_FRAME = 1 << 20;

  private static final ProtoFrameEncoder ENCODER = new ProtoFrameEncoder(Framing.VARINT32);

  private AddressBookExample() {}

  public static void main(String[] args) throws Exception {
    EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
    try {
      Channel server =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              .childHandler(framed(LabellingServer::new))
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .channel();

      CompletableFuture<String> reply = new CompletableFuture<>();
      Channel client =
          new Bootstrap()
              .group(group)
              .channel(NioSocketChannel.class)
              .handler(
                  framed(
                      () ->
                          new ProtoMessageHandler<>(new AddressBook()) {
                            @Override
                            protected void onMessage(ChannelHandlerContext ctx, AddressBook book) {
                              // toString() reads the frame: do it before the frame is released
                              reply.complete(book.toString());
                            }
                          }))
              .connect(server.localAddress())
              .sync()
              .channel();

      AddressBook book = new AddressBook();
      Person ada = book.addPeople().setName("Ada Lovelace").setId(1).setEmail("ada@example.org");
      ada.addPhone().setNumber("+44 20 7946 0001").setType(Person.PhoneType.HOME);
      book.addPeople().setName("Alan Turing").setId(2).addPhone().setNumber("+44 161 496 0002");
      client.writeAndFlush(book).sync(); // encoded before the future completes: book may change now

      System.out.println("runtime:  " + BufProtoRuntime.active().name());
      System.out.println("sent:     " + book.getSerializedSize() + " bytes, " + book);
      System.out.println("received: " + reply.get(10, TimeUnit.SECONDS));
      client.close().sync();
      server.close().sync();
    } finally {
      group.shutdownGracefully(0, 0, TimeUnit.SECONDS).sync();
    }
  }

  /**
   * The pipeline of either side: varint32 frames of at most {@link #MAX_FRAME} bytes, the shared
   * encoder, and a new message handler per connection (it holds the connection's message).
   */
  private static ChannelInitializer<SocketChannel> framed(
      Supplier<ProtoMessageHandler<AddressBook>> handler) {
    return new ChannelInitializer<>() {
      @Override
      protected void initChannel(SocketChannel ch) {
        ch.pipeline()
            .addLast(new ProtoFrameDecoder(Framing.VARINT32, MAX_FRAME), ENCODER)
            .addLast(handler.get());
      }
    };
  }

  /** Adds a label to every person of each book it receives and sends the book back. */
  private static final class LabellingServer extends ProtoMessageHandler<AddressBook> {

    LabellingServer() {
      super(new AddressBook());
    }

    @Override
    protected void onMessage(ChannelHandlerContext ctx, AddressBook book) {
      for (int i = 0; i < book.getPeoplesCount(); i++) {
        book.getPeopleAt(i).putLabels("seen-by", "server");
      }
      // Encoded now, on this event loop, before the frame is released.
      ctx.writeAndFlush(book).addListener(ChannelFutureListener.CLOSE_ON_FAILURE);
    }
  }
}
