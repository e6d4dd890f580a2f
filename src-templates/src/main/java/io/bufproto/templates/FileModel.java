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
 * @param extensions the extensions declared at file level, constants of the holder class
 * @param registered every extension of the {@code .proto} file (file level and nested) as a Java
 *     reference, for the holder's {@code registerAllExtensions}; empty when this file has no holder
 *     class or the {@code .proto} file no extension
 */
public record FileModel(
    String protoFile,
    String generatorVersion,
    String javaPackage,
    String outerClass,
    java.util.List<MessageModel> messages,
    java.util.List<EnumModel> enums,
    java.util.List<ExtensionModel> extensions,
    java.util.List<String> registered) {}
