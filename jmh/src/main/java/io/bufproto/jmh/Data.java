package io.bufproto.jmh;

/** The values every library fills its copy of a shape with, so the three encodings are equal. */
final class Data {
  private Data() {}

  // Pulsar MessageMetadata, as a producer with batching and replication sends it.
  private static final String PRODUCER = "pulsar-standalone-12-345";
  static final long SEQUENCE_ID = 123_456_789_012L;
  static final long PUBLISH_TIME = 1_764_000_000_000L;
  static final long EVENT_TIME = 1_764_000_000_123L;
  private static final String[][] PROPERTIES = {
    {"application", "billing"},
    {"region", "eu-west-1"},
    {"trace-id", "4bf92f3577b34da6a3ce929d0e0e4736"}
  };
  private static final String PARTITION_KEY = "customer-8731";
  private static final String[] REPLICATE_TO = {"us-east", "eu-central"};
  static final int UNCOMPRESSED_SIZE = 2048;
  static final int BATCH = 10;

  // BaseCommand carrying a CommandSend.
  static final long PRODUCER_ID = 17;

  // Simple: a frame.
  private static final String FRAME_NAME = "frame-0042";
  static final int[][] PATH = {{-3, 7, 0}, {120, -45, 9}, {70_000, 1, -1}, {0, 0, 300}};

  // AddressBook.
  private static final String[][] PEOPLE = {
    {"Ada Lovelace", "ada@example.org", "+44 20 7946 0001", "+44 20 7946 0002"},
    {"Alan Turing", "alan@example.org", "+44 161 496 0003", ""},
    {"Grace Hopper", "", "+1 202 555 0104", "+1 202 555 0105"},
  };

  // Strings.
  private static final String TOPIC = "persistent://public/default/orders-partition-3";
  private static final String SUBSCRIPTION = "analytics-subscription";
  private static final String[] ASCII = {
    "alpha", "bravo-charlie", "delta.echo.foxtrot", "golf/hotel/india/juliet",
    "kilo_lima_mike_november", "oscar", "papa-quebec-romeo-sierra-tango", "uniform victor whiskey"
  };
  private static final String[] UNICODE = {
    "Grüße aus Köln", "日本語のテキスト", "Привет, мир", "emoji 🙂 ok"
  };
  private static final String LONG_ASCII =
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

  // Every string a fill uses comes in COPIES equal but distinct String objects, and each
  // *_fillSerialize benchmark takes the next copy (next()): C2 folds the UTF-8 scan of a literal,
  // and a library that remembers the last String it was given skips the scan of the same object;
  // an application's strings allow neither. LightProto's own suite fills from literals.
  private static final int COPIES = 8;
  private static int turn;

  /** Moves every accessor below to the next copy of its value. */
  static void next() {
    turn = (turn + 1) & (COPIES - 1);
  }

  private static String[] copy(String... values) {
    return java.util.Arrays.stream(values)
        .map(v -> new String(v.toCharArray()))
        .toArray(String[]::new);
  }

  private static String[] copies(String s) {
    String[] c = new String[COPIES];
    for (int i = 0; i < COPIES; i++) {
      c[i] = copy(s)[0];
    }
    return c;
  }

  private static String[][] copies(String[] a) {
    String[][] c = new String[COPIES][];
    for (int i = 0; i < COPIES; i++) {
      c[i] = copy(a);
    }
    return c;
  }

  private static String[][][] copies(String[][] a) {
    String[][][] c = new String[COPIES][][];
    for (int i = 0; i < COPIES; i++) {
      c[i] = java.util.Arrays.stream(a).map(Data::copy).toArray(String[][]::new);
    }
    return c;
  }

  private static final String[] PRODUCER_COPIES = copies(PRODUCER);

  static String producer() {
    return PRODUCER_COPIES[turn];
  }

  private static final String[][][] PROPERTIES_COPIES = copies(PROPERTIES);

  static String[][] properties() {
    return PROPERTIES_COPIES[turn];
  }

  private static final String[] PARTITION_KEY_COPIES = copies(PARTITION_KEY);

  static String partitionKey() {
    return PARTITION_KEY_COPIES[turn];
  }

  private static final String[][] REPLICATE_TO_COPIES = copies(REPLICATE_TO);

  static String[] replicateTo() {
    return REPLICATE_TO_COPIES[turn];
  }

  private static final String[] FRAME_NAME_COPIES = copies(FRAME_NAME);

  static String frameName() {
    return FRAME_NAME_COPIES[turn];
  }

  private static final String[][][] PEOPLE_COPIES = copies(PEOPLE);

  static String[][] people() {
    return PEOPLE_COPIES[turn];
  }

  private static final String[] TOPIC_COPIES = copies(TOPIC);

  static String topic() {
    return TOPIC_COPIES[turn];
  }

  private static final String[] SUBSCRIPTION_COPIES = copies(SUBSCRIPTION);

  static String subscription() {
    return SUBSCRIPTION_COPIES[turn];
  }

  private static final String[][] ASCII_COPIES = copies(ASCII);

  static String[] ascii() {
    return ASCII_COPIES[turn];
  }

  private static final String[][] UNICODE_COPIES = copies(UNICODE);

  static String[] unicode() {
    return UNICODE_COPIES[turn];
  }

  private static final String[] LONG_ASCII_COPIES = copies(LONG_ASCII);

  static String longAscii() {
    return LONG_ASCII_COPIES[turn];
  }
}
