/**
 * For generated code only: the wire-format codec, the writer, UTF-8, unknown fields, map storage
 * and the other helpers generated message classes call. Like protobuf-java's {@code Internal},
 * nothing here carries a compatibility promise: it changes with the generator, and generated code
 * runs only on the library release of the generator that produced it, which each generated class
 * checks once, when first used ({@link io.bufproto.api.internal.RuntimeVersion}). Users need {@link
 * io.bufproto.api} only.
 */
package io.bufproto.api.internal;
