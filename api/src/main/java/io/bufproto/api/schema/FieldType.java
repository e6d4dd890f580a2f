package io.bufproto.api.schema;

/** A field's protobuf type, as declared in the {@code .proto} file, with its wire type. */
public enum FieldType {
  DOUBLE(1),
  FLOAT(5),
  INT64(0),
  UINT64(0),
  INT32(0),
  FIXED64(1),
  FIXED32(5),
  BOOL(0),
  STRING(2),
  GROUP(3),
  MESSAGE(2),
  BYTES(2),
  UINT32(0),
  ENUM(0),
  SFIXED32(5),
  SFIXED64(1),
  SINT32(0),
  SINT64(0);

  private final int wireType;

  FieldType(int wireType) {
    this.wireType = wireType;
  }

  /** The wire type of one value in its natural (unpacked) encoding. */
  public int wireType() {
    return wireType;
  }

  /** Whether a repeated field of this type may be packed (numeric, bool and enum types). */
  public boolean packable() {
    return wireType != 2 && wireType != 3;
  }

  /** Whether the value is a message ({@link #MESSAGE} or {@link #GROUP}). */
  public boolean isMessage() {
    return this == MESSAGE || this == GROUP;
  }
}
