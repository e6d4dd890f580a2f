// Netty 4.1's netty-common is an automatic module, which jlink refuses: moditect adds this
// descriptor (modelled on Netty 4.2's own). Optional logging back-ends are left out; Netty falls
// back to java.util.logging when they are absent.
module io.netty.common {
  requires java.logging;
  requires jdk.unsupported;

  exports io.netty.util;
  exports io.netty.util.collection;
  exports io.netty.util.concurrent;
  exports io.netty.util.internal;
  exports io.netty.util.internal.logging;
  exports io.netty.util.internal.svm;
}
