package io.bufproto.generator;

import java.util.Locale;

/**
 * Options passed the protoc way ({@code --bufproto_opt=key=value,key=value} or the parameter of a
 * plugin in a build tool).
 *
 * @param prefix prepended to every top-level class name ({@code prefix=Lp})
 * @param javaPackage replaces the package of every generated class ({@code package=com.acme.wire})
 * @param outerClass {@code null} for one class per top-level type (the default); otherwise the name
 *     of one holder class per {@code .proto} file, empty to derive it from the file name ({@code
 *     outer_class=true} or {@code outer_class=Name})
 * @param keepUnknownFields whether unknown fields are kept and written back (the default,
 *     protobuf-java's behaviour) or skipped ({@code unknown_fields=drop}, LightProto's)
 * @param grpc whether each {@code service} gets a gRPC class ({@code grpc=true}; it needs {@code
 *     bufproto-grpc} and grpc-java's {@code grpc-stub} to compile)
 */
public record GeneratorOptions(
    String prefix, String javaPackage, String outerClass, boolean keepUnknownFields, boolean grpc) {

  public static final GeneratorOptions DEFAULTS = new GeneratorOptions("", null, null, true, false);

  /** Parses {@code key=value,...}; an unknown key is an error, so a typo cannot pass silently. */
  public static GeneratorOptions parse(String parameter) {
    String prefix = "";
    String javaPackage = null;
    String outerClass = null;
    boolean keepUnknown = true;
    boolean grpc = false;
    if (parameter != null && !parameter.isBlank()) {
      for (String part : parameter.split(",", -1)) {
        String p = part.trim();
        if (p.isEmpty()) {
          continue;
        }
        int eq = p.indexOf('=');
        String key = (eq < 0 ? p : p.substring(0, eq)).trim().toLowerCase(Locale.ROOT);
        String value = eq < 0 ? "true" : p.substring(eq + 1).trim();
        switch (key) {
          case "prefix" -> prefix = value;
          case "package" -> javaPackage = value;
          case "outer_class" ->
              outerClass =
                  value.equalsIgnoreCase("false")
                      ? null
                      : value.equalsIgnoreCase("true") ? "" : value;
          case "unknown_fields" -> {
            if (!value.equals("keep") && !value.equals("drop")) {
              throw new IllegalArgumentException(
                  "unknown_fields must be keep or drop, not '" + value + "'");
            }
            keepUnknown = value.equals("keep");
          }
          case "grpc" -> {
            if (!value.equals("true") && !value.equals("false")) {
              throw new IllegalArgumentException("grpc must be true or false, not '" + value + "'");
            }
            grpc = value.equals("true");
          }
          default ->
              throw new IllegalArgumentException(
                  "unknown BufProto option '"
                      + key
                      + "' (known: prefix, package, outer_class, unknown_fields, grpc)");
        }
      }
    }
    return new GeneratorOptions(prefix, javaPackage, outerClass, keepUnknown, grpc);
  }
}
