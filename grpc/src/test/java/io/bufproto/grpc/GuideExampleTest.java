package io.bufproto.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.bufproto.grpc.echo.EchoGrpc;
import io.bufproto.grpc.echo.EchoReply;
import io.bufproto.grpc.echo.EchoRequest;
import io.grpc.ManagedChannel;
import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The guide's gRPC example (docs/guide/grpc.md shows the region below), run. */
class GuideExampleTest {

  @Test
  void theGuidesServerAnswersTheGuidesCall() throws Exception {
    // [START server-and-call]
    Server server =
        NettyServerBuilder.forPort(0)
            .addService(
                new EchoGrpc.EchoImplBase() {
                  @Override
                  public void unary(EchoRequest request, StreamObserver<EchoReply> out) {
                    out.onNext(new EchoReply().setIndex(1));
                    out.onCompleted();
                  }
                })
            .build()
            .start();
    ManagedChannel channel =
        NettyChannelBuilder.forAddress("localhost", server.getPort()).usePlaintext().build();
    EchoReply reply = EchoGrpc.newBlockingStub(channel).unary(new EchoRequest().setText("hi"));
    // [END server-and-call]
    try {
      assertEquals(1, reply.getIndex());
    } finally {
      channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
      server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
    }
  }
}
