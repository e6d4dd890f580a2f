package io.bufproto.generator;

import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import java.io.IOException;

/**
 * The protoc plugin entry point: {@code CodeGeneratorRequest} on stdin, {@code
 * CodeGeneratorResponse} on stdout. Errors go into the response, where protoc prints them with the
 * file name; warnings go to stderr, which protoc passes on.
 */
public final class Plugin {

  private Plugin() {}

  public static void main(String[] args) throws IOException {
    CodeGeneratorRequest request = CodeGeneratorRequest.parseFrom(System.in);
    CodeGeneratorResponse response = BufProtoGenerator.handle(request, System.err::println);
    response.writeTo(System.out);
    System.out.flush();
  }
}
