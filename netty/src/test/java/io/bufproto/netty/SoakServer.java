package io.bufproto.netty;

import io.bufproto.api.InvalidProtobufException;
import io.bufproto.tests.pulsar.BaseCommand;
import io.bufproto.tests.pulsar.MessageMetadata;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.TooLongFrameException;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.EnumMap;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The soak's servers, built from {@code bufproto-netty}'s handlers, one listening socket per {@link
 * Mode}: each echoes every frame it parses, re-encoded from the parsed message (or, lazily parsed,
 * written as received). Every server channel starts with a {@link Rechunker}, so that the decoder
 * meets frames split at any byte whatever the network delivers, and ends with {@link Backpressure},
 * which stops reading while the channel is unwritable. What a server sees that it should not (an
 * exception other than a reset or an announced oversize frame, a failed echo) is recorded in {@link
 * #failures}.
 */
@SuppressWarnings("FutureReturnValueIgnored") // a close's outcome needs no handling
final class SoakServer {

  /** How a server reads its frames. */
  enum Mode {
    /** Varint32 prefix, {@link ProtoMessageHandler}: retained, eager parse. */
    PLAIN(Framing.VARINT32),
    /** As {@link #PLAIN}, the message parsed lazily (echoed as received). */
    PLAIN_LAZY(Framing.VARINT32),
    /** Varint32 prefix, an aliased parse (the message holds no reference to the frame). */
    PLAIN_ALIASED(Framing.VARINT32),
    /**
     * As {@link #PLAIN}, with oversize frames skipped ({@link ProtoFrameDecoder.OnTooLong#SKIP}).
     */
    PLAIN_SKIP(Framing.VARINT32),
    /** Pulsar-style frames, {@link ProtoCommandHandler}: the rest forwarded without a copy. */
    PULSAR(Framing.FIXED32),
    /** As {@link #PULSAR}, the command parsed lazily. */
    PULSAR_LAZY(Framing.FIXED32);

    private final Framing framing;

    Mode(Framing framing) {
      this.framing = framing;
    }

    Framing framing() {
      return framing;
    }
  }

  final Queue<String> failures = new ConcurrentLinkedQueue<>();
  final AtomicLong framesEchoed = new AtomicLong();
  final AtomicInteger tooLong = new AtomicInteger();
  final AtomicInteger resets = new AtomicInteger();
  final AtomicInteger unwritable = new AtomicInteger();

  /** The server channels and their messages: collectable once the channels are closed. */
  final Queue<WeakReference<Object>> collectable = new ConcurrentLinkedQueue<>();

  private final Map<Mode, Channel> listening = new EnumMap<>(Mode.class);
  private final AtomicLong seeds = new AtomicLong();

  SoakServer(EventLoopGroup group, ByteBufAllocator alloc, ChannelGroup accepted)
      throws InterruptedException {
    for (Mode mode : Mode.values()) {
      Channel ch =
          new ServerBootstrap()
              .group(group)
              .channel(NioServerSocketChannel.class)
              .childOption(ChannelOption.ALLOCATOR, alloc)
              // Small buffers, so that a slow reader makes the channel unwritable within a few KiB.
              .childOption(ChannelOption.SO_SNDBUF, 8192)
              .childOption(
                  ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(4096, 16384))
              .childHandler(
                  new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                      accepted.add(ch);
                      collectable.add(new WeakReference<>(ch));
                      pipeline(ch.pipeline(), mode, new Random(seeds.incrementAndGet()));
                    }
                  })
              .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
              .sync()
              .channel();
      listening.put(mode, ch);
    }
  }

  InetSocketAddress address(Mode mode) {
    return (InetSocketAddress) listening.get(mode).localAddress();
  }

  /** Closes the listening sockets and forgets them (they reach the event loop: see SoakTest). */
  void close() {
    listening.values().forEach(ch -> ch.close().syncUninterruptibly());
    listening.clear();
  }

  private void pipeline(ChannelPipeline p, Mode mode, Random random) {
    p.addLast(new Rechunker(random));
    p.addLast(
        new ProtoFrameDecoder(
            mode.framing(),
            SoakPlan.MAX_FRAME,
            mode == Mode.PLAIN_SKIP
                ? ProtoFrameDecoder.OnTooLong.SKIP
                : ProtoFrameDecoder.OnTooLong.CLOSE));
    p.addLast(new ProtoFrameEncoder(mode.framing()));
    switch (mode) {
      case PLAIN, PLAIN_SKIP, PLAIN_LAZY -> p.addLast(echo(mode == Mode.PLAIN_LAZY));
      case PLAIN_ALIASED -> p.addLast(new AliasedEcho());
      case PULSAR, PULSAR_LAZY -> p.addLast(commandEcho(mode == Mode.PULSAR_LAZY));
    }
    p.addLast(new Backpressure());
  }

  private ProtoMessageHandler<BaseCommand> echo(boolean lazy) {
    BaseCommand message = new BaseCommand().lazyParsing(lazy);
    collectable.add(new WeakReference<>(message));
    return new ProtoMessageHandler<>(message) {
      @Override
      protected void onMessage(ChannelHandlerContext ctx, BaseCommand cmd) {
        // Encoded now, on this event loop, before the handler clears the message.
        ctx.write(cmd).addListener(echoed);
      }
    };
  }

  /**
   * Echoes the command, re-encoded (or as received), and the rest of the frame as it came, a
   * retained slice of the frame (no copy). The metadata in the rest is parsed too, aliased.
   */
  private ProtoCommandHandler<BaseCommand> commandEcho(boolean lazy) {
    BaseCommand command = new BaseCommand().lazyParsing(lazy);
    MessageMetadata metadata = new MessageMetadata();
    collectable.add(new WeakReference<>(command));
    collectable.add(new WeakReference<>(metadata));
    return new ProtoCommandHandler<>(command, Framing.FIXED32) {
      @Override
      protected void onCommand(ChannelHandlerContext ctx, BaseCommand cmd, ByteBuf rest) {
        ByteBuf view = rest.duplicate();
        int metadataSize = view.readInt();
        metadata.parseFrom(view, metadataSize);
        metadata.getProducerName(); // a lazy string, read from the frame's memory
        metadata.clear();
        int size = cmd.getSerializedSize();
        ByteBuf head = ctx.alloc().ioBuffer(8 + size);
        head.writeInt(4 + size + rest.readableBytes()).writeInt(size);
        cmd.writeTo(head);
        ctx.write(head).addListener(echoed);
        // Released by the write; the handler releases its own reference when this returns.
        ctx.write(rest.retain()).addListener(notLost);
      }
    };
  }

  /** Counts an echo written, or records why it was not (a closed channel is not a failure). */
  private final ChannelFutureListener echoed =
      f -> {
        if (f.isSuccess()) {
          framesEchoed.incrementAndGet();
        } else if (!(f.cause() instanceof IOException)) {
          failures.add("an echo failed: " + f.cause());
        }
      };

  /** Records why a write failed (a closed channel is not a failure). */
  private final ChannelFutureListener notLost =
      f -> {
        if (!f.isSuccess() && !(f.cause() instanceof IOException)) {
          failures.add("a forward failed: " + f.cause());
        }
      };

  /** An aliased parse: the message reads the frame's memory, and the frame is released after. */
  private final class AliasedEcho extends ChannelInboundHandlerAdapter {

    private final BaseCommand message = new BaseCommand();

    AliasedEcho() {
      collectable.add(new WeakReference<>(message));
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf frame = (ByteBuf) msg;
      try {
        message.parseFrom(frame, frame.readableBytes());
        ctx.write(message).addListener(echoed);
      } catch (InvalidProtobufException e) {
        ctx.fireExceptionCaught(e);
        ctx.close();
      } finally {
        message.clear();
        frame.release();
      }
    }
  }

  /**
   * Passes each inbound buffer on in pieces: its first bytes one at a time or 1 to 7 at a time (so
   * that frames split inside their prefix and inside varints, wherever a read happens to start),
   * then the rest whole; the choice is made per read. (Pieces cost a tracked slice each under
   * PARANOID leak detection, hence a bounded number per read.)
   */
  private static final class Rechunker extends ChannelInboundHandlerAdapter {

    private static final int PIECES = 48;

    private final Random random;

    Rechunker(Random random) {
      this.random = random;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
      ByteBuf in = (ByteBuf) msg;
      int style = random.nextInt(3);
      try {
        for (int i = 0; in.isReadable(); i++) {
          int n =
              i == PIECES || style == 2
                  ? in.readableBytes()
                  : style == 0 ? 1 : 1 + random.nextInt(7);
          ctx.fireChannelRead(in.readRetainedSlice(Math.min(n, in.readableBytes())));
        }
      } finally {
        in.release();
      }
    }
  }

  /** Flushes after each read; stops reading while the channel is unwritable; records errors. */
  private final class Backpressure extends ChannelInboundHandlerAdapter {

    @Override
    public void channelReadComplete(ChannelHandlerContext ctx) {
      ctx.flush();
      if (!ctx.channel().isWritable() && ctx.channel().config().isAutoRead()) {
        unwritable.incrementAndGet();
        ctx.channel().config().setAutoRead(false);
      }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext ctx) {
      if (ctx.channel().isWritable() && !ctx.channel().config().isAutoRead()) {
        ctx.channel().config().setAutoRead(true);
      }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
      if (cause instanceof TooLongFrameException) {
        tooLong.incrementAndGet();
      } else if (cause instanceof IOException) {
        resets.incrementAndGet();
        ctx.close();
      } else {
        failures.add("server " + ctx.channel() + ": " + cause);
        ctx.close();
      }
    }
  }
}
