package io.bufproto.templates;

import java.util.List;

/**
 * An enum type.
 *
 * @param simpleName the Java class name
 * @param protoFullName the fully qualified protobuf name
 * @param comment the {@code .proto} comment, or empty
 * @param nested whether the class is nested (gets {@code static})
 * @param values the canonical values (first of each number), in declaration order
 * @param aliases values whose number was declared before ({@code allow_alias})
 * @param open whether unknown numbers are kept (proto3, editions OPEN): adds {@code UNRECOGNIZED}
 */
public record EnumModel(
    String simpleName,
    String protoFullName,
    String comment,
    boolean nested,
    List<Value> values,
    List<Value> aliases,
    boolean open) {

  /**
   * One enum value.
   *
   * @param name the Java constant name
   * @param number the wire number
   * @param comment the {@code .proto} comment, or empty
   * @param canonical for an alias, the constant it stands for; otherwise {@code null}
   */
  public record Value(String name, int number, String comment, String canonical) {}
}
