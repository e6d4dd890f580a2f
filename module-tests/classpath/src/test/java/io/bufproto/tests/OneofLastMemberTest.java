package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.google.protobuf.DynamicMessage;
import io.bufproto.tests.p3.Choice;
import io.bufproto.tests.p3.Proto3Protos;
import org.junit.jupiter.api.Test;

/**
 * A oneof's message member, then another member, then the message member again: the protobuf spec
 * keeps only the last member seen, and so do protobuf's C++ parser, protobuf-java's {@code
 * DynamicMessage} and BufProto; protobuf-java's generated parser merges the two message occurrences
 * (its builder keeps the first member's builder across the switch). Found by ParseFuzzTest
 * (editions' delimited oneof member); the one place where BufProto follows the spec rather than
 * protobuf-java's generated classes.
 */
class OneofLastMemberTest {

  @Test
  void onlyTheLastMemberIsKept() throws Exception {
    byte[] bytes = {
      0x2a, 0x02, 0x28, 0x07, // c_message { f_int32: 7 }
      0x12, 0x01, 'x', // c_string: "x"
      0x2a, 0x02, 0x18, 0x00, // c_message { f_int64: 0 }: written, but a default in proto3
    };
    byte[] last = {0x2a, 0x00}; // c_message {}
    Proto3Protos.Choice generated = Proto3Protos.Choice.parseFrom(bytes);
    assertEquals(7, generated.getCMessage().getFInt32(), "protobuf-java's generated parser merges");
    DynamicMessage dynamic = DynamicMessage.parseFrom(Proto3Protos.Choice.getDescriptor(), bytes);
    assertArrayEquals(last, dynamic.toByteArray(), "its DynamicMessage keeps the last member only");

    Choice ours = new Choice();
    ours.parseFrom(bytes);
    assertArrayEquals(last, ours.toByteArray());
    assertEquals(0, ours.getCMessage().getFInt32());
    assertFalse(java.util.Arrays.equals(generated.toByteArray(), ours.toByteArray()));
  }
}
