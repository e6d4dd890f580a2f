package io.bufproto.generator;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.SourceCodeInfo;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorRequest;
import com.google.protobuf.compiler.PluginProtos.CodeGeneratorResponse;
import io.bufproto.templates.EnumModel;
import io.bufproto.templates.ExtensionModel;
import io.bufproto.templates.FieldModel;
import io.bufproto.templates.FieldNames;
import io.bufproto.templates.FileModel;
import io.bufproto.templates.GeneratedMethods;
import io.bufproto.templates.MessageModel;
import io.bufproto.templates.ServiceModel;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The generator's Java API, for build tools other than protoc: descriptors in, Java files out.
 * {@link Plugin} wraps it in protoc's plugin protocol.
 */
public final class BufProtoGenerator {

  /** This generator's version, written into every file header. */
  public static final String VERSION = readVersion();

  private final GeneratorOptions options;
  private final TypeNames names;

  public BufProtoGenerator(GeneratorOptions options) {
    this.options = options;
    this.names = new TypeNames(options);
  }

  /**
   * Generates Java sources for {@code file}. Files it imports must be generated too (with the same
   * options) for the output to compile.
   *
   * @param sourceFile the file's descriptor proto, for its comments ({@code source_code_info}); may
   *     be {@code file.toProto()} when comments do not matter
   * @throws GeneratorException if the schema uses something this generator cannot handle
   */
  public List<GeneratedFile> generate(FileDescriptor file, FileDescriptorProto sourceFile) {
    ModelBuilder builder =
        new ModelBuilder(file, sourceFile.getSourceCodeInfo(), names, options.keepUnknownFields());
    String pkg = names.javaPackage(file);
    String dir = pkg.isEmpty() ? "" : pkg.replace('.', '/') + "/";
    String outer = names.outerClass(file);
    List<GeneratedFile> out = new ArrayList<>();
    if (options.grpc()) {
      for (ServiceDescriptor service : file.getServices()) {
        ServiceModel model = Services.model(service, file.getName(), VERSION, pkg, names, options);
        out.add(new GeneratedFile(dir + model.className() + ".java", Renderer.render(model)));
      }
    }
    String holder = names.extensionHolder(file);
    List<ExtensionModel> fileExtensions = ExtensionModels.of(file.getExtensions(), names);
    List<String> registered =
        ExtensionModels.references(file, pkg.isEmpty() ? holder : pkg + "." + holder, names);
    if (outer != null) {
      FileModel model =
          new FileModel(
              file.getName(),
              VERSION,
              pkg,
              outer,
              builder.messages(true),
              builder.enums(true),
              fileExtensions,
              registered);
      out.add(new GeneratedFile(dir + outer + ".java", Renderer.render(model)));
      return out;
    }
    for (EnumModel e : builder.enums(false)) {
      FileModel model =
          new FileModel(
              file.getName(), VERSION, pkg, null, List.of(), List.of(e), List.of(), List.of());
      out.add(new GeneratedFile(dir + e.simpleName() + ".java", Renderer.render(model)));
    }
    for (MessageModel m : builder.messages(false)) {
      FileModel model =
          new FileModel(
              file.getName(), VERSION, pkg, null, List.of(m), List.of(), List.of(), List.of());
      out.add(new GeneratedFile(dir + m.simpleName() + ".java", Renderer.render(model)));
    }
    if (!registered.isEmpty()) {
      FileModel model =
          new FileModel(
              file.getName(),
              VERSION,
              pkg,
              holder,
              List.of(),
              List.of(),
              fileExtensions,
              registered);
      out.add(new GeneratedFile(dir + holder + ".java", Renderer.render(model)));
    }
    return out;
  }

  /**
   * The names of each field of {@code message} in its generated class (with default options), by
   * field number: the accessor base names ({@code getX}; for repeated fields {@code getXAt} and
   * {@code getXsCount}) and the storage field. Names that would clash carry the field number.
   */
  public static Map<Integer, FieldNames> accessorNames(Descriptor message) {
    Map<Integer, FieldNames> out = new HashMap<>();
    for (FieldModel f : fieldModels(message)) {
      out.put(f.number(), f.names());
    }
    return out;
  }

  /**
   * The methods the generated class of {@code message} declares for its fields and oneofs (not its
   * nested types'), as {@link GeneratedMethods} lists them; the class may declare those of {@link
   * GeneratedMethods#MESSAGE} besides.
   */
  public static Set<String> fieldMethods(Descriptor message) {
    Set<String> out = new TreeSet<>();
    for (OneofDescriptor o : message.getRealOneofs()) {
      out.addAll(GeneratedMethods.oneof(Names.upperCamel(o.getName())));
    }
    for (FieldModel f : fieldModels(message)) {
      out.addAll(GeneratedMethods.field(f));
    }
    return out;
  }

  private static List<FieldModel> fieldModels(Descriptor message) {
    GeneratorOptions defaults = GeneratorOptions.parse("");
    ModelBuilder builder =
        new ModelBuilder(
            message.getFile(),
            SourceCodeInfo.getDefaultInstance(),
            new TypeNames(defaults),
            defaults.keepUnknownFields());
    return builder.fields(message, List.of());
  }

  /** Answers a protoc plugin request; any failure becomes the response's error, naming the file. */
  public static CodeGeneratorResponse handle(CodeGeneratorRequest request) {
    return handle(request, warning -> {});
  }

  /**
   * {@link #handle(CodeGeneratorRequest)}, telling {@code warnings} what may go wrong later (a file
   * protobuf-java's {@code java_out} would write too; see {@link JavaOutClash}).
   */
  public static CodeGeneratorResponse handle(
      CodeGeneratorRequest request, Consumer<String> warnings) {
    CodeGeneratorResponse.Builder response =
        CodeGeneratorResponse.newBuilder()
            .setSupportedFeatures(
                CodeGeneratorResponse.Feature.FEATURE_PROTO3_OPTIONAL_VALUE
                    | CodeGeneratorResponse.Feature.FEATURE_SUPPORTS_EDITIONS_VALUE)
            .setMinimumEdition(com.google.protobuf.DescriptorProtos.Edition.EDITION_PROTO2_VALUE)
            .setMaximumEdition(com.google.protobuf.DescriptorProtos.Edition.EDITION_2024_VALUE);
    try {
      BufProtoGenerator generator =
          new BufProtoGenerator(GeneratorOptions.parse(request.getParameter()));
      Map<String, FileDescriptorProto> sources = new HashMap<>();
      for (FileDescriptorProto p : request.getSourceFileDescriptorsList()) {
        sources.put(p.getName(), p);
      }
      Map<String, FileDescriptor> built = buildAll(request.getProtoFileList());
      for (String name : request.getFileToGenerateList()) {
        FileDescriptorProto source = sources.get(name);
        if (source == null) {
          source =
              request.getProtoFileList().stream()
                  .filter(p -> p.getName().equals(name))
                  .findFirst()
                  .orElseThrow();
        }
        List<GeneratedFile> files = generator.generate(built.get(name), source);
        for (GeneratedFile f : files) {
          response.addFile(
              CodeGeneratorResponse.File.newBuilder().setName(f.name()).setContent(f.content()));
        }
        JavaOutClash.warning(built.get(name), files).ifPresent(warnings);
      }
    } catch (GeneratorException | IllegalArgumentException e) {
      response.clearFile().setError(e.getMessage());
    } catch (DescriptorValidationException e) {
      response.clearFile().setError(e.getProblemSymbolName() + ": " + e.getDescription());
    } catch (RuntimeException e) {
      response.clearFile().setError("BufProto generator failed: " + e);
    }
    return response.build();
  }

  /** Resolves every file of the request in dependency order (protoc lists them that way). */
  static Map<String, FileDescriptor> buildAll(List<FileDescriptorProto> protos)
      throws DescriptorValidationException {
    Map<String, FileDescriptor> built = new HashMap<>();
    for (FileDescriptorProto p : protos) {
      FileDescriptor[] deps = new FileDescriptor[p.getDependencyCount()];
      for (int i = 0; i < deps.length; i++) {
        deps[i] = built.get(p.getDependency(i));
      }
      built.put(p.getName(), FileDescriptor.buildFrom(p, deps));
    }
    return built;
  }

  private static String readVersion() {
    try (InputStream in = BufProtoGenerator.class.getResourceAsStream("version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
