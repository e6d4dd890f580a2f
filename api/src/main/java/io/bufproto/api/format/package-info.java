/**
 * Protobuf's text and JSON formats, identical to protobuf-java's {@code TextFormat} and {@code
 * JsonFormat}. They read each generated type's {@link io.bufproto.api.schema.MessageSchema}: field
 * numbers, names, JSON names and types.
 */
package io.bufproto.api.format;
