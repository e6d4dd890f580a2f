package io.bufproto.templates;

/**
 * What every accessor of a field says about it, as protobuf-java's accessors do: the field's {@code
 * .proto} comment and its declaration.
 *
 * @param comment the {@code .proto} comment, or empty
 * @param declaration the field as declared ({@code optional string producer_name = 1;}), or empty
 *     for the pseudo-fields of map entries
 */
public record FieldDoc(String comment, String declaration) {

  /** A Javadoc block: the comment (preformatted), then the declaration. */
  public String javadoc() {
    return javadoc("");
  }

  /** A Javadoc block: {@code text} (Javadoc already, one line), the comment, the declaration. */
  public String javadoc(String text) {
    return Docs.block(text, comment, code());
  }

  /** The declaration as a Javadoc line, {@code <code>...</code>}, escaped. */
  public String code() {
    return "<code>" + Docs.escape(declaration) + "</code>";
  }
}
