package io.bufproto.generator;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Whether BufProto's output for a file would collide with protobuf-java's (protoc's {@code
 * java_out}). protoc cannot tell a plugin which other generators run, and when both write one file
 * name it only says "Tried to write the same file twice" for each: so the generator names the cause
 * and the way out itself, as a warning.
 */
final class JavaOutClash {

  private JavaOutClash() {}

  /** The warning for {@code file} if one of {@code ours} is a file {@code java_out} writes too. */
  static Optional<String> warning(FileDescriptor file, List<GeneratedFile> ours) {
    Set<String> theirs = javaOutFiles(file);
    List<String> clashes = new ArrayList<>();
    for (GeneratedFile f : ours) {
      if (theirs.contains(f.name())) {
        clashes.add(f.name());
      }
    }
    if (clashes.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "BufProto: warning: "
            + file.getName()
            + ": protobuf-java (java_out) writes "
            + (clashes.size() == 1
                ? clashes.get(0)
                : clashes.size() + " of the same files (" + clashes.get(0) + ", ...)")
            + (file.getOptions().getJavaMultipleFiles()
                ? " too, because the file sets java_multiple_files = true"
                : " too")
            + ". If java_out runs in the same protoc call, protoc fails with \"Tried to write the same file twice\":"
            + " give BufProto the option prefix=<Prefix> (its classes renamed, e.g. prefix=Bp) or"
            + " package=<java.package> (its classes elsewhere).");
  }

  /** The paths protoc's {@code java_out} writes for {@code file}, as protobuf-java names them. */
  static Set<String> javaOutFiles(FileDescriptor file) {
    String pkg =
        file.getOptions().hasJavaPackage() ? file.getOptions().getJavaPackage() : file.getPackage();
    String dir = pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/";
    Set<String> topLevel = new LinkedHashSet<>();
    for (Descriptor d : file.getMessageTypes()) {
      topLevel.add(d.getName());
    }
    for (EnumDescriptor e : file.getEnumTypes()) {
      topLevel.add(e.getName());
    }
    for (ServiceDescriptor s : file.getServices()) {
      topLevel.add(s.getName());
    }
    Set<String> out = new LinkedHashSet<>();
    out.add(dir + outerClass(file, topLevel) + ".java");
    if (file.getOptions().getJavaMultipleFiles()) {
      for (String name : topLevel) {
        out.add(dir + name + ".java");
      }
    }
    return out;
  }

  /**
   * protobuf-java's outer class: {@code java_outer_classname}, else the file name in camel case
   * ("OuterClass" added on a clash).
   */
  private static String outerClass(FileDescriptor file, Set<String> topLevel) {
    if (file.getOptions().hasJavaOuterClassname()) {
      return file.getOptions().getJavaOuterClassname();
    }
    // protoc splits the file name at every character that is not a letter or digit.
    String name = Names.upperCamel(Names.fileStem(file.getName()).replaceAll("[^A-Za-z0-9]", "_"));
    return topLevel.contains(name) ? name + "OuterClass" : name;
  }
}
