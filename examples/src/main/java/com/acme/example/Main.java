package com.acme.example;

import io.bufproto.api.spi.BufProtoRuntime;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

public class Main {
  public static void main(String[] args) {
    // [START write-and-parse]
    Person p = new Person().setName("Ada").setId(1);
    p.addPhone().setNumber("+44 20 7946 0001"); // addX() returns the child to fill
    p.putLabels("field", "mathematics");
    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
    p.writeTo(buf); // returns the bytes written

    Person q = new Person(); // reuse one instance per thread
    q.parseFrom(buf, buf.readableBytes()); // advances buf's readerIndex
    String name = q.getName(); // decoded now, from buf: keep buf alive
    q.materialize(); // ... or detach q from buf
    buf.release();
    // [END write-and-parse]
    System.out.println(name + " runtime: " + BufProtoRuntime.active().name());
    System.out.print(q); // text format, as protobuf-java's toString()
  }
}
