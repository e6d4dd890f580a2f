package io.bufproto.jmh;

/** The values every library fills its copy of a shape with, so the three encodings are equal. */
final class Data {
  private Data() {}

  // Pulsar MessageMetadata, as a producer with batching and replication sends it.
  static final String PRODUCER = "pulsar-standalone-12-345";
  static final long SEQUENCE_ID = 123_456_789_012L;
  static final long PUBLISH_TIME = 1_764_000_000_000L;
  static final long EVENT_TIME = 1_764_000_000_123L;
  static final String[][] PROPERTIES = {
    {"application", "billing"},
    {"region", "eu-west-1"},
    {"trace-id", "4bf92f3577b34da6a3ce929d0e0e4736"}
  };
  static final String PARTITION_KEY = "customer-8731";
  static final String[] REPLICATE_TO = {"us-east", "eu-central"};
  static final int UNCOMPRESSED_SIZE = 2048;
  static final int BATCH = 10;

  // BaseCommand carrying a CommandSend.
  static final long PRODUCER_ID = 17;

  // Simple: a frame.
  static final String FRAME_NAME = "frame-0042";
  static final int[][] PATH = {{-3, 7, 0}, {120, -45, 9}, {70_000, 1, -1}, {0, 0, 300}};

  // AddressBook.
  static final String[][] PEOPLE = {
    {"Ada Lovelace", "ada@example.org", "+44 20 7946 0001", "+44 20 7946 0002"},
    {"Alan Turing", "alan@example.org", "+44 161 496 0003", ""},
    {"Grace Hopper", "", "+1 202 555 0104", "+1 202 555 0105"},
  };

  // Strings.
  static final String TOPIC = "persistent://public/default/orders-partition-3";
  static final String SUBSCRIPTION = "analytics-subscription";
  static final String[] ASCII = {
    "alpha", "bravo-charlie", "delta.echo.foxtrot", "golf/hotel/india/juliet",
    "kilo_lima_mike_november", "oscar", "papa-quebec-romeo-sierra-tango", "uniform victor whiskey"
  };
  static final String[] UNICODE = {"Grüße aus Köln", "日本語のテキスト", "Привет, мир", "emoji 🙂 ok"};
  static final String LONG_ASCII =
      "x".repeat(40) + "The quick brown fox jumps over the lazy dog. ".repeat(8);

  // Packed.
  static int smallInt(int i) {
    return i % 128;
  }

  static long longValue(int i) {
    return 1_764_000_000_000L + 37L * i * i;
  }

  static long zigzag(int i) {
    return (i % 2 == 0 ? 1 : -1) * (long) i * 1_000_003L;
  }

  static double doubleValue(int i) {
    return i * 0.25 - 3.5;
  }

  static int fixed(int i) {
    return 0x9E3779B9 * i;
  }

  static final int SMALL_INTS = 64;
  static final int LONGS = 32;
  static final int DOUBLES = 16;

  // Deep.
  static final int DEPTH = 16;
}
