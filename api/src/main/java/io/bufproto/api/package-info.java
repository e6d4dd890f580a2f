/**
 * What users of generated messages call: {@link io.bufproto.api.ProtoMessage} (the contract every
 * generated message implements: buffer ownership, index effects, lazy fields, threads), {@link
 * io.bufproto.api.ProtoEnum} and {@link io.bufproto.api.InvalidProtobufException} (malformed
 * input). Which runtime reads and writes buffers: {@link
 * io.bufproto.api.spi.BufProtoRuntime#active()}.
 */
package io.bufproto.api;
