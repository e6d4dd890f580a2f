package io.bufproto.templates;

import java.util.ArrayList;
import java.util.List;

/**
 * A run of fields, in field-number order, that the size and write passes can skip with one test:
 * consecutive fields whose presence bits lie in the same {@code _bitsN} word. A sparse message
 * (Pulsar's {@code BaseCommand}: a type and one of ~50 optional commands) then pays one test per
 * group instead of one per field; a dense one pays one extra test per group.
 *
 * @param guard the expression that is false when no field of the group is set, or {@code null} when
 *     the group is too small to be worth a test (the fields are then rendered unwrapped)
 * @param fields the fields, in field-number order
 * @param extensionsBefore for an extendable message, the lowest extension number the write puts
 *     before this group's fields (the one after the previous group's last field), when an extension
 *     range lies between them; else 0. The extensions below the group's first field are written
 *     there, as protobuf-java's {@code extensionWriter.writeUntil} does.
 */
public record FieldGroup(String guard, List<FieldModel> fields, int extensionsBefore) {

  /**
   * At most this many fields share a guard: small enough that a set field costs few extra tests.
   */
  static final int MAX = 8;

  /** Groups smaller than this get no guard: the test would cost more than it skips. */
  static final int MIN = 3;

  /**
   * Splits {@code byNumber} into groups; concatenated, they are {@code byNumber} in order. A group
   * also starts where one of {@code extensionStarts} (the first numbers of the extension ranges)
   * lies between two fields.
   */
  public static List<FieldGroup> of(List<FieldModel> byNumber, List<Integer> extensionStarts) {
    List<FieldGroup> groups = new ArrayList<>();
    List<FieldModel> run = new ArrayList<>();
    int runExtensions = 0;
    int previous = 0;
    for (FieldModel f : byNumber) {
      int low = previous;
      boolean extensions = extensionStarts.stream().anyMatch(s -> s > low && s < f.number());
      if (!run.isEmpty() && (run.size() == MAX || !sameWord(run.get(0), f) || extensions)) {
        groups.add(group(run, runExtensions));
        run = new ArrayList<>();
        runExtensions = 0;
      }
      if (extensions) {
        runExtensions = previous + 1;
      }
      run.add(f);
      previous = f.number();
    }
    if (!run.isEmpty()) {
      groups.add(group(run, runExtensions));
    }
    return groups;
  }

  private static boolean sameWord(FieldModel first, FieldModel f) {
    return bit(first) && bit(f) && first.presence().word().equals(f.presence().word());
  }

  private static boolean bit(FieldModel f) {
    return f.presence() != null && !f.presence().inOneof();
  }

  private static FieldGroup group(List<FieldModel> run, int extensionsBefore) {
    if (run.size() < MIN || !bit(run.get(0))) {
      return new FieldGroup(null, run, extensionsBefore);
    }
    int mask = 0;
    for (FieldModel f : run) {
      mask |= f.presence().mask();
    }
    Presence any = new Presence(run.get(0).presence().word(), mask, 0);
    return new FieldGroup(any.test(""), run, extensionsBefore);
  }
}
