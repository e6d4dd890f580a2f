package io.bufproto.jmh;

import com.google.protobuf.ByteString;
import io.bufproto.grpc.pj.EchoProtos;
import io.bufproto.jmh.bp.EchoGrpc;
import io.bufproto.jmh.bp.EchoReply;
import io.bufproto.jmh.bp.EchoRequest;
import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A unary gRPC round trip over loopback (grpc-netty, direct executors): BufProto's generated {@code
 * EchoGrpc} with its marshaller against protobuf-java's messages with grpc-java's own protobuf
 * marshaller, on the echo service of {@code bufproto-grpc}'s test. The request (about 1 KB: text,
 * numbers, two blobs, tags) goes out and comes back inside the reply. Score: round trips per
 * millisecond; most of it is HTTP/2 and the sockets, the same for both.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {
      "-Dio.netty.leakDetection.level=disabled",
      "-Dio.grpc.netty.shaded.io.netty.transport.noNative=true"
    })
public class GrpcBenchmark {

  private static final MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> PJ_UNARY =
      MethodDescriptor.<EchoProtos.EchoRequest, EchoProtos.EchoReply>newBuilder()
          .setType(MethodDescriptor.MethodType.UNARY)
          .setFullMethodName(MethodDescriptor.generateFullMethodName("bufproto.grpc.Echo", "Unary"))
          .setRequestMarshaller(ProtoUtils.marshaller(EchoProtos.EchoRequest.getDefaultInstance()))
          .setResponseMarshaller(ProtoUtils.marshaller(EchoProtos.EchoReply.getDefaultInstance()))
          .build();

  private Server bpServer;
  private Server pjServer;
  private ManagedChannel toBp;
  private ManagedChannel toPj;
  private EchoGrpc.EchoBlockingStub bpStub;
  private EchoProtos.EchoRequest pjRequest;
  private final EchoRequest bpRequest = new EchoRequest();

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    byte[] blob = new byte[400];
    new java.util.Random(1).nextBytes(blob);
    pjRequest =
        EchoProtos.EchoRequest.newBuilder()
            .setText("a request of some length, with a few words and one \uD83D\uDE00 in it")
            .setNumber(1234567890123L)
            .setUnsigned(-1L)
            .setRatio(0.75)
            .addBlobs(ByteString.copyFrom(blob))
            .addBlobs(ByteString.copyFrom(blob, 0, 100))
            .putTags("region", 7)
            .putTags("zone", -3)
            .build();
    bpRequest.parseFrom(pjRequest.toByteArray());

    bpServer = start(new BpEcho().bindService());
    pjServer = start(pjService());
    toBp = channel(bpServer);
    toPj = channel(pjServer);
    bpStub = EchoGrpc.newBlockingStub(toBp);
  }

  private static Server start(ServerServiceDefinition service) throws Exception {
    return NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0))
        .directExecutor()
        .addService(service)
        .build()
        .start();
  }

  private static ManagedChannel channel(Server server) {
    return NettyChannelBuilder.forAddress(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getPort()))
        .usePlaintext()
        .directExecutor()
        .build();
  }

  @TearDown(Level.Trial)
  public void tearDown() throws Exception {
    for (ManagedChannel c : new ManagedChannel[] {toBp, toPj}) {
      c.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
    for (Server s : new Server[] {bpServer, pjServer}) {
      s.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }

  @Benchmark
  public int bufproto_unary() {
    return bpStub.unary(bpRequest).getIndex();
  }

  @Benchmark
  public int protobuf_unary() {
    return ClientCalls.blockingUnaryCall(toPj, PJ_UNARY, CallOptions.DEFAULT, pjRequest).getIndex();
  }

  private static final class BpEcho extends EchoGrpc.EchoImplBase {
    @Override
    public void unary(EchoRequest request, StreamObserver<EchoReply> out) {
      EchoReply reply = new EchoReply();
      reply.setRequest(request);
      reply.setIndex(1);
      out.onNext(reply);
      out.onCompleted();
    }
  }

  private static ServerServiceDefinition pjService() {
    return ServerServiceDefinition.builder("bufproto.grpc.Echo")
        .addMethod(
            PJ_UNARY,
            ServerCalls.asyncUnaryCall(
                (request, out) -> {
                  out.onNext(
                      EchoProtos.EchoReply.newBuilder().setRequest(request).setIndex(1).build());
                  out.onCompleted();
                }))
        .build();
  }
}
