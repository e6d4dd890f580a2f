package io.bufproto.netty;

import com.google.protobuf.CodedOutputStream;
import io.bufproto.tests.pulsar.PulsarApi;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * What one soak connection does ({@link SoakTest}): which server it reaches, which fault the proxy
 * or the client injects, and the frames it sends, built with protobuf-java. A frame's body is the
 * frame without its length prefix; the server echoes each body, so the client expects the bodies
 * back, in order.
 *
 * @param id the connection's number, which the client sends the proxy first (see {@link
 *     FaultProxy})
 * @param bodies the frames' bodies: a BaseCommand (plain frames), or command size, BaseCommand,
 *     metadata size, MessageMetadata and payload (Pulsar-style frames)
 * @param oversizeAt for {@link Fault#OVERSIZE}, the index of the body before which the client
 *     announces a frame longer than the server's maximum
 * @param resetAfter for {@link Fault#RESET}, the number of the client's bytes the proxy forwards
 *     before it resets both connections
 */
record SoakPlan(
    int id,
    SoakServer.Mode mode,
    Fault fault,
    List<byte[]> bodies,
    int oversizeAt,
    long resetAfter) {

  /** What goes wrong on a connection. */
  enum Fault {
    /** Nothing: the proxy forwards what it reads as it reads it. */
    NONE,
    /**
     * The proxy forwards the client's first 4 KiB one byte at a time, each in its own write and
     * flush.
     */
    ONE_BYTE,
    /** The proxy stops reading for up to 2 ms after each read, in both directions. */
    DELAY,
    /** The proxy resets both connections (RST) after a random number of the client's bytes. */
    RESET,
    /**
     * The client reads 2 KiB a millisecond, so that the server's channel becomes unwritable and its
     * echoes wait (the server stops reading meanwhile).
     */
    SLOW_READER,
    /**
     * The client announces a frame over the server's maximum between two frames: the server closes
     * the connection, or, skipping such frames ({@link SoakServer.Mode#PLAIN_SKIP}), skips it and
     * echoes the frames after it.
     */
    OVERSIZE
  }

  /** The largest frame a soak server accepts. */
  static final int MAX_FRAME = 256 * 1024;

  /** Whether the connection may end before every body is echoed, closed by the other side. */
  boolean endsEarly() {
    return fault == Fault.RESET || (fault == Fault.OVERSIZE && mode != SoakServer.Mode.PLAIN_SKIP);
  }

  /** The bodies the client may receive back: all, or those before the oversize frame. */
  int echoesAtMost() {
    return fault == Fault.OVERSIZE && mode != SoakServer.Mode.PLAIN_SKIP
        ? oversizeAt
        : bodies.size();
  }

  /** The bytes the client sends: every frame with its prefix, and the fault's own bytes. */
  byte[] stream() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 0; i < bodies.size(); i++) {
      if (fault == Fault.OVERSIZE && i == oversizeAt) {
        prefix(out, MAX_FRAME + 1);
        if (mode == SoakServer.Mode.PLAIN_SKIP) {
          out.writeBytes(new byte[MAX_FRAME + 1]); // skipped as it arrives
        }
      }
      byte[] body = bodies.get(i);
      prefix(out, body.length);
      out.writeBytes(body);
    }
    return out.toByteArray();
  }

  /** The length prefix as protobuf-java writes it (not as the code under test does). */
  private void prefix(ByteArrayOutputStream out, int length) {
    if (mode.framing() == Framing.FIXED32) {
      out.writeBytes(ByteBuffer.allocate(4).putInt(length).array());
      return;
    }
    try {
      CodedOutputStream prefix = CodedOutputStream.newInstance(out, 8);
      prefix.writeUInt32NoTag(length);
      prefix.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return "connection " + id + " (" + mode + ", " + fault + ", " + bodies.size() + " frames)";
  }

  /** Random plans, each from its own seed, so that a failing connection can be rerun alone. */
  static final class Generator {

    private final Random random;
    private final RandomMessages messages;

    Generator(long seed) {
      this.random = new Random(seed);
      this.messages = new RandomMessages(seed);
    }

    SoakPlan next(int id, int maxFrames) {
      SoakServer.Mode mode = pick(SoakServer.Mode.values());
      Fault fault = pick(Fault.values());
      int n = 1 + random.nextInt(maxFrames);
      if (fault == Fault.SLOW_READER) {
        n = Math.max(n, 150); // enough echoes to fill the buffers between server and client
      }
      List<byte[]> bodies = new ArrayList<>(n);
      long bytes = 0;
      for (int i = 0; i < n; i++) {
        byte[] body = mode.framing() == Framing.FIXED32 ? pulsarBody() : plainBody();
        bodies.add(body);
        bytes += mode.framing().prefixSize(body.length) + body.length;
      }
      // The proxy's count includes the 4 bytes of the id; the reset falls inside the frames.
      return new SoakPlan(
          id, mode, fault, List.copyOf(bodies), random.nextInt(n), 4 + nextLong(bytes));
    }

    private byte[] plainBody() {
      return messages.next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
    }

    /** Command size, command, metadata size, metadata, payload (mostly small, rarely 100 KiB). */
    private byte[] pulsarBody() {
      byte[] command = messages.next(PulsarApi.BaseCommand.getDefaultInstance()).toByteArray();
      byte[] metadata = messages.next(PulsarApi.MessageMetadata.getDefaultInstance()).toByteArray();
      byte[] payload = new byte[random.nextInt(200) == 0 ? 100_000 : random.nextInt(2048)];
      random.nextBytes(payload);
      return ByteBuffer.allocate(8 + command.length + metadata.length + payload.length)
          .putInt(command.length)
          .put(command)
          .putInt(metadata.length)
          .put(metadata)
          .put(payload)
          .array();
    }

    private long nextLong(long bound) {
      return Math.floorMod(random.nextLong(), Math.max(1, bound));
    }

    private <E> E pick(E[] values) {
      return values[random.nextInt(values.length)];
    }
  }
}
