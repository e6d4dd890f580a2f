package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.protobuf.ByteString;
import io.bufproto.tests.p3.Implicit;
import io.bufproto.tests.p3.Maps;
import io.bufproto.tests.p3.Proto3Protos;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Map fields changed through the generated API, against protobuf-java's builder changed the same
 * way: random puts (new and present keys), removes, clears, re-parses into the reused message and
 * puts of a value message that was just removed, over a small key range so that keys come back.
 * After every step both write the same bytes and agree on counts and lookups. (Random messages in
 * CompatibilityProperties cover parsing and writing every map type; this covers changing maps:
 * order after a remove, reuse of value messages, the cached entry sizes.)
 */
class MapOperationsTest {

  @Test
  void changedMapsWriteWhatProtobufJavaWrites() {
    int steps = 0;
    for (long seed = 0; seed < 300; seed++) {
      Random r = new Random(seed);
      Maps ours = new Maps();
      Proto3Protos.Maps.Builder pj = Proto3Protos.Maps.newBuilder();
      RandomMessages values = new RandomMessages(seed, 2, true);
      for (int step = 0; step < 40; step++, steps++) {
        String what = apply(r, values, ours, pj);
        byte[] expected = pj.build().toByteArray();
        String at = "seed " + seed + ", step " + step + ": " + what;
        assertEquals(expected.length, ours.getSerializedSize(), at);
        assertArrayEquals(expected, ours.toByteArray(), at);
        assertEquals(pj.getMInt64Map(), ours.getMInt64Map(), at);
        assertEquals(pj.getMBoolMap(), ours.getMBoolMap(), at);
        assertEquals(pj.getMFixed32ValueMap(), ours.getMFixed32Map(), at);
        assertEquals(pj.getMStringCount(), ours.getMStringCount(), at);
        assertEquals(pj.getMUint32Count(), ours.getMUint32Count(), at);
        assertEquals(pj.getMUint64Map(), ours.getMUint64Map(), at);
      }
    }
    assertEquals(300 * 40, steps);
  }

  private static String apply(
      Random r, RandomMessages values, Maps ours, Proto3Protos.Maps.Builder pj) {
    long k = r.nextInt(6) - 2L;
    switch (r.nextInt(12)) {
      case 0 -> {
        long v = r.nextLong() >> r.nextInt(64);
        ours.putMInt64(k, v);
        pj.putMInt64(k, v);
        return "put m_int64 " + k;
      }
      case 1 -> {
        ours.removeMInt64(k);
        pj.removeMInt64(k);
        return "remove m_int64 " + k;
      }
      case 2 -> {
        String v = r.nextBoolean() ? "" : "v\u00e9\ud83d\ude00" + r.nextInt(1000);
        ours.putMBool(k > 0, v);
        pj.putMBool(k > 0, v);
        return "put m_bool " + (k > 0);
      }
      case 3 -> {
        int v = r.nextInt(4) - 1;
        ours.putMFixed32Value((int) k, v);
        pj.putMFixed32Value((int) k, v);
        return "put m_fixed32 " + k;
      }
      case 4 -> {
        Proto3Protos.Implicit v =
            (Proto3Protos.Implicit) values.next(Proto3Protos.Implicit.getDefaultInstance());
        String key = "k" + k;
        if (r.nextBoolean()) {
          Implicit copied = new Implicit();
          copied.parseFrom(v.toByteArray());
          ours.putMString(key, copied);
        } else {
          ours.putMString(key).parseFrom(v.toByteArray());
        }
        pj.putMString(key, v);
        return "put m_string " + key;
      }
      case 5 -> {
        // Change a present value message in place: its parent's cached size must follow.
        String key = "k" + k;
        if (!pj.containsMString(key)) {
          return "nothing";
        }
        long v = r.nextLong();
        ours.getMString(key).setFInt64(v);
        pj.putMString(key, pj.getMStringOrThrow(key).toBuilder().setFInt64(v).build());
        return "set m_string[" + key + "].f_int64";
      }
      case 6 -> {
        // Remove a value message, then put it back under another key: a copy of it, not the spare
        // it became.
        String from = "k" + k;
        String to = "k" + (k + 1);
        if (!pj.containsMString(from)) {
          return "nothing";
        }
        Implicit held = ours.getMString(from);
        Proto3Protos.Implicit pjHeld = pj.getMStringOrThrow(from);
        ours.removeMString(from);
        pj.removeMString(from);
        ours.putMString(to, held);
        pj.putMString(to, pjHeld);
        return "move m_string " + from + " -> " + to;
      }
      case 7 -> {
        ours.removeMString("k" + k);
        pj.removeMString("k" + k);
        return "remove m_string k" + k;
      }
      case 8 -> {
        byte[] v = new byte[r.nextInt(4)];
        r.nextBytes(v);
        ours.putMUint32((int) k, v);
        pj.putMUint32((int) k, ByteString.copyFrom(v));
        return "put m_uint32 " + k;
      }
      case 9 -> {
        double v =
            r.nextBoolean() ? r.nextGaussian() : Double.longBitsToDouble(0x7ff8_0000_0000_0001L);
        ours.putMUint64(k, v);
        pj.putMUint64(k, v);
        return "put m_uint64 " + k;
      }
      case 10 -> {
        if (r.nextBoolean()) {
          ours.clearMString();
          pj.clearMString();
          return "clear m_string";
        }
        ours.clearMInt64().clearMBool();
        pj.clearMInt64().clearMBool();
        return "clear m_int64, m_bool";
      }
      default -> {
        // Parse protobuf-java's bytes into the reused message: entries and value messages are
        // reused.
        ours.parseFrom(pj.build().toByteArray());
        Map<String, Integer> seen = new LinkedHashMap<>();
        ours.forEachMString((key, v) -> seen.put(key, v.getSerializedSize()));
        assertEquals(pj.getMStringMap().keySet(), seen.keySet());
        return "parse";
      }
    }
  }
}
