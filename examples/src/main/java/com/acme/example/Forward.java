package com.acme.example;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** The guide's lazy parse (docs/guide/generated-api.md shows the region below). */
public class Forward {
  // [START forward]
  // Every phone deferred, short as it is; one per thread, reused.
  private final Person person = new Person().lazyParsing(0);

  int forward(ByteBuf in, ByteBuf out) {
    person.parseFrom(in); // name and id decoded; each phone's place recorded, not parsed
    if (person.getId() == 7) {
      person.getPhoneAt(1).setNumber("+44 20 7946 0999"); // parses that phone only
    }
    return person.writeTo(out); // phone 0 copied as received, phone 1 from its fields
  }

  // [END forward]

  public static void main(String[] args) {
    Person p = new Person().setName("Ada").setId(7);
    p.addPhone().setNumber("+44 20 7946 0001");
    p.addPhone().setNumber("+44 20 7946 0002");
    ByteBuf out = Unpooled.buffer();
    int written = new Forward().forward(Unpooled.wrappedBuffer(p.toByteArray()), out);
    Person received = new Person();
    received.parseFrom(out);
    System.out.println(written + " bytes forwarded:");
    System.out.print(received);

    // A phone whose bytes are malformed: the parse records it; reading it throws.
    byte[] bad = {0x0a, 0x03, 'A', 'd', 'a', 0x22, 0x02, 0x0a, 0x05};
    Person lazy = new Person().lazyParsing(0);
    lazy.parseFrom(bad);
    try {
      lazy.getPhoneAt(0);
    } catch (io.bufproto.api.InvalidProtobufException e) {
      System.out.println("phone 0: " + e.getMessage());
    }
  }
}
