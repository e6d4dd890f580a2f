package io.bufproto.generator;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import io.bufproto.templates.EnumModel;
import io.bufproto.templates.FieldDoc;
import io.bufproto.templates.FieldModel;
import io.bufproto.templates.FieldNames;
import io.bufproto.templates.GeneratedMethods;
import io.bufproto.templates.Kind;
import io.bufproto.templates.MapModel;
import io.bufproto.templates.MessageModel;
import io.bufproto.templates.OneofModel;
import io.bufproto.templates.Presence;
import io.bufproto.templates.ScalarType;
import io.bufproto.templates.Trait;
import io.bufproto.templates.ValueModel;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns resolved descriptors into the models the templates render. Every decision about the emitted
 * code (names, presence, packing, enum openness, defaults, tags) is made here, once.
 */
final class ModelBuilder {

  private final FileDescriptor file;
  private final TypeNames names;
  private final boolean keepUnknown;
  private final Map<List<Integer>, String> comments = new HashMap<>();
  private final IdentityHashMap<Descriptor, Boolean> hasRequired = new IdentityHashMap<>();

  ModelBuilder(
      FileDescriptor file, SourceCodeInfo sourceInfo, TypeNames names, boolean keepUnknown) {
    this.file = file;
    this.names = names;
    this.keepUnknown = keepUnknown;
    for (SourceCodeInfo.Location loc : sourceInfo.getLocationList()) {
      String c =
          loc.getLeadingComments().isBlank() ? loc.getTrailingComments() : loc.getLeadingComments();
      if (!c.isBlank()) {
        comments.put(loc.getPathList(), c);
      }
    }
  }

  List<MessageModel> messages(boolean nested) {
    List<MessageModel> out = new ArrayList<>();
    List<Descriptor> types = file.getMessageTypes();
    for (int i = 0; i < types.size(); i++) {
      out.add(message(types.get(i), List.of(4, i), nested));
    }
    return out;
  }

  List<EnumModel> enums(boolean nested) {
    List<EnumModel> out = new ArrayList<>();
    List<EnumDescriptor> types = file.getEnumTypes();
    for (int i = 0; i < types.size(); i++) {
      out.add(enumModel(types.get(i), List.of(5, i), nested));
    }
    return out;
  }

  private GeneratorException error(String element, String reason) {
    return new GeneratorException(file.getName(), element, reason);
  }

  private String comment(List<Integer> path) {
    return comments.getOrDefault(path, "");
  }

  private static List<Integer> path(List<Integer> parent, int kind, int index) {
    List<Integer> p = new ArrayList<>(parent);
    p.add(kind);
    p.add(index);
    return p;
  }

  // ------------------------------------------------------------------ messages

  private MessageModel message(Descriptor d, List<Integer> path, boolean nested) {
    String simpleName = names.simpleName(d);
    checkTypeName(d.getFullName(), simpleName, d.getContainingType());

    List<EnumModel> enums = new ArrayList<>();
    for (int i = 0; i < d.getEnumTypes().size(); i++) {
      enums.add(enumModel(d.getEnumTypes().get(i), path(path, 4, i), true));
    }
    List<MessageModel> messages = new ArrayList<>();
    for (int i = 0; i < d.getNestedTypes().size(); i++) {
      Descriptor n = d.getNestedTypes().get(i);
      if (!n.getOptions().getMapEntry()) {
        messages.add(message(n, path(path, 3, i), true));
      }
    }

    List<FieldModel> fields = fields(d, path);
    List<OneofModel> oneofs = new ArrayList<>();
    for (OneofDescriptor o : d.getRealOneofs()) {
      String cap = Names.upperCamel(o.getName());
      List<FieldModel> members = new ArrayList<>();
      List<String> constants = new ArrayList<>();
      for (FieldDescriptor fd : o.getFields()) {
        members.add(fields.get(fd.getIndex()));
        constants.add(Names.identifier(Names.upperSnake(fd.getName())));
      }
      // LightProto names "no member" NOT_SET, protobuf-java TESTONEOF_NOT_SET (oneof test_oneof):
      // the enum constant takes LightProto's (so its switches compile and behave the same), a
      // constant field protobuf-java's (comparisons compile; case labels cannot,
      // docs/guide/from-protobuf-java.md).
      String javaName = cap.toUpperCase(Locale.ROOT) + "_NOT_SET";
      String notSet = constants.contains("NOT_SET") ? javaName : "NOT_SET";
      String alias = notSet.equals(javaName) || constants.contains(javaName) ? null : javaName;
      oneofs.add(
          new OneofModel(
              o.getName(), cap, caseField(o), cap + "Case", notSet, alias, members, constants));
    }

    int bits =
        (int) fields.stream().filter(f -> f.presence() != null && !f.presence().inOneof()).count();
    List<FieldModel> byNumber = new ArrayList<>(fields);
    byNumber.sort(Comparator.comparingInt(FieldModel::number));
    boolean lazyStrings =
        fields.stream().anyMatch(f -> f.kind() == Kind.STRING || f.kind() == Kind.REPEATED_STRING);
    boolean lazyValues =
        lazyStrings
            || fields.stream()
                .anyMatch(f -> f.kind() == Kind.BYTES || f.kind() == Kind.REPEATED_BYTES);
    boolean holdsMessages =
        fields.stream()
            .anyMatch(f -> f.isMessage() || (f.kind() == Kind.MAP && f.map().value().isMessage()));
    return new MessageModel(
        simpleName,
        d.getFullName(),
        comment(path),
        nested,
        fields,
        byNumber,
        oneofs,
        messages,
        enums,
        (bits + 31) / 32,
        lazyStrings,
        lazyValues,
        hasRequired(d),
        keepUnknown,
        d.getOptions().getMessageSetWireFormat(),
        holdsMessages,
        List.copyOf(d.toProto().getReservedNameList()),
        d.toProto().getExtensionRangeList().stream()
            .map(DescriptorProto.ExtensionRange::getStart)
            .sorted()
            .toList(),
        ExtensionModels.of(d.getExtensions(), names));
  }

  private void checkTypeName(String protoName, String simpleName, Descriptor container) {
    if (TypeNames.RESERVED.contains(simpleName)) {
      throw error(
          protoName,
          "the Java class name "
              + simpleName
              + " would shadow a class the generated code uses;"
              + " rename the type or set the prefix option");
    }
    for (Descriptor c = container; c != null; c = c.getContainingType()) {
      if (names.simpleName(c).equals(simpleName)) {
        throw error(
            protoName,
            "a Java class cannot be nested in a class of the same name (" + simpleName + ")");
      }
    }
  }

  /** Whether {@code d} or any message it contains (transitively) has a required field. */
  private boolean hasRequired(Descriptor d) {
    // A plain search over the types reachable from d, memoized per start type only: memoizing a
    // type met on a cycle before its search ended would record a wrong "no" (found by
    // SizeCacheProperties: groups.proto's Inner reaches Multi.key only through WithGroups).
    return hasRequired.computeIfAbsent(
        d, start -> reachesRequired(start, Collections.newSetFromMap(new IdentityHashMap<>())));
  }

  private static boolean reachesRequired(Descriptor d, Set<Descriptor> seen) {
    if (!seen.add(d)) {
      return false;
    }
    for (FieldDescriptor fd : d.getFields()) {
      if (fd.isRequired()
          || (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE
              && reachesRequired(fd.getMessageType(), seen))) {
        return true;
      }
    }
    return false;
  }

  // ------------------------------------------------------------------ fields

  /**
   * The fields of {@code d} (declaration order), named clash-free: oneof accessors and the fixed
   * message methods are claimed first; a field whose methods would clash with anything claimed
   * before it gets its field number appended to its names.
   *
   * @param path the message's path in the file's source info, for the fields' comments
   */
  List<FieldModel> fields(Descriptor d, List<Integer> path) {
    Set<String> used = new HashSet<>(GeneratedMethods.MESSAGE);
    used.addAll(GeneratedMethods.INHERITED);
    used.addAll(GeneratedMethods.RESERVED);
    for (OneofDescriptor o : d.getRealOneofs()) {
      if (!claim(used, GeneratedMethods.oneof(Names.upperCamel(o.getName())))) {
        throw new GeneratorException(
            d.getFile().getName(),
            o.getFullName(),
            "oneof accessors clash with another oneof of " + d.getFullName());
      }
    }
    List<FieldModel> out = new ArrayList<>();
    int bit = 0;
    for (int i = 0; i < d.getFields().size(); i++) {
      FieldDescriptor fd = d.getFields().get(i);
      Presence presence = null;
      OneofDescriptor oneof = fd.getRealContainingOneof();
      if (oneof != null) {
        presence = Presence.oneof(caseField(oneof), fd.getNumber());
      } else if (!fd.isRepeated()) {
        presence = Presence.bit(bit++);
      }
      String comment = comment(path(path, 2, i));
      FieldModel f = field(fd, presence, names(fd, ""), comment);
      if (!claim(used, GeneratedMethods.field(f))) {
        f = field(fd, presence, names(fd, String.valueOf(fd.getNumber())), comment);
        if (!claim(used, GeneratedMethods.field(f))) {
          throw new GeneratorException(
              d.getFile().getName(),
              fd.getFullName(),
              "accessor names clash even after adding the field number");
        }
      }
      out.add(f);
    }
    return out;
  }

  /** The int field holding the set member's number of oneof {@code o}. */
  private static String caseField(OneofDescriptor o) {
    return "_" + Names.lowerFirst(Names.upperCamel(o.getName())) + "Case";
  }

  /** The names of {@code fd}, each accessor base name followed by {@code suffix}. */
  private static FieldNames names(FieldDescriptor fd, String suffix) {
    String cap = Names.upperCamel(fd.getName());
    boolean list = fd.isRepeated() && !fd.isMapField();
    String one = list ? Names.singular(cap) : cap;
    String many = list ? Names.plural(cap) : cap;
    return new FieldNames(
        fd.getName(),
        cap + suffix,
        one + suffix,
        many + suffix,
        Names.lowerFirst(cap + suffix) + "_");
  }

  private FieldModel field(
      FieldDescriptor fd, Presence presence, FieldNames names, String comment) {
    Kind kind = kind(fd);
    ScalarType type = scalarType(fd);
    Set<Trait> traits = valueTraits(fd, type);
    if (!fd.isRepeated() && fd.hasPresence()) {
      traits.add(Trait.EXPLICIT_PRESENCE);
    }
    if (fd.isRequired()) {
      traits.add(Trait.REQUIRED);
    }
    if (fd.isRepeated() && type != null && type.packable() && fd.isPacked()) {
      traits.add(Trait.PACKED);
    }
    if (type == ScalarType.STRING && fd.needsUtf8Check()) {
      traits.add(Trait.VERIFY_UTF8);
    }
    if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE
        && !fd.isMapField()
        && hasRequired(fd.getMessageType())) {
      traits.add(Trait.CHILD_REQUIRED);
    }
    String defaultValue = fd.isRepeated() || type == null ? "null" : Defaults.literal(fd, type);
    ValueModel value =
        new ValueModel(
            type, javaType(fd, type), defaultValue, fd.getNumber(), tag(fd, type), traits);
    MapModel map = null;
    if (kind == Kind.MAP) {
      map =
          new MapModel(
              mapPart(fd.getMessageType().findFieldByNumber(1)),
              mapPart(fd.getMessageType().findFieldByNumber(2)));
    }
    return new FieldModel(
        kind,
        names,
        value,
        presence,
        new FieldDoc(comment, Declarations.of(fd)),
        map,
        FieldFormats.of(fd, this.names));
  }

  /** The key or value of a map entry: an eager value. */
  private ValueModel mapPart(FieldDescriptor fd) {
    ScalarType type = scalarType(fd);
    Set<Trait> traits = valueTraits(fd, type);
    // protobuf-java parses map entries strictly: string keys and values are validated even in
    // proto2 (checked by EvolutionProperties.utf8IsValidatedExactlyWhereProtobufJavaValidatesIt).
    if (type == ScalarType.STRING) {
      traits.add(Trait.VERIFY_UTF8);
    }
    if (type == null && hasRequired(fd.getMessageType())) {
      traits.add(Trait.CHILD_REQUIRED);
    }
    String defaultValue = type == null ? "null" : Defaults.zero(type);
    return new ValueModel(
        type, javaType(fd, type), defaultValue, fd.getNumber(), tag(fd, type), traits);
  }

  /** The traits a field and a map entry's part decide alike: group encoding, enum openness. */
  private static Set<Trait> valueTraits(FieldDescriptor fd, ScalarType type) {
    Set<Trait> traits = EnumSet.noneOf(Trait.class);
    if (fd.getType() == FieldDescriptor.Type.GROUP) {
      traits.add(Trait.GROUP);
    }
    if (type == ScalarType.ENUM && !fd.legacyEnumFieldTreatedAsClosed()) {
      traits.add(Trait.OPEN_ENUM);
    }
    return traits;
  }

  private static boolean claim(Set<String> used, List<String> methods) {
    for (String m : methods) {
      if (used.contains(m)) {
        return false;
      }
    }
    used.addAll(methods);
    return true;
  }

  private static Kind kind(FieldDescriptor fd) {
    if (fd.isMapField()) {
      return Kind.MAP;
    }
    return switch (fd.getJavaType()) {
      case MESSAGE -> fd.isRepeated() ? Kind.REPEATED_MESSAGE : Kind.MESSAGE;
      case STRING -> fd.isRepeated() ? Kind.REPEATED_STRING : Kind.STRING;
      case BYTE_STRING -> fd.isRepeated() ? Kind.REPEATED_BYTES : Kind.BYTES;
      case INT, LONG, FLOAT, DOUBLE, BOOLEAN, ENUM ->
          fd.isRepeated() ? Kind.REPEATED_SCALAR : Kind.SCALAR;
    };
  }

  /** The type-table row of a field; {@code null} for messages and groups. No default branch. */
  static ScalarType scalarType(FieldDescriptor fd) {
    return switch (fd.getType()) {
      case DOUBLE -> ScalarType.DOUBLE;
      case FLOAT -> ScalarType.FLOAT;
      case INT64 -> ScalarType.INT64;
      case UINT64 -> ScalarType.UINT64;
      case INT32 -> ScalarType.INT32;
      case FIXED64 -> ScalarType.FIXED64;
      case FIXED32 -> ScalarType.FIXED32;
      case BOOL -> ScalarType.BOOL;
      case STRING -> ScalarType.STRING;
      case BYTES -> ScalarType.BYTES;
      case UINT32 -> ScalarType.UINT32;
      case ENUM -> ScalarType.ENUM;
      case SFIXED32 -> ScalarType.SFIXED32;
      case SFIXED64 -> ScalarType.SFIXED64;
      case SINT32 -> ScalarType.SINT32;
      case SINT64 -> ScalarType.SINT64;
      case MESSAGE, GROUP -> null;
    };
  }

  private String javaType(FieldDescriptor fd, ScalarType type) {
    if (type == null) {
      return names.qualified(fd.getMessageType());
    }
    if (type == ScalarType.ENUM) {
      return names.qualified(fd.getEnumType());
    }
    return type.javaType();
  }

  private static int tag(FieldDescriptor fd, ScalarType type) {
    int wire = fd.getType() == FieldDescriptor.Type.GROUP ? 3 : type == null ? 2 : type.wireType();
    return (fd.getNumber() << 3) | wire;
  }

  // ------------------------------------------------------------------ enums

  private EnumModel enumModel(EnumDescriptor e, List<Integer> path, boolean nested) {
    String simpleName = names.simpleName(e);
    checkTypeName(e.getFullName(), simpleName, e.getContainingType());
    List<EnumModel.Value> values = new ArrayList<>();
    List<EnumModel.Value> aliases = new ArrayList<>();
    List<EnumModel.Value> declared = new ArrayList<>();
    Map<Integer, String> canonical = new HashMap<>();
    for (int i = 0; i < e.getValues().size(); i++) {
      EnumValueDescriptor v = e.getValues().get(i);
      String name = Names.identifier(v.getName());
      if (!e.isClosed() && name.equals("UNRECOGNIZED")) {
        throw error(v.getFullName(), "UNRECOGNIZED is reserved in open enums");
      }
      String c = comment(path(path, 2, i));
      String first = canonical.putIfAbsent(v.getNumber(), name);
      EnumModel.Value value = new EnumModel.Value(name, v.getNumber(), c, first, v.getName());
      (first == null ? values : aliases).add(value);
      declared.add(value);
    }
    return new EnumModel(
        simpleName,
        e.getFullName(),
        comment(path),
        nested,
        values,
        aliases,
        !e.isClosed(),
        declared);
  }
}
