/**
 * gRPC for BufProto messages: {@link io.bufproto.grpc.ProtoMarshaller}, used by the {@code XxxGrpc}
 * classes the generator writes with the {@code grpc=true} option.
 */
package io.bufproto.grpc;
