package io.bufproto.grpc;

import io.bufproto.grpc.echo.EchoGrpc;
import io.bufproto.grpc.echo.EchoReply;
import io.bufproto.grpc.echo.EchoRequest;
import io.bufproto.grpc.pj.EchoProtos;
import io.grpc.Context;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.concurrent.CountDownLatch;

/**
 * The echo service twice: on BufProto's generated {@code EchoGrpc}, and on protobuf-java's messages
 * with grpc-java's own protobuf marshaller (method descriptors written by hand, as
 * protoc-gen-grpc-java would generate them). Both behave alike: a reply carries the request back
 * (unary, server-streaming {@code replies} times, client-streaming the last request and the count,
 * bidirectional one per request); {@code fail_with} makes the call fail with INVALID_ARGUMENT; a
 * cancelled server stream counts down {@link #cancelled}.
 */
final class EchoServices {

  private EchoServices() {}

  /** Counted down when a server-streaming call is cancelled by its client. */
  static volatile CountDownLatch cancelled = new CountDownLatch(1);

  /**
   * Whether the client cancelled the call: its context is cancelled by the transport's thread at
   * once (the call's own cancel handler would wait for this handler to return). Counts down {@link
   * #cancelled} when it is.
   */
  static boolean callCancelled() {
    if (Context.current().isCancelled()) {
      cancelled.countDown();
      return true;
    }
    return false;
  }

  /** The service on BufProto messages. */
  static final class Ours extends EchoGrpc.EchoImplBase {

    @Override
    public void unary(EchoRequest request, StreamObserver<EchoReply> out) {
      if (!request.getFailWith().isEmpty()) {
        out.onError(
            Status.INVALID_ARGUMENT.withDescription(request.getFailWith()).asRuntimeException());
        return;
      }
      out.onNext(reply(request, 0));
      out.onCompleted();
    }

    @Override
    public void serverStream(EchoRequest request, StreamObserver<EchoReply> out) {
      int i = 0;
      while (i < request.getReplies() && !callCancelled()) {
        out.onNext(reply(request, i++));
      }
      if (!callCancelled()) {
        out.onCompleted();
      }
    }

    @Override
    public StreamObserver<EchoRequest> clientStream(StreamObserver<EchoReply> out) {
      return new StreamObserver<>() {
        private final EchoRequest last = new EchoRequest();
        private int count;

        @Override
        public void onNext(EchoRequest r) {
          last.clear().copyFrom(r);
          count++;
        }

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {
          out.onNext(reply(last, count));
          out.onCompleted();
        }
      };
    }

    @Override
    public StreamObserver<EchoRequest> bidi(StreamObserver<EchoReply> out) {
      return new StreamObserver<>() {
        private int count;

        @Override
        public void onNext(EchoRequest r) {
          out.onNext(reply(r, count++));
        }

        @Override
        public void onError(Throwable t) {}

        @Override
        public void onCompleted() {
          out.onCompleted();
        }
      };
    }

    private static EchoReply reply(EchoRequest request, int index) {
      EchoReply r = new EchoReply();
      r.setRequest(request);
      r.setIndex(index);
      return r;
    }
  }

  // protobuf-java's side: the descriptors protoc-gen-grpc-java would generate.

  static final MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> UNARY =
      descriptor(MethodDescriptor.MethodType.UNARY, "Unary");
  static final MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> SERVER_STREAM =
      descriptor(MethodDescriptor.MethodType.SERVER_STREAMING, "ServerStream");
  static final MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> CLIENT_STREAM =
      descriptor(MethodDescriptor.MethodType.CLIENT_STREAMING, "ClientStream");
  static final MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> BIDI =
      descriptor(MethodDescriptor.MethodType.BIDI_STREAMING, "Bidi");

  private static MethodDescriptor<EchoProtos.EchoRequest, EchoProtos.EchoReply> descriptor(
      MethodDescriptor.MethodType type, String name) {
    return MethodDescriptor.<EchoProtos.EchoRequest, EchoProtos.EchoReply>newBuilder()
        .setType(type)
        .setFullMethodName(MethodDescriptor.generateFullMethodName("bufproto.grpc.Echo", name))
        .setRequestMarshaller(ProtoUtils.marshaller(EchoProtos.EchoRequest.getDefaultInstance()))
        .setResponseMarshaller(ProtoUtils.marshaller(EchoProtos.EchoReply.getDefaultInstance()))
        .build();
  }

  /** The service on protobuf-java messages. */
  static ServerServiceDefinition theirs() {
    return ServerServiceDefinition.builder("bufproto.grpc.Echo")
        .addMethod(
            UNARY,
            ServerCalls.asyncUnaryCall(
                (request, out) -> {
                  if (!request.getFailWith().isEmpty()) {
                    out.onError(
                        Status.INVALID_ARGUMENT
                            .withDescription(request.getFailWith())
                            .asRuntimeException());
                    return;
                  }
                  out.onNext(theirReply(request, 0));
                  out.onCompleted();
                }))
        .addMethod(
            SERVER_STREAM,
            ServerCalls.asyncServerStreamingCall(
                (request, out) -> {
                  int i = 0;
                  while (i < request.getReplies() && !callCancelled()) {
                    out.onNext(theirReply(request, i++));
                  }
                  if (!callCancelled()) {
                    out.onCompleted();
                  }
                }))
        .addMethod(
            CLIENT_STREAM,
            ServerCalls.asyncClientStreamingCall(
                out ->
                    new StreamObserver<EchoProtos.EchoRequest>() {
                      private EchoProtos.EchoRequest last =
                          EchoProtos.EchoRequest.getDefaultInstance();
                      private int count;

                      @Override
                      public void onNext(EchoProtos.EchoRequest r) {
                        last = r;
                        count++;
                      }

                      @Override
                      public void onError(Throwable t) {}

                      @Override
                      public void onCompleted() {
                        out.onNext(theirReply(last, count));
                        out.onCompleted();
                      }
                    }))
        .addMethod(
            BIDI,
            ServerCalls.asyncBidiStreamingCall(
                out ->
                    new StreamObserver<EchoProtos.EchoRequest>() {
                      private int count;

                      @Override
                      public void onNext(EchoProtos.EchoRequest r) {
                        out.onNext(theirReply(r, count++));
                      }

                      @Override
                      public void onError(Throwable t) {}

                      @Override
                      public void onCompleted() {
                        out.onCompleted();
                      }
                    }))
        .build();
  }

  private static EchoProtos.EchoReply theirReply(EchoProtos.EchoRequest request, int index) {
    return EchoProtos.EchoReply.newBuilder().setRequest(request).setIndex(index).build();
  }
}
