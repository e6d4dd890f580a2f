package io.bufproto.generator;

import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.Descriptors.FieldDescriptor;
import java.util.Locale;

/**
 * A field's declaration as protobuf-java's accessor Javadoc shows it ({@code optional string
 * producer_name = 1;}, {@code map<string, int64> counters = 5;}): the label where the source has
 * one, the type, the name, the number and the options a reader looks for ({@code default}, {@code
 * packed}).
 */
final class Declarations {

  private Declarations() {}

  static String of(FieldDescriptor fd) {
    FieldDescriptorProto p = fd.toProto();
    StringBuilder sb = new StringBuilder();
    if (fd.isMapField()) {
      sb.append("map<")
          .append(type(fd.getMessageType().findFieldByNumber(1)))
          .append(", ")
          .append(type(fd.getMessageType().findFieldByNumber(2)))
          .append("> ");
    } else {
      if (p.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED) {
        sb.append("repeated ");
      } else if (p.getLabel() == FieldDescriptorProto.Label.LABEL_REQUIRED || fd.isRequired()) {
        sb.append("required ");
      } else if (fd.getRealContainingOneof() == null && (p.getProto3Optional() || isProto2(fd))) {
        sb.append("optional ");
      }
      sb.append(type(fd)).append(' ');
    }
    sb.append(fd.getName()).append(" = ").append(fd.getNumber());
    String options = "";
    if (p.hasDefaultValue()) {
      String v = p.getDefaultValue();
      options =
          "default = "
              + (fd.getType() == FieldDescriptor.Type.STRING
                      || fd.getType() == FieldDescriptor.Type.BYTES
                  ? "\"" + v + "\""
                  : v);
    }
    if (fd.getOptions().hasPacked()) {
      options += (options.isEmpty() ? "" : ", ") + "packed = " + fd.getOptions().getPacked();
    }
    return sb.append(options.isEmpty() ? "" : " [" + options + "]").append(';').toString();
  }

  private static boolean isProto2(FieldDescriptor fd) {
    return "proto2".equals(fd.getFile().toProto().getSyntax())
        || fd.getFile().toProto().getSyntax().isEmpty();
  }

  private static String type(FieldDescriptor fd) {
    return switch (fd.getType()) {
      case MESSAGE -> "." + fd.getMessageType().getFullName();
      case GROUP -> "group";
      case ENUM -> "." + fd.getEnumType().getFullName();
      default -> fd.getType().name().toLowerCase(Locale.ROOT);
    };
  }
}
