package io.bufproto.templates;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

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
 * @param lazyStrings whether some string field records offsets into {@code _source}
 * @param lazyValues whether some string or bytes field records offsets into {@code _source}
 * @param checkInit whether this type, or a type it contains, has required fields
 * @param keepUnknown whether unknown fields are kept in {@code _unknown} and written back
 * @param messageSet whether the type has {@code option message_set_wire_format = true}: it has no
 *     fields, only extensions, kept (like unknown fields) in MessageSet's item form
 * @param holdsMessages whether some field holds messages (singular, repeated or map values): the
 *     class is then a {@code MessageParent} its sub-messages report changes to
 * @param reservedNames the field names the type reserves ({@code reserved "foo";}): the text format
 *     skips a value given under one
 * @param extensionStarts the first number of each extension range ({@code extensions 100 to 199;}),
 *     ascending; empty if the type is not extendable
 * @param extensions the extensions declared inside this type ({@code extend} in its body), its
 *     class's constants
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
    boolean lazyValues,
    boolean checkInit,
    boolean keepUnknown,
    boolean messageSet,
    boolean holdsMessages,
    List<String> reservedNames,
    List<Integer> extensionStarts,
    List<ExtensionModel> extensions) {

  /**
   * Whether the class has extension accessors and keeps extensions among its fields: the type
   * declares extension ranges, keeps unknown fields (where extension values live) and is not a
   * MessageSet (whose extensions stay in item form).
   */
  public boolean extendable() {
    return !extensionStarts.isEmpty() && keepUnknown && !messageSet;
  }

  /**
   * Whether {@code _parse} keeps where each field starts ({@code _at}), for its failure handler to
   * tell a value that ran past its own field's length prefix (a truncation there, as protobuf-java
   * reports it) from a malformed one: only where a field's value is read inside its length prefix
   * by readers bounded by the buffer alone, a packed run (any repeated number), a map entry or an
   * extension. Elsewhere the store per field is not made (docs/design/parse-checks.md).
   */
  public boolean keepsFieldStart() {
    return extendable()
        || messageSet
        || fields.stream().anyMatch(f -> f.kind() == Kind.REPEATED_SCALAR || f.kind() == Kind.MAP);
  }

  /** The lowest extension number the write puts after the last field (see {@link FieldGroup}). */
  public int extensionsAfterFields() {
    return fieldsByNumber.isEmpty()
        ? 1
        : fieldsByNumber.get(fieldsByNumber.size() - 1).number() + 1;
  }

  /** The schema builder's call that lists {@link #reservedNames}, or empty if there are none. */
  public String reservedCall() {
    if (reservedNames.isEmpty()) {
      return "";
    }
    return ".reserved("
        + String.join(", ", reservedNames.stream().map(FieldFormat::quote).toList())
        + ")";
  }

  /**
   * Whether some field holds more than a number (a repeated one keeps an array), which a release
   * drops ({@code _releaseFields}); without one, the class inherits the no-op.
   */
  public boolean releasesFields() {
    return fields.stream().anyMatch(f -> f.kind() != Kind.SCALAR);
  }

  /**
   * Whether some field holds lazy values or messages, which {@code materialize()} decodes or visits
   * ({@code _materializeFields}); without one, the class inherits the no-op.
   */
  public boolean materializesFields() {
    return fields.stream()
        .anyMatch(f -> f.kind() != Kind.SCALAR && f.kind() != Kind.REPEATED_SCALAR);
  }

  /**
   * Whether some string field is not checked for valid UTF-8 (proto2): {@code materialize()} keeps
   * the bytes of a malformed one in a copy ({@code _keepMalformed}).
   */
  public boolean keepsMalformed() {
    return fields.stream()
        .anyMatch(
            f -> (f.kind() == Kind.STRING || f.kind() == Kind.REPEATED_STRING) && !f.checkUtf8());
  }

  /** Whether some field holds bytes (singular or repeated): they read {@code _valueBuffer}. */
  public boolean bytesFields() {
    return fields.stream().anyMatch(f -> f.kind() == Kind.BYTES || f.kind() == Kind.REPEATED_BYTES);
  }

  /**
   * Conditions true when a required field is unset: one mask comparison per presence word, so that
   * {@code _write} (which tests them before its fields) and {@code isInitialized()} cost one test
   * per word, not one per required field. Required fields are never oneof members.
   */
  public List<String> requiredMissing() {
    return requiredMasks("!=");
  }

  /** The required fields' masks per presence word, as {@code (word & mask) <op> mask}. */
  private List<String> requiredMasks(String op) {
    Map<String, Integer> masks = new LinkedHashMap<>();
    for (FieldModel f : fields) {
      if (f.required()) {
        masks.merge(f.presence().word(), f.presence().mask(), (a, b) -> a | b);
      }
    }
    return masks.entrySet().stream()
        .map(
            e ->
                String.format(
                    "(%s & 0x%08x) %s 0x%08x", e.getKey(), e.getValue(), op, e.getValue()))
        .toList();
  }

  /**
   * Whether {@code f} is a singular message field, with a presence bit, whose type has required
   * fields: {@link #childChecks} tests those, not the field's own {@code INIT} hook.
   */
  public static boolean checkedByBits(FieldModel f) {
    return f.kind() == Kind.MESSAGE
        && f.checkInit()
        && f.presence() != null
        && !f.presence().inOneof();
  }

  /**
   * The {@link #checkedByBits} fields per presence word, for {@code isInitialized()}: a word with
   * many of them is walked over its set bits only, so a message with many optional children of
   * which one is set (Pulsar's {@code BaseCommand}: ~50) makes one test, not one per field; a word
   * with a few ({@link ChildCheck#walked}) tests each field's bit in line.
   */
  public List<ChildCheck> childChecks() {
    Map<String, ChildCheck> byWord = new LinkedHashMap<>();
    for (FieldModel f : fields) {
      if (checkedByBits(f)) {
        Presence p = f.presence();
        ChildCheck c =
            byWord.computeIfAbsent(p.word(), w -> new ChildCheck(w, new java.util.ArrayList<>()));
        c.fields().add(f);
      }
    }
    return List.copyOf(byWord.values());
  }

  /** One presence word's {@link #checkedByBits} fields; see {@link #childChecks}. */
  public record ChildCheck(String word, List<FieldModel> fields) {

    /** The bits of {@link #fields} in {@link #word}. */
    public String mask() {
      int mask = 0;
      for (FieldModel f : fields) {
        mask |= f.presence().mask();
      }
      return String.format("0x%08x", mask);
    }

    /** Whether the bits are walked (a loop and a switch) rather than tested one by one. */
    public boolean walked() {
      return fields.size() > 2;
    }

    /** The bit number of {@code f} in its word, the case label of its test. */
    public static int bit(FieldModel f) {
      return Integer.numberOfTrailingZeros(f.presence().mask());
    }
  }

  /** Whether this message has required fields of its own ({@code _parsed} tests them). */
  public boolean requiredOwn() {
    return !requiredMissing().isEmpty();
  }

  /**
   * The statement that ends every parse of this message: {@code Reuse.PARSED} stored, and for a
   * type with required fields of its own, a call of {@code _parsed}, which reports a missing one to
   * the parse. A parent reports nothing for its children: each child's parse reports its own, so
   * that the walk of {@code isInitialized()} runs only when something is missing
   * (docs/design/parse-checks.md).
   */
  public String parseEnd() {
    return requiredOwn()
        ? "_parsed(_src);"
        : "_cachedSize = io.bufproto.api.internal.Reuse.PARSED;";
  }

  /**
   * The statements that end {@code f}'s arm in the {@code hook} parse's switch. In the eager parse
   * ({@link Hook#PARSE}) they read the next tag, and fall through to the next arm when that tag is
   * the one of the field protobuf-java writes next (the next by number, in its encoding); a
   * repeated field, or the last, goes back to the switch. In the lazy and projected parse, whose
   * loop reads the tags, a {@code break}.
   */
  public String parseTail(FieldModel f, Hook hook) {
    if (hook != Hook.PARSE) {
      return "break;";
    }
    int i = fieldsByNumber.indexOf(f);
    boolean repeated =
        f.kind() != Kind.SCALAR
            && f.kind() != Kind.STRING
            && f.kind() != Kind.BYTES
            && f.kind() != Kind.MESSAGE;
    if (repeated || i + 1 == fieldsByNumber.size()) {
      return parseAltTail();
    }
    FieldModel next = fieldsByNumber.get(i + 1);
    int nextTag =
        next.kind() == Kind.REPEATED_SCALAR && next.packed()
            ? next.value().packedTag()
            : next.tag();
    return fieldStart()
        + "if ((_tag = io.bufproto.api.internal.ProtoReads.nextTag(_buf, _in, _end)) != "
        + nextTag
        + ") {\nbreak;\n}";
  }

  /** {@link #parseTail} of an arm that always goes back to the switch. */
  public String parseAltTail() {
    return fieldStart()
        + "_tag = io.bufproto.api.internal.ProtoReads.nextTag(_buf, _in, _end);\nbreak;";
  }

  /** The statement that records where the next field starts ({@link #keepsFieldStart}), or none. */
  public String fieldStart() {
    return keepsFieldStart()
        ? "_at = io.bufproto.api.internal.ProtoReads.position(_buf, _in);\n"
        : "";
  }

  /** {@link #fieldsByNumber} in runs the size and write passes skip with one presence test. */
  public List<FieldGroup> fieldGroups() {
    return FieldGroup.of(fieldsByNumber, extendable() ? extensionStarts : List.of());
  }

  /**
   * A field's number as a class constant, named as protobuf-java names it ({@code
   * PRODUCER_NAME_FIELD_NUMBER}).
   */
  public record NumberConstant(String name, FieldModel field) {}

  /**
   * The constants of {@link #fieldsByNumber}: the upper-cased {@code .proto} name and {@code
   * _FIELD_NUMBER}; of two fields whose names differ only in case, the later one (by number) ends
   * in its number too ({@code FOO_FIELD_NUMBER_7}), where protobuf-java's classes would not
   * compile.
   */
  public List<NumberConstant> numberConstants() {
    Set<String> taken = new HashSet<>();
    return fieldsByNumber.stream()
        .map(
            f -> {
              String name = f.protoName().toUpperCase(Locale.ROOT) + "_FIELD_NUMBER";
              return new NumberConstant(taken.add(name) ? name : name + "_" + f.number(), f);
            })
        .toList();
  }
}
