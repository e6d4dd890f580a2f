package io.bufproto.templates;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one list of the method names a generated message class declares: the fixed ones every message
 * may have, and those each field and oneof adds. The generator reserves them to keep accessors from
 * clashing; {@code GeneratedMethodsTest} (module-tests) checks them against the methods the suite's
 * generated classes really declare, so a template that adds a method must add it here.
 */
public final class GeneratedMethods {

  /**
   * Names every message class may declare whatever its fields (some only when it needs them, such
   * as {@code _findMissing} for types with required fields), and {@code Object}'s own. The
   * generator reserves them, {@link #INHERITED} and {@link #RESERVED}.
   */
  public static final Set<String> MESSAGE =
      Set.of(
          "_parseFields",
          "_oneofAsked",
          "_oneofReadAfter",
          "clear",
          "copyFrom",
          "isInitialized",
          "equals",
          "hashCode",
          "toString",
          "getClass",
          "notify",
          "notifyAll",
          "wait",
          "finalize",
          "clone",
          "_parse",
          "_parsed",
          "_computeSize",
          "_write",
          "_clearFields",
          "_releaseFields",
          "_materializeFields",
          "_keepMalformed",
          "_findMissing",
          "_childChanged",
          "_changed",
          "schema",
          "_schema",
          "_summary",
          "_valueBuffer",
          "_endExtensions");

  /**
   * The public and protected methods of {@code io.bufproto.api.message.GeneratedMessage}, which
   * every message class extends: reserved from fields like {@link #MESSAGE} ({@code
   * GeneratedMethodsTest} checks this list against the class).
   */
  public static final Set<String> INHERITED =
      Set.of(
          "_setParent",
          "_forgetSize",
          "_childChanged",
          "_dropped",
          "parseFrom",
          "parseDelimitedFrom",
          "retainParsedBuffers",
          "lazyParsing",
          "parseFields",
          "_parse",
          "_parseFields",
          "_parseField",
          "_deferred",
          "_ensure",
          "getSerializedSize",
          "_cachedSize",
          "writeTo",
          "writeDelimitedTo",
          "_asReceived",
          "_writeAsReceived",
          "_partialBytes",
          "toByteArray",
          "_clearMessage",
          "_release",
          "_unsetValue",
          "_clear",
          "_copyBegin",
          "_copyEnd",
          "materialize",
          "_checkInitialized",
          "_computeSize",
          "_clearFields",
          "_releaseFields",
          "_materializeFields",
          "_keepMalformed",
          "_summary",
          "_findMissing",
          "isInitialized",
          "toString",
          "toTextFormat",
          "parseFromTextFormat",
          "toJson",
          "parseFromJson");

  /**
   * Names no class declares, kept from fields all the same: protobuf-java's {@code
   * getUnknownFields()}, which a field {@code unknown_fields} gets renamed away from in
   * protobuf-java too, so that an accessor of that name can come later without renaming fields; and
   * the default methods every class inherits from {@code ProtoMessage}.
   */
  public static final Set<String> RESERVED =
      Set.of(
          "getUnknownFields",
          "writeDelimitedTo",
          "parseDelimitedFrom",
          "toTextFormat",
          "parseFromTextFormat",
          "toJson",
          "parseFromJson");

  /**
   * The extension accessors an extendable message declares ({@code extensionAccessors.jte}). Not
   * claimed from fields: each takes an {@code Extension} argument, so a field named {@code
   * extension} keeps its {@code getExtension()} beside them as an overload.
   */
  public static final Set<String> EXTENDABLE =
      Set.of(
          "hasExtension",
          "getExtension",
          "getExtensionCount",
          "setExtension",
          "addExtension",
          "clearExtension");

  private GeneratedMethods() {}

  /** The methods of a oneof whose accessor name is {@code cap}. */
  public static List<String> oneof(String cap) {
    return List.of("get" + cap + "Case", "clear" + cap);
  }

  /** The methods {@code f} declares, as its template (under {@code fields/}) emits them. */
  public static List<String> field(FieldModel f) {
    String cap = f.cap();
    String one = f.capSingular();
    String many = f.capPlural();
    List<String> m = new ArrayList<>();
    switch (f.kind()) {
      case SCALAR -> {
        m.addAll(List.of("get" + cap, "set" + cap, "clear" + cap));
        if (f.type() == ScalarType.BOOL) {
          m.add("is" + cap);
        }
        if (f.enumOpen()) {
          m.addAll(List.of("get" + cap + "Value", "set" + cap + "Value"));
        }
      }
      case STRING -> m.addAll(List.of("get" + cap, "set" + cap, "clear" + cap));
      case MESSAGE -> m.addAll(List.of("get" + cap, "set" + cap, "clear" + cap, "_into" + cap));
      case BYTES ->
          m.addAll(
              List.of(
                  "get" + cap,
                  "set" + cap,
                  "clear" + cap,
                  "get" + cap + "Size",
                  "get" + cap + "Slice"));
      case REPEATED_SCALAR -> {
        m.addAll(repeated(f, "_add" + cap, "_append" + cap, "addAll" + many));
        if (f.isEnum()) {
          m.add("get" + one + "ValueAt");
        }
        if (f.enumOpen()) {
          m.add("add" + one + "Value");
        }
      }
      case REPEATED_STRING -> m.addAll(repeated(f, "_add" + cap, "_append" + cap, "addAll" + many));
      case REPEATED_BYTES ->
          m.addAll(
              repeated(
                  f,
                  "_add" + cap,
                  "_append" + cap,
                  "get" + one + "SizeAt",
                  "get" + one + "SliceAt"));
      case REPEATED_MESSAGE -> m.addAll(repeated(f, "addAll" + many));
      case MAP -> {
        m.addAll(
            List.of(
                "get" + cap + "Count",
                "contains" + cap,
                "get" + cap,
                "get" + cap + "OrDefault",
                "put" + cap,
                "get" + cap + "Map",
                "forEach" + cap,
                "remove" + cap,
                "clear" + cap,
                "_map" + cap,
                "_get" + cap,
                "_find" + cap));
        if (f.map().value().isEnum()) {
          m.addAll(List.of("put" + cap + "Value", "_enum" + cap));
        }
        if (f.map().value().isMessage()) {
          m.add("_spare" + cap);
        }
      }
    }
    if (f.explicitPresence()) {
      m.add("has" + cap);
    }
    return m;
  }

  /** The methods every repeated field declares, then {@code more}. */
  private static List<String> repeated(FieldModel f, String... more) {
    List<String> m = new ArrayList<>();
    m.addAll(
        List.of(
            "get" + f.capPlural() + "Count",
            "get" + f.capSingular() + "At",
            "add" + f.capSingular(),
            "get" + f.capPlural() + "List",
            "clear" + f.cap()));
    m.addAll(List.of(more));
    return m;
  }
}
