/**
 * Protobuf's text and JSON formats, identical to protobuf-java's {@code TextFormat} and {@code
 * JsonFormat}, and the {@link io.bufproto.api.format.MessageSchema} of each generated type that
 * they read: field numbers, names, JSON names and types.
 */
package io.bufproto.api.format;
