package io.bufproto.grpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.bufproto.grpc.echo.EchoRequest;
import io.grpc.Detachable;
import io.grpc.Drainable;
import io.grpc.HasByteBuffer;
import io.grpc.KnownLength;
import io.grpc.StatusRuntimeException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The marshaller's two parse paths and its write: in place from a transport's buffers (split
 * anywhere, read through {@link HasByteBuffer}, never through {@code read}, and released after),
 * from a plain stream, and drained with its length known beforehand.
 */
class ProtoMarshallerTest {

  private static final ProtoMarshaller<EchoRequest> MARSHALLER =
      ProtoMarshaller.of(EchoRequest::new);

  private static EchoRequest sample() {
    EchoRequest m = new EchoRequest().setText("zero-copy \uD83D\uDE00").setNumber(-7);
    m.addBlob(new byte[] {1, 2, 3});
    m.putTags("k", -1);
    return m;
  }

  @Test
  void parsesInPlaceFromTheTransportsBuffersAndReleasesThem() {
    byte[] bytes = sample().toByteArray();
    for (int split = 0; split <= bytes.length; split++) {
      TransportStream stream = new TransportStream(bytes, split);
      EchoRequest parsed = MARSHALLER.parse(stream);
      assertTrue(stream.detached.closed, "the detached buffers are released");
      // The message owns its data: it reads the same after the buffers were overwritten.
      stream.detached.wipe();
      assertArrayEquals(bytes, parsed.toByteArray(), "split at " + split);
      assertEquals("zero-copy \uD83D\uDE00", parsed.getText());
    }
  }

  @Test
  void parsesFromAPlainStream() {
    byte[] bytes = sample().toByteArray();
    assertArrayEquals(bytes, MARSHALLER.parse(new ByteArrayInputStream(bytes)).toByteArray());
  }

  @Test
  void malformedBytesAreAnInternalError() {
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () -> MARSHALLER.parse(new TransportStream(new byte[] {0x0a, 0x05, 0x61}, 1)));
    assertEquals(io.grpc.Status.Code.INTERNAL, e.getStatus().getCode());
  }

  @Test
  void drainsTheMessageWithItsLengthKnown() throws Exception {
    EchoRequest m = sample();
    InputStream stream = MARSHALLER.stream(m);
    assertTrue(stream instanceof Drainable && stream instanceof KnownLength);
    assertEquals(m.getSerializedSize(), stream.available());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    assertEquals(m.getSerializedSize(), ((Drainable) stream).drainTo(out));
    assertArrayEquals(m.toByteArray(), out.toByteArray());
    assertEquals(0, stream.available());
    // Read instead of drained, the same bytes.
    assertArrayEquals(m.toByteArray(), MARSHALLER.stream(m).readAllBytes());
  }

  /**
   * A stream as grpc-netty passes one: two direct buffers, detachable, read only through {@link
   * HasByteBuffer}; reading it byte by byte fails the test.
   */
  private static final class TransportStream extends InputStream
      implements Detachable, HasByteBuffer, KnownLength {
    private final List<ByteBuffer> parts = new ArrayList<>();
    private int current;
    private boolean marked;
    boolean closed;
    TransportStream detached;

    TransportStream(byte[] bytes, int split) {
      for (int[] range : new int[][] {{0, split}, {split, bytes.length}}) {
        ByteBuffer b = ByteBuffer.allocateDirect(range[1] - range[0]);
        b.put(bytes, range[0], range[1] - range[0]).flip();
        if (b.hasRemaining()) {
          parts.add(b);
        }
      }
    }

    private TransportStream(List<ByteBuffer> parts) {
      this.parts.addAll(parts);
    }

    @Override
    public InputStream detach() {
      detached = new TransportStream(parts);
      parts.clear();
      return detached;
    }

    @Override
    public boolean byteBufferSupported() {
      return true;
    }

    @Override
    public ByteBuffer getByteBuffer() {
      return parts.get(current).duplicate();
    }

    @Override
    public boolean markSupported() {
      return true;
    }

    @Override
    public void mark(int limit) {
      marked = true;
    }

    @Override
    public long skip(long n) {
      assertTrue(marked, "marked before skipping, so the parts stay readable");
      ByteBuffer b = parts.get(current);
      assertEquals(b.remaining(), n, "skips whole buffers");
      b.position(b.limit());
      current++;
      return n;
    }

    @Override
    public int available() {
      int n = 0;
      for (int i = current; i < parts.size(); i++) {
        n += parts.get(i).remaining();
      }
      return n;
    }

    @Override
    public int read() {
      throw new AssertionError("read byte by byte: not parsed in place");
    }

    @Override
    public int read(byte[] b, int off, int len) {
      throw new AssertionError("read into an array: not parsed in place");
    }

    @Override
    public void close() {
      closed = true;
    }

    void wipe() {
      for (ByteBuffer b : parts) {
        for (int i = 0; i < b.capacity(); i++) {
          b.put(i, (byte) 0x55);
        }
      }
    }
  }
}
