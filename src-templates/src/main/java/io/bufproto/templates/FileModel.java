package io.bufproto.templates;

/**
 * One generated {@code .java} file: a single top-level message or enum, or (with the {@code
 * outer_class} option) a holder class with every type of a {@code .proto} file nested in it.
 *
 * @param protoFile the source {@code .proto} path, for the header
 * @param generatorVersion the generator version, for the header
 * @param javaPackage the package, or empty for the default package
 * @param outerClass the holder class name, or {@code null} for one type per file
 * @param messages the top-level messages in this file
 * @param enums the top-level enums in this file
 */
public record FileModel(
    String protoFile,
    String generatorVersion,
    String javaPackage,
    String outerClass,
    java.util.List<MessageModel> messages,
    java.util.List<EnumModel> enums) {}
