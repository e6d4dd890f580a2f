package io.bufproto.grpc;

import io.bufproto.api.ProtoMessage;
import io.grpc.Detachable;
import io.grpc.HasByteBuffer;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * gRPC's marshaller for a BufProto message type; the generated {@code XxxGrpc} classes use it.
 *
 * <p><b>Parse.</b> Where the transport hands over its buffers (grpc-netty's streams are {@link
 * Detachable} and {@link HasByteBuffer}), the message is parsed from them in place, without first
 * copying the bytes into an array; its string and bytes fields are then copied out ({@link
 * ProtoMessage#materialize()}) and the buffers go back to the transport, so the message owns its
 * data like any other. Other streams are read into one array, which the message may alias.
 *
 * <p><b>Write.</b> {@link #stream} returns a {@link KnownLength} stream that gRPC drains ({@code
 * Drainable}) by one copy of the serialized message from a pooled buffer; the message must not
 * change until the call has sent it, as with protobuf-java's messages.
 *
 * @param <T> the message type
 */
public final class ProtoMarshaller<T extends ProtoMessage<T>>
    implements MethodDescriptor.Marshaller<T> {

  private final Supplier<T> factory;

  private ProtoMarshaller(Supplier<T> factory) {
    this.factory = factory;
  }

  /** The marshaller of the messages {@code factory} makes (a generated class's constructor). */
  public static <T extends ProtoMessage<T>> ProtoMarshaller<T> of(Supplier<T> factory) {
    return new ProtoMarshaller<>(factory);
  }

  @Override
  public InputStream stream(T value) {
    return new MessageStream(value);
  }

  @Override
  public T parse(InputStream stream) {
    T message = factory.get();
    try {
      if (stream instanceof Detachable detachable
          && stream instanceof HasByteBuffer hasBuffers
          && hasBuffers.byteBufferSupported()) {
        parseInPlace(detachable, message);
      } else {
        byte[] bytes = stream.readAllBytes();
        message.parseFrom(Unpooled.wrappedBuffer(bytes), bytes.length);
      }
    } catch (IOException e) {
      throw Status.INTERNAL
          .withDescription("Failed to read the message")
          .withCause(e)
          .asRuntimeException();
    } catch (RuntimeException e) {
      throw Status.INTERNAL
          .withDescription("Invalid protobuf byte sequence: " + e.getMessage())
          .withCause(e)
          .asRuntimeException();
    }
    return message;
  }

  /**
   * Parses from the transport's own buffers: detached from the call (so they stay readable), read
   * through Netty {@code ByteBuf}s that wrap them (no copy of the bytes), then released once the
   * message holds copies of its strings and bytes.
   */
  private void parseInPlace(Detachable source, T message) throws IOException {
    try (InputStream detached = source.detach()) {
      HasByteBuffer buffers = (HasByteBuffer) detached;
      int size = detached.available();
      List<ByteBuffer> parts = new ArrayList<>();
      // mark() keeps the parts skipped past readable until the stream is closed.
      detached.mark(size);
      while (detached.available() > 0) {
        ByteBuffer part = buffers.getByteBuffer();
        parts.add(part);
        long skipped = detached.skip(part.remaining());
        if (skipped != part.remaining()) {
          throw new IOException("could not skip a buffer of the stream");
        }
      }
      ByteBuf in =
          parts.size() == 1
              ? Unpooled.wrappedBuffer(parts.get(0))
              : Unpooled.wrappedBuffer(parts.toArray(new ByteBuffer[0]));
      message.parseFrom(in, size);
      message.materialize();
    }
  }

  /** A message waiting to be written: drained once into gRPC's output, or read as bytes. */
  private static final class MessageStream extends InputStream
      implements io.grpc.Drainable, KnownLength {

    private ProtoMessage<?> message;
    private ByteArrayInputStream fallback;

    MessageStream(ProtoMessage<?> message) {
      this.message = message;
    }

    @Override
    public int drainTo(OutputStream target) throws IOException {
      if (message == null) {
        return fallback == null ? 0 : (int) fallback.transferTo(target);
      }
      int size = message.getSerializedSize();
      ByteBuf buf = PooledByteBufAllocator.DEFAULT.heapBuffer(size, size);
      try {
        message.writeTo(buf);
        buf.getBytes(buf.readerIndex(), target, size);
      } finally {
        buf.release();
      }
      message = null;
      return size;
    }

    @Override
    public int available() {
      if (message != null) {
        return message.getSerializedSize();
      }
      return fallback == null ? 0 : fallback.available();
    }

    @Override
    public int read() {
      return bytes().read();
    }

    @Override
    public int read(byte[] b, int off, int len) {
      return bytes().read(b, off, len);
    }

    private ByteArrayInputStream bytes() {
      if (message != null) {
        fallback = new ByteArrayInputStream(message.toByteArray());
        message = null;
      }
      return fallback == null ? new ByteArrayInputStream(new byte[0]) : fallback;
    }
  }
}
