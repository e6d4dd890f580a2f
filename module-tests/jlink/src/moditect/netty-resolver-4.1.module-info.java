// Netty 4.1's netty-resolver is an automatic module, which jlink refuses: moditect adds this
// descriptor (modelled on Netty 4.2's own).
module io.netty.resolver {
  requires io.netty.common;

  exports io.netty.resolver;
}
