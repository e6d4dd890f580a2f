package io.bufproto.templates;

import java.util.List;

/**
 * A real oneof (proto3 {@code optional}'s synthetic oneofs are plain fields with a presence bit).
 *
 * @param protoName the oneof's name in the {@code .proto}
 * @param cap the capitalized Java name ({@code Payload}): {@code getPayloadCase()}, {@code
 *     clearPayload()}
 * @param caseField the int field holding the set member's number, 0 when none
 * @param caseEnum the nested enum naming the members ({@code PayloadCase})
 * @param notSet the enum constant for "no member set": {@code NOT_SET}, LightProto's name (a {@code
 *     case} label in code written for it), unless a member is called that
 * @param notSetAlias protobuf-java's name for it ({@code PAYLOAD_NOT_SET} for oneof {@code
 *     payload}), a constant field equal to {@code notSet}; {@code null} where it is {@code notSet}
 * @param members the member fields, each with its constant name in {@code memberConstants}
 * @param memberConstants upper-case constant per member, same order as {@code members}
 */
public record OneofModel(
    String protoName,
    String cap,
    String caseField,
    String caseEnum,
    String notSet,
    String notSetAlias,
    List<FieldModel> members,
    List<String> memberConstants) {

  /** Whether the projection {@code var} asks for any member (a projected parse's test). */
  public String askedBy(String var) {
    return String.join(
        " || ", members.stream().map(f -> var + ".wants(" + f.number() + ")").toList());
  }

  /** The member numbers, as a {@code case} label lists them ({@code 7, 8}). */
  public String memberNumbers() {
    return String.join(", ", members.stream().map(f -> String.valueOf(f.number())).toList());
  }

  /** The highest member number. */
  public int lastNumber() {
    return members.stream().mapToInt(FieldModel::number).max().orElseThrow();
  }
}
