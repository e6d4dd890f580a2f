/**
 * The suite's schemas as a module-path user would ship them: a named module requiring BufProto's
 * API (never a runtime: the best one on the module path is found by ServiceLoader), and the Netty
 * handlers, which NettyHandlersOnTheModulePathTest runs from this module. The generated packages
 * are exported so protobuf-java, the oracle, can reach its own generated classes reflectively.
 */
module io.bufproto.tests {
  requires io.bufproto.api;
  requires io.bufproto.wkt;
  requires io.bufproto.netty;
  requires com.google.protobuf;

  exports io.bufproto.tests.common;
  exports io.bufproto.tests.ed23;
  exports io.bufproto.tests.ed24;
  exports io.bufproto.tests.edf;
  exports io.bufproto.tests.edge;
  exports io.bufproto.tests.evo;
  exports io.bufproto.tests.evo3;
  exports io.bufproto.tests.groups;
  exports io.bufproto.tests.lp;
  exports io.bufproto.tests.names;
  exports io.bufproto.tests.p2;
  exports io.bufproto.tests.p3;
  exports io.bufproto.tests.pulsar;
  exports io.bufproto.tests.wkt;
  // protobuf's own test schemas, at their real paths (google/protobuf/*.proto)
  exports com.google.protobuf.test;
  exports com.google.protobuf_test_messages.edition2023;
  exports com.google.protobuf_test_messages.editions.proto2;
  exports com.google.protobuf_test_messages.editions.proto3;
  exports com.google.protobuf_test_messages.proto2;
  exports com.google.protobuf_test_messages.proto3;
  exports proto2_unittest;
}
