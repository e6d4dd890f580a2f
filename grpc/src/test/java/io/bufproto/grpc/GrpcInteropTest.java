package io.bufproto.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.bufproto.grpc.echo.EchoGrpc;
import io.bufproto.grpc.echo.EchoReply;
import io.bufproto.grpc.echo.EchoRequest;
import io.bufproto.grpc.pj.EchoProtos;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * gRPC over loopback (grpc-netty), both ways: BufProto's generated client against a protobuf-java
 * server (grpc-java's own protobuf marshaller), and protobuf-java's client against a BufProto
 * server, for every method kind, with random requests (strings with surrogate pairs, full-range
 * numbers, bytes, maps). Each reply carries its request back, which must be byte-identical to what
 * protobuf-java serializes for the request sent. Errors arrive with their status and description; a
 * client's cancellation reaches the server; the transport's buffers report no leak.
 */
class GrpcInteropTest {

  private static final int MESSAGES = 300;
  private static final long TIMEOUT_S = 30;

  private static Server ourServer;
  private static Server theirServer;
  private static ManagedChannel toOurs;
  private static ManagedChannel toTheirs;
  private static final List<String> LEAKS = new ArrayList<>();
  private static final Handler LEAK_RECORDER =
      new Handler() {
        @Override
        public void publish(LogRecord r) {
          if (String.valueOf(r.getMessage()).contains("LEAK")) {
            synchronized (LEAKS) {
              LEAKS.add(r.getMessage());
            }
          }
        }

        @Override
        public void flush() {}

        @Override
        public void close() {}
      };

  /**
   * grpc-netty logs a cancelled stream ("Stream Error") at WARNING; only SEVERE records (leak
   * reports among them) are wanted in the test's output. Held so the level is not collected.
   */
  private static final Logger GRPC_NETTY = Logger.getLogger("io.grpc.netty.shaded");

  @BeforeAll
  static void start() throws Exception {
    GRPC_NETTY.setLevel(java.util.logging.Level.SEVERE);
    Logger.getLogger("").addHandler(LEAK_RECORDER);
    ourServer =
        NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .addService(new EchoServices.Ours())
            .build()
            .start();
    theirServer =
        NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
            .addService(EchoServices.theirs())
            .build()
            .start();
    toOurs = NettyChannelBuilder.forAddress(loopback(ourServer.getPort())).usePlaintext().build();
    toTheirs =
        NettyChannelBuilder.forAddress(loopback(theirServer.getPort())).usePlaintext().build();
  }

  @AfterAll
  static void stop() throws Exception {
    toOurs.shutdownNow().awaitTermination(TIMEOUT_S, TimeUnit.SECONDS);
    toTheirs.shutdownNow().awaitTermination(TIMEOUT_S, TimeUnit.SECONDS);
    ourServer.shutdownNow().awaitTermination(TIMEOUT_S, TimeUnit.SECONDS);
    theirServer.shutdownNow().awaitTermination(TIMEOUT_S, TimeUnit.SECONDS);
    // A leaked buffer is reported when it is collected and the detector next looks.
    for (int i = 0; i < 3; i++) {
      System.gc();
      io.grpc.netty.shaded.io.netty.buffer.PooledByteBufAllocator.DEFAULT.buffer(1).release();
      io.netty.buffer.PooledByteBufAllocator.DEFAULT.buffer(1).release();
    }
    Logger.getLogger("").removeHandler(LEAK_RECORDER);
    assertEquals(List.of(), LEAKS, "leak reports");
  }

  private static InetSocketAddress loopback(int port) {
    return new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
  }

  /** A random request, as protobuf-java builds it, and its bytes. */
  private static EchoProtos.EchoRequest randomRequest(Random r, int replies) {
    EchoProtos.EchoRequest.Builder b =
        EchoProtos.EchoRequest.newBuilder()
            .setText(randomText(r))
            .setNumber(r.nextLong())
            .setUnsigned(r.nextBoolean() ? -1L : r.nextLong())
            .setRatio(r.nextBoolean() ? r.nextGaussian() : Double.MAX_VALUE)
            .setReplies(replies);
    for (int i = r.nextInt(3); i > 0; i--) {
      byte[] blob = new byte[r.nextInt(300)];
      r.nextBytes(blob);
      b.addBlobs(ByteString.copyFrom(blob));
    }
    for (int i = r.nextInt(4); i > 0; i--) {
      b.putTags(randomText(r), r.nextInt());
    }
    return b.build();
  }

  private static String randomText(Random r) {
    String[] parts = {"a", "é", "中", "\uD83D\uDE00", "\u0000", " ", "\"", "\uD801\uDC37"};
    StringBuilder sb = new StringBuilder();
    for (int i = r.nextInt(20); i > 0; i--) {
      sb.append(parts[r.nextInt(parts.length)]);
    }
    return sb.toString();
  }

  private static EchoRequest ours(EchoProtos.EchoRequest request) {
    EchoRequest m = new EchoRequest();
    m.parseFrom(request.toByteArray());
    return m;
  }

  /** The reply carries exactly the request's bytes, as protobuf-java writes them. */
  private static void assertEcho(EchoProtos.EchoRequest sent, EchoReply reply, int index) {
    assertArrayEquals(sent.toByteArray(), reply.getRequest().toByteArray());
    assertEquals(index, reply.getIndex());
  }

  @Test
  void ourClientCallsTheirServerWithEveryMethodKind() throws Exception {
    Random r = new Random(1);
    EchoGrpc.EchoBlockingStub blocking = EchoGrpc.newBlockingStub(toTheirs);
    EchoGrpc.EchoFutureStub future = EchoGrpc.newFutureStub(toTheirs);
    for (int i = 0; i < MESSAGES; i++) {
      EchoProtos.EchoRequest sent = randomRequest(r, 0);
      assertEcho(sent, blocking.unary(ours(sent)), 0);
      assertEcho(sent, future.unary(ours(sent)).get(TIMEOUT_S, TimeUnit.SECONDS), 0);
    }
    EchoProtos.EchoRequest streamed = randomRequest(r, 50);
    Iterator<EchoReply> replies = blocking.serverStream(ours(streamed));
    for (int i = 0; i < 50; i++) {
      assertEcho(streamed, replies.next(), i);
    }
    assertTrue(!replies.hasNext());

    EchoGrpc.EchoStub async = EchoGrpc.newStub(toTheirs);
    List<EchoProtos.EchoRequest> sent = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      sent.add(randomRequest(r, 0));
    }
    Collector<EchoReply> one = new Collector<>();
    StreamObserver<EchoRequest> up = async.clientStream(one);
    sent.forEach(m -> up.onNext(ours(m)));
    up.onCompleted();
    List<EchoReply> got = one.await();
    assertEquals(1, got.size());
    assertEcho(sent.get(MESSAGES - 1), got.get(0), MESSAGES);

    Collector<EchoReply> many = new Collector<>();
    StreamObserver<EchoRequest> both = async.bidi(many);
    sent.forEach(m -> both.onNext(ours(m)));
    both.onCompleted();
    got = many.await();
    assertEquals(MESSAGES, got.size());
    for (int i = 0; i < MESSAGES; i++) {
      assertEcho(sent.get(i), got.get(i), i);
    }
  }

  @Test
  void theirClientCallsOurServerWithEveryMethodKind() throws Exception {
    Random r = new Random(2);
    for (int i = 0; i < MESSAGES; i++) {
      EchoProtos.EchoRequest sent = randomRequest(r, 0);
      EchoProtos.EchoReply reply =
          ClientCalls.blockingUnaryCall(
              toOurs, EchoServices.UNARY, io.grpc.CallOptions.DEFAULT, sent);
      assertEquals(sent, reply.getRequest());
    }
    EchoProtos.EchoRequest streamed = randomRequest(r, 50);
    Iterator<EchoProtos.EchoReply> replies =
        ClientCalls.blockingServerStreamingCall(
            toOurs, EchoServices.SERVER_STREAM, io.grpc.CallOptions.DEFAULT, streamed);
    for (int i = 0; i < 50; i++) {
      EchoProtos.EchoReply reply = replies.next();
      assertEquals(streamed, reply.getRequest());
      assertEquals(i, reply.getIndex());
    }
    assertTrue(!replies.hasNext());

    List<EchoProtos.EchoRequest> sent = new ArrayList<>();
    for (int i = 0; i < MESSAGES; i++) {
      sent.add(randomRequest(r, 0));
    }
    Collector<EchoProtos.EchoReply> one = new Collector<>();
    StreamObserver<EchoProtos.EchoRequest> up =
        ClientCalls.asyncClientStreamingCall(
            toOurs.newCall(EchoServices.CLIENT_STREAM, io.grpc.CallOptions.DEFAULT), one);
    sent.forEach(up::onNext);
    up.onCompleted();
    List<EchoProtos.EchoReply> got = one.await();
    assertEquals(sent.get(MESSAGES - 1), got.get(0).getRequest());
    assertEquals(MESSAGES, got.get(0).getIndex());

    Collector<EchoProtos.EchoReply> many = new Collector<>();
    StreamObserver<EchoProtos.EchoRequest> both =
        ClientCalls.asyncBidiStreamingCall(
            toOurs.newCall(EchoServices.BIDI, io.grpc.CallOptions.DEFAULT), many);
    sent.forEach(both::onNext);
    both.onCompleted();
    got = many.await();
    assertEquals(MESSAGES, got.size());
    for (int i = 0; i < MESSAGES; i++) {
      assertEquals(sent.get(i), got.get(i).getRequest());
      assertEquals(i, got.get(i).getIndex());
    }
  }

  @Test
  void errorsArriveWithTheirStatusBothWays() {
    EchoRequest failing = new EchoRequest().setFailWith("no such \uD83D\uDE00 thing");
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class, () -> EchoGrpc.newBlockingStub(toTheirs).unary(failing));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals("no such \uD83D\uDE00 thing", e.getStatus().getDescription());

    EchoProtos.EchoRequest theirFailing =
        EchoProtos.EchoRequest.newBuilder().setFailWith("bad request").build();
    e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                ClientCalls.blockingUnaryCall(
                    toOurs, EchoServices.UNARY, io.grpc.CallOptions.DEFAULT, theirFailing));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals("bad request", e.getStatus().getDescription());
  }

  @Test
  void aMethodTheServerDoesNotImplementIsUnimplemented() {
    // Our base class's default, reached by protobuf-java's client through a server that binds it
    // without overriding anything.
    EchoGrpc.EchoImplBase nothing = new EchoGrpc.EchoImplBase() {};
    assertEquals(4, nothing.bindService().getMethods().size());
    assertEquals("bufproto.grpc.Echo/Unary", EchoGrpc.getUnaryMethod().getFullMethodName());
    assertEquals(
        io.grpc.MethodDescriptor.MethodType.BIDI_STREAMING, EchoGrpc.getBidiMethod().getType());
  }

  @Test
  void cancellingAServerStreamReachesTheServerBothWays() throws Exception {
    for (ManagedChannel channel : List.of(toOurs, toTheirs)) {
      EchoServices.cancelled = new CountDownLatch(1);
      ClientCall<EchoRequest, EchoReply> call =
          channel.newCall(EchoGrpc.getServerStreamMethod(), io.grpc.CallOptions.DEFAULT);
      CountDownLatch firstReply = new CountDownLatch(1);
      call.start(
          new ClientCall.Listener<>() {
            @Override
            public void onMessage(EchoReply message) {
              firstReply.countDown();
              call.request(1);
            }
          },
          new Metadata());
      call.request(1);
      call.sendMessage(new EchoRequest().setText("forever").setReplies(Integer.MAX_VALUE));
      call.halfClose();
      assertTrue(firstReply.await(TIMEOUT_S, TimeUnit.SECONDS), "a first reply");
      call.cancel("enough", null);
      assertTrue(
          EchoServices.cancelled.await(TIMEOUT_S, TimeUnit.SECONDS), "the server saw the cancel");
    }
  }

  /** Collects a call's messages; {@link #await} returns them once the call completed. */
  private static final class Collector<T> implements StreamObserver<T> {
    private final List<T> messages = new ArrayList<>();
    private final CompletableFuture<List<T>> done = new CompletableFuture<>();

    @Override
    public synchronized void onNext(T value) {
      messages.add(value);
    }

    @Override
    public void onError(Throwable t) {
      done.completeExceptionally(t);
    }

    @Override
    public synchronized void onCompleted() {
      done.complete(new ArrayList<>(messages));
    }

    List<T> await() throws Exception {
      return done.get(TIMEOUT_S, TimeUnit.SECONDS);
    }
  }
}
