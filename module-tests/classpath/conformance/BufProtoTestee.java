import com.google.protobuf.ByteString;
import com.google.protobuf.conformance.Conformance.ConformanceRequest;
import com.google.protobuf.conformance.Conformance.ConformanceResponse;
import com.google.protobuf.conformance.Conformance.TestCategory;
import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.ProtoMessage;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
import io.bufproto.api.format.TypeRegistry;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;

/**
 * BufProto as a testee of protobuf's conformance runner ({@code conformance_test_runner}): reads
 * length-prefixed ConformanceRequests on stdin, answers ConformanceResponses on stdout, as
 * protobuf's {@code ConformanceJava} does for protobuf-java (the envelope is protobuf-java's; the
 * message under test is BufProto's). Built and run by {@code run-suite.sh}; not part of the build.
 */
public final class BufProtoTestee {

  private static final ExtensionRegistry EXTENSIONS = ExtensionRegistry.newInstance();
  private static final TypeRegistry TYPES =
      TypeRegistry.of(
          com.google.protobuf_test_messages.proto3.TestAllTypesProto3._schema(),
          com.google.protobuf_test_messages.proto2.TestAllTypesProto2._schema(),
          com.google.protobuf_test_messages.edition2023.TestAllTypesEdition2023._schema(),
          com.google.protobuf_test_messages.editions.proto3.TestAllTypesProto3._schema(),
          com.google.protobuf_test_messages.editions.proto2.TestAllTypesProto2._schema());

  static {
    com.google.protobuf_test_messages.proto2.TestMessagesProto2Extensions.registerAllExtensions(
        EXTENSIONS);
    com.google.protobuf_test_messages.edition2023.TestMessagesEdition2023Extensions
        .registerAllExtensions(EXTENSIONS);
    com.google.protobuf_test_messages.editions.proto2.TestMessagesProto2EditionsExtensions
        .registerAllExtensions(EXTENSIONS);
  }

  private static final ProtoJson.Parser JSON_PARSER =
      ProtoJson.parser().usingTypeRegistry(TYPES).usingExtensionRegistry(EXTENSIONS);
  private static final ProtoJson.Printer JSON_PRINTER =
      ProtoJson.printer().usingTypeRegistry(TYPES).usingExtensionRegistry(EXTENSIONS);
  private static final ProtoText.Parser TEXT_PARSER =
      ProtoText.parser().usingTypeRegistry(TYPES).usingExtensionRegistry(EXTENSIONS);
  private static final ProtoText.Printer TEXT_PRINTER =
      ProtoText.printer().usingTypeRegistry(TYPES).usingExtensionRegistry(EXTENSIONS);

  public static void main(String[] args) throws IOException {
    DataInputStream in = new DataInputStream(System.in);
    OutputStream out = System.out;
    while (true) {
      int length;
      try {
        length = Integer.reverseBytes(in.readInt());
      } catch (EOFException end) {
        return;
      }
      byte[] request = new byte[length];
      in.readFully(request);
      byte[] response = handle(ConformanceRequest.parseFrom(request)).toByteArray();
      out.write(intLe(response.length));
      out.write(response);
      out.flush();
    }
  }

  private static byte[] intLe(int v) {
    return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
  }

  static ConformanceResponse handle(ConformanceRequest request) {
    ConformanceResponse.Builder response = ConformanceResponse.newBuilder();
    ProtoMessage<?> message =
        switch (request.getMessageType()) {
          case "protobuf_test_messages.proto3.TestAllTypesProto3" ->
              new com.google.protobuf_test_messages.proto3.TestAllTypesProto3();
          case "protobuf_test_messages.proto2.TestAllTypesProto2" ->
              new com.google.protobuf_test_messages.proto2.TestAllTypesProto2();
          case "protobuf_test_messages.editions.TestAllTypesEdition2023" ->
              new com.google.protobuf_test_messages.edition2023.TestAllTypesEdition2023();
          case "protobuf_test_messages.editions.proto3.TestAllTypesProto3" ->
              new com.google.protobuf_test_messages.editions.proto3.TestAllTypesProto3();
          case "protobuf_test_messages.editions.proto2.TestAllTypesProto2" ->
              new com.google.protobuf_test_messages.editions.proto2.TestAllTypesProto2();
          default -> null;
        };
    if (message == null) {
      return response.setSkipped("not in the test schemas: " + request.getMessageType()).build();
    }
    try {
      switch (request.getPayloadCase()) {
        case PROTOBUF_PAYLOAD -> message.parseFrom(request.getProtobufPayload().toByteArray(), EXTENSIONS);
        case JSON_PAYLOAD -> {
          ProtoJson.Parser parser =
              request.getTestCategory() == TestCategory.JSON_IGNORE_UNKNOWN_PARSING_TEST
                  ? JSON_PARSER.ignoringUnknownFields()
                  : JSON_PARSER;
          parser.parse(request.getJsonPayload(), message);
        }
        case TEXT_PAYLOAD -> TEXT_PARSER.parse(request.getTextPayload(), message);
        default -> {
          return response.setSkipped("payload " + request.getPayloadCase()).build();
        }
      }
    } catch (RuntimeException e) {
      return response.setParseError(String.valueOf(e)).build();
    }
    try {
      switch (request.getRequestedOutputFormat()) {
        case PROTOBUF -> response.setProtobufPayload(ByteString.copyFrom(message.toByteArray()));
        case JSON -> response.setJsonPayload(JSON_PRINTER.print(message));
        case TEXT_FORMAT ->
            response.setTextPayload(
                TEXT_PRINTER.printingUnknownFields(request.getPrintUnknownFields()).print(message));
        default -> response.setSkipped("output " + request.getRequestedOutputFormat());
      }
    } catch (RuntimeException e) {
      return response.setSerializeError(String.valueOf(e)).build();
    }
    return response.build();
  }
}
