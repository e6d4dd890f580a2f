package com.acme.example;

import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** The guide's extension calls (docs/guide/extensions.md shows the regions below). */
public class ExtensionsExample {
  public static void main(String[] args) {
    // [START extensions]
    Envelope e = new Envelope().setId("req-1");
    e.setExtension(EnvelopeExtensions.traceId, "4bf92f35");
    e.addExtension(EnvelopeExtensions.hops, 3);
    e.hasExtension(EnvelopeExtensions.traceId); // true
    String trace = e.getExtension(EnvelopeExtensions.traceId); // the default when not set
    int hops = e.getExtensionCount(EnvelopeExtensions.hops); // getExtension(hops) is a List
    // [END extensions]
    ByteBuf buf = Unpooled.buffer();
    e.writeTo(buf);
    // [START registry]
    ExtensionRegistry registry = ExtensionRegistry.newInstance();
    EnvelopeExtensions.registerAllExtensions(registry);
    Envelope parsed = new Envelope();
    parsed.parseFrom(buf, buf.readableBytes(), registry); // extensions written as protobuf-java

    String text = ProtoText.printer().usingExtensionRegistry(registry).print(parsed);
    String json = ProtoJson.printer().usingExtensionRegistry(registry).print(parsed);
    ProtoJson.parser().usingExtensionRegistry(registry).parse(json, parsed);
    // [END registry]
    System.out.println(trace + " " + hops);
    System.out.print(text);
    System.out.println(json);
  }
}
