package com.acme.example;

import io.bufproto.api.Projection;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.Arrays;

/** The guide's projected parse (docs/guide/generated-api.md shows the region below). */
public class Peek {
  // [START peek]
  private static final Projection NAME_AND_ID =
      Projection.of(Person.NAME_FIELD_NUMBER, Person.ID_FIELD_NUMBER);

  private final Person person = new Person(); // one per thread, reused

  String route(ByteBuf frame) {
    person.parseFields(frame, frame.readableBytes(), NAME_AND_ID); // phones, labels: skipped
    return person.getName() + "#" + person.getId();
  }

  // [END peek]

  public static void main(String[] args) {
    Person p = new Person().setName("Ada").setId(7);
    p.addPhone().setNumber("+44 20 7946 0001");
    ByteBuf frame = Unpooled.wrappedBuffer(p.toByteArray());
    Peek peek = new Peek();
    System.out.println(peek.route(frame));
    System.out.println("phones read: " + peek.person.getPhonesCount());
    // Unchanged, it is written as it was received, the phones it skipped included.
    System.out.println(
        "forwarded whole: " + Arrays.equals(p.toByteArray(), peek.person.toByteArray()));
    peek.person.setId(8);
    try {
      peek.person.toByteArray();
    } catch (IllegalStateException e) {
      System.out.println("changed, write refused: " + e.getMessage());
    }
  }
}
