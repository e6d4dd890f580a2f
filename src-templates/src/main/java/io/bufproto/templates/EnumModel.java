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
 * @param declared every value in declaration order, aliases included
 */
public record EnumModel(
    String simpleName,
    String protoFullName,
    String comment,
    boolean nested,
    List<Value> values,
    List<Value> aliases,
    boolean open,
    List<Value> declared) {

  /**
   * One enum value.
   *
   * @param name the Java constant name
   * @param number the wire number
   * @param comment the {@code .proto} comment, or empty
   * @param canonical for an alias, the constant it stands for; otherwise {@code null}
   * @param protoName the name in the {@code .proto} file (what the text and JSON formats print)
   */
  public record Value(
      String name, int number, String comment, String canonical, String protoName) {}

  /**
   * The length of the by-number array {@code forNumber} indexes, or 0 for a switch: an array when
   * the numbers are non-negative and dense enough (the largest below 64, or below four times the
   * count). A switch over Pulsar's {@code BaseCommand.Type} (~60 values) compiles to 462 bytecodes,
   * which C2 does not inline where a parse checks a number; the array lookup is ~20.
   */
  public int byNumberLength() {
    int min = values.stream().mapToInt(Value::number).min().orElse(0);
    int max = values.stream().mapToInt(Value::number).max().orElse(0);
    return min >= 0 && max < Math.max(64, 4 * values.size()) ? max + 1 : 0;
  }

  /** The {@code .proto} names of {@link #declared}, as Java string literals separated by commas. */
  public String protoNames() {
    return declared.stream()
        .map(v -> FieldFormat.quote(v.protoName()))
        .collect(java.util.stream.Collectors.joining(", "));
  }

  /** The numbers of {@link #declared}, separated by commas. */
  public String numbers() {
    return declared.stream()
        .map(v -> String.valueOf(v.number()))
        .collect(java.util.stream.Collectors.joining(", "));
  }
}
