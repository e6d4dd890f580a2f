package io.bufproto.generator;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.bufproto.templates.ServiceModel;
import java.util.ArrayList;
import java.util.List;

/** Decides the {@link ServiceModel} of a {@code service} (generator option {@code grpc=true}). */
final class Services {

  private Services() {}

  static ServiceModel model(
      ServiceDescriptor service,
      String protoFile,
      String version,
      String javaPackage,
      TypeNames names,
      GeneratorOptions options) {
    List<ServiceModel.Method> methods = new ArrayList<>();
    for (MethodDescriptor m : service.getMethods()) {
      methods.add(
          new ServiceModel.Method(
              m.getName(),
              Names.identifier(Names.lowerFirst(m.getName())),
              names.qualified(m.getInputType()),
              names.qualified(m.getOutputType()),
              m.isClientStreaming(),
              m.isServerStreaming()));
    }
    String simpleName = Names.identifier(options.prefix() + service.getName());
    return new ServiceModel(
        protoFile,
        version,
        javaPackage,
        simpleName + "Grpc",
        service.getFullName(),
        simpleName,
        methods);
  }
}
