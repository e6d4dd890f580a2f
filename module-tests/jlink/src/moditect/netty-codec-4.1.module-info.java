// Netty 4.1's netty-codec is an automatic module, which jlink refuses: moditect adds this
// descriptor (modelled on Netty 4.2's netty-codec-base, the same module name). The codecs for
// optional libraries (compression, marshalling, protobuf, XML) are exported but their libraries
// are not required: they load only when used.
module io.netty.codec {
  requires transitive io.netty.buffer;
  requires transitive io.netty.common;
  requires transitive io.netty.transport;

  exports io.netty.handler.codec;
  exports io.netty.handler.codec.base64;
  exports io.netty.handler.codec.bytes;
  exports io.netty.handler.codec.compression;
  exports io.netty.handler.codec.json;
  exports io.netty.handler.codec.marshalling;
  exports io.netty.handler.codec.protobuf;
  exports io.netty.handler.codec.serialization;
  exports io.netty.handler.codec.string;
  exports io.netty.handler.codec.xml;
}
