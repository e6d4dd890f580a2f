/**
 * What users of generated messages call: {@link io.bufproto.api.ProtoMessage} (the contract every
 * generated message implements: buffer ownership, index effects, lazy fields, threads), {@link
 * io.bufproto.api.ProtoEnum}, {@link io.bufproto.api.InvalidProtobufException} (malformed input),
 * and {@link io.bufproto.api.BufProto} (which runtime reads and writes buffers).
 */
package io.bufproto.api;
