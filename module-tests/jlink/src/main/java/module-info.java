/**
 * A small application module linked into a runtime image with BufProto and Netty. It requires the
 * API and the Netty handlers; the runtime comes from whichever runtime module the image contains
 * ({@code io.bufproto.runtime.module}, named at link time: jlink does not bind services by itself).
 */
module io.bufproto.example.jlink {
  requires io.bufproto.api;
  requires io.bufproto.netty;
}
