// Netty 4.1's netty-buffer is an automatic module, which jlink refuses: moditect adds this.
module io.netty.buffer {
  requires transitive io.netty.common;

  exports io.netty.buffer;
  exports io.netty.buffer.search;
}
