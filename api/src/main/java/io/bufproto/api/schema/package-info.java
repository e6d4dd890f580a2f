/**
 * The schema of each generated type: its fields' numbers, {@code .proto}, JSON and text names,
 * types and flags, as protoc resolved them. Generated classes build theirs on first use ({@code
 * _schema()}); {@link io.bufproto.api.format} reads them. Depends on nothing else of BufProto.
 */
package io.bufproto.api.schema;
