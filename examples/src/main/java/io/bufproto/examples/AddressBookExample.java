package io.bufproto.examples;

import io.bufproto.api.BufProto;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;

/**
 * Fills an address book, writes it into a pooled direct buffer, parses it back into a reused
 * message and prints what happened. Run: {@code ./mvnw -B -q -pl examples exec:java} (after an
 * install of the reactor, see the README).
 */
public final class AddressBookExample {

  private AddressBookExample() {}

  public static void main(String[] args) {
    AddressBook book = new AddressBook();
    Person ada = book.addPeople().setName("Ada Lovelace").setId(1).setEmail("ada@example.org");
    ada.addPhone().setNumber("+44 20 7946 0001").setType(Person.PhoneType.HOME);
    ada.putLabels("field", "mathematics");
    book.addPeople().setName("Alan Turing").setId(2).addPhone().setNumber("+44 161 496 0002");

    ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
    AddressBook parsed = new AddressBook(); // reused for every parse in a real server
    try {
      int written = book.writeTo(buf);
      System.out.println("runtime:  " + BufProto.runtime());
      System.out.println(
          "wrote:    " + written + " bytes into a " + buf.getClass().getSimpleName());
      System.out.println("bytes:    " + ByteBufUtil.hexDump(buf));

      parsed.parseFrom(buf, buf.readableBytes());
      System.out.println("parsed:   " + parsed);
      System.out.println(
          "first:    "
              + parsed.getPeopleAt(0).getName()
              + ", "
              + parsed.getPeopleAt(0).getPhoneAt(0).getType());
      System.out.println("equal:    " + parsed.equals(book));
      if (!parsed.equals(book)) {
        throw new AssertionError("round trip changed the message");
      }
    } finally {
      buf.release();
    }
  }
}
