/**
 * What a runtime implements: a {@link io.bufproto.api.spi.BufProtoRuntime}, found with {@link
 * java.util.ServiceLoader}, supplies the {@link io.bufproto.api.spi.BufReader} and the {@link
 * io.bufproto.api.spi.BufWriter} that generated code reads and writes buffers through. The
 * library's own runtime ({@code checked}, Netty's public API) is always present; {@code
 * bufproto-runtime-classpath} ({@code classpath}) and {@code bufproto-runtime-module} ({@code
 * module}) are faster.
 */
package io.bufproto.api.spi;
