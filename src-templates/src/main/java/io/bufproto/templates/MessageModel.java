package io.bufproto.templates;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message type, ready to render.
 *
 * @param simpleName the Java class name
 * @param protoFullName the fully qualified protobuf name (for toString and error messages)
 * @param comment the {@code .proto} comment, or empty
 * @param nested whether the class is nested (gets {@code static})
 * @param fields all fields in declaration order (oneof members included)
 * @param fieldsByNumber the same fields in field-number order: the order protobuf-java writes
 * @param oneofs the real oneofs
 * @param messages nested message types (map entry types excluded)
 * @param enums nested enum types
 * @param bitWords how many {@code int} presence words ({@code _bits0} ...) the class needs
 * @param lazyStrings whether some string field records offsets into {@code _buffer}
 * @param checkInit whether this type, or a type it contains, has required fields
 * @param keepUnknown whether unknown fields are kept in {@code _unknown} and written back
 * @param holdsMessages whether some field holds messages (singular, repeated or map values): the
 *     class is then a {@code MessageParent} its sub-messages report changes to
 */
public record MessageModel(
    String simpleName,
    String protoFullName,
    String comment,
    boolean nested,
    List<FieldModel> fields,
    List<FieldModel> fieldsByNumber,
    List<OneofModel> oneofs,
    List<MessageModel> messages,
    List<EnumModel> enums,
    int bitWords,
    boolean lazyStrings,
    boolean checkInit,
    boolean keepUnknown,
    boolean holdsMessages) {

  /**
   * Conditions true when a required field is unset: one mask comparison per presence word, so
   * that {@code isInitialized()} (run by every write after a change) costs one test per word,
   * not one per required field. Required fields are never oneof members.
   */
  public List<String> requiredMissing() {
    Map<String, Integer> masks = new LinkedHashMap<>();
    for (FieldModel f : fields) {
      if (f.required()) {
        masks.merge(f.presence().word(), f.presence().mask(), (a, b) -> a | b);
      }
    }
    return masks.entrySet().stream()
        .map(e -> String.format("(%s & 0x%08x) != 0x%08x", e.getKey(), e.getValue(), e.getValue()))
        .toList();
  }

  /** {@link #fieldsByNumber} in runs the size and write passes skip with one presence test. */
  public List<FieldGroup> fieldGroups() {
    return FieldGroup.of(fieldsByNumber);
  }
}
