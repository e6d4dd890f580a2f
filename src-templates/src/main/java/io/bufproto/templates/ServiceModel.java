package io.bufproto.templates;

import java.util.List;

/**
 * A {@code service}, rendered as a gRPC class shaped like protoc-gen-grpc-java's (generator option
 * {@code grpc=true}): method descriptors, stubs, the service base class, over BufProto messages.
 *
 * @param protoFile the source {@code .proto} path, for the header
 * @param generatorVersion the generator version, for the header
 * @param javaPackage the package, or empty
 * @param className the class name: the service's name and {@code Grpc}
 * @param serviceName the service's full protobuf name ({@code SERVICE_NAME})
 * @param simpleName the service's own name, the stem of the stub and base class names
 * @param methods the rpc methods in declaration order
 */
public record ServiceModel(
    String protoFile,
    String generatorVersion,
    String javaPackage,
    String className,
    String serviceName,
    String simpleName,
    List<Method> methods) {

  /**
   * One rpc.
   *
   * @param protoName the name in the {@code .proto} file (the method's path segment)
   * @param javaName the Java method name (lowerCamelCase)
   * @param input the request's Java class
   * @param output the response's Java class
   * @param clientStreaming whether the client sends a stream
   * @param serverStreaming whether the server sends a stream
   */
  public record Method(
      String protoName,
      String javaName,
      String input,
      String output,
      boolean clientStreaming,
      boolean serverStreaming) {

    /** The descriptor getter's name: {@code get<ProtoName>Method}. */
    public String getter() {
      return "get" + protoName + "Method";
    }

    /** grpc-java's {@code MethodDescriptor.MethodType} constant. */
    public String type() {
      if (clientStreaming) {
        return serverStreaming ? "BIDI_STREAMING" : "CLIENT_STREAMING";
      }
      return serverStreaming ? "SERVER_STREAMING" : "UNARY";
    }

    /** The stem of grpc-java's {@code ServerCalls.async...Call} and {@code ClientCalls} names. */
    public String callStem() {
      if (clientStreaming) {
        return serverStreaming ? "BidiStreaming" : "ClientStreaming";
      }
      return serverStreaming ? "ServerStreaming" : "Unary";
    }

    /** Whether the client sends a stream: the method takes and returns stream observers. */
    public boolean streamsIn() {
      return clientStreaming;
    }

    /** The descriptor's generic arguments. */
    public String types() {
      return "<" + input + ", " + output + ">";
    }
  }
}
