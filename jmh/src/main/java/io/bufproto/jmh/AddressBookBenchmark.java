package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.bufproto.jmh.shapes.AddressBookProtos;
import io.netty.buffer.ByteBuf;
import java.io.IOException;

/** protobuf's tutorial address book: three people, their emails and phones. */
public class AddressBookBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.AddressBook bp = new io.bufproto.jmh.bp.AddressBook();
  private final io.bufproto.jmh.shapes.AddressBook lp = new io.bufproto.jmh.shapes.AddressBook();

  @Override
  protected MessageLite pjBuild() {
    AddressBookProtos.AddressBook.Builder book = AddressBookProtos.AddressBook.newBuilder();
    int id = 1;
    for (String[] p : Data.people()) {
      AddressBookProtos.Person.Builder person = book.addPersonBuilder().setName(p[0]).setId(id++);
      if (!p[1].isEmpty()) {
        person.setEmail(p[1]);
      }
      person.addPhoneBuilder().setNumber(p[2]).setType(AddressBookProtos.Person.PhoneType.MOBILE);
      if (!p[3].isEmpty()) {
        person.addPhoneBuilder().setNumber(p[3]).setType(AddressBookProtos.Person.PhoneType.WORK);
      }
    }
    return book.build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return AddressBookProtos.AddressBook.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite m) {
    int n = 0;
    for (AddressBookProtos.Person p : ((AddressBookProtos.AddressBook) m).getPersonList()) {
      n += p.getName().length() + p.getEmail().length();
      for (AddressBookProtos.Person.PhoneNumber phone : p.getPhoneList()) {
        n += phone.getNumber().length();
      }
    }
    return n;
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    bp.clear();
    int id = 1;
    for (String[] p : Data.people()) {
      io.bufproto.jmh.bp.Person person = bp.addPerson().setName(p[0]).setId(id++);
      if (!p[1].isEmpty()) {
        person.setEmail(p[1]);
      }
      person.addPhone().setNumber(p[2]).setType(io.bufproto.jmh.bp.Person.PhoneType.MOBILE);
      if (!p[3].isEmpty()) {
        person.addPhone().setNumber(p[3]).setType(io.bufproto.jmh.bp.Person.PhoneType.WORK);
      }
    }
  }

  @Override
  protected int bpReadStrings() {
    int n = 0;
    for (int i = 0; i < bp.getPersonsCount(); i++) {
      io.bufproto.jmh.bp.Person p = bp.getPersonAt(i);
      n += p.getName().length() + p.getEmail().length();
      for (int j = 0; j < p.getPhonesCount(); j++) {
        n += p.getPhoneAt(j).getNumber().length();
      }
    }
    return n;
  }

  @Override
  protected void lpFill() {
    lp.clear();
    int id = 1;
    for (String[] p : Data.people()) {
      io.bufproto.jmh.shapes.Person person = lp.addPerson().setName(p[0]).setId(id++);
      if (!p[1].isEmpty()) {
        person.setEmail(p[1]);
      }
      person.addPhone().setNumber(p[2]).setType(io.bufproto.jmh.shapes.Person.PhoneType.MOBILE);
      if (!p[3].isEmpty()) {
        person.addPhone().setNumber(p[3]).setType(io.bufproto.jmh.shapes.Person.PhoneType.WORK);
      }
    }
  }

  @Override
  protected void lpParse(ByteBuf in, int size) {
    lp.parseFrom(in, size);
  }

  @Override
  protected int lpWrite(ByteBuf target) {
    return lp.writeTo(target);
  }

  @Override
  protected int lpReadStrings() {
    int n = 0;
    for (int i = 0; i < lp.getPersonsCount(); i++) {
      io.bufproto.jmh.shapes.Person p = lp.getPersonAt(i);
      n += p.getName().length() + p.getEmail().length();
      for (int j = 0; j < p.getPhonesCount(); j++) {
        n += p.getPhoneAt(j).getNumber().length();
      }
    }
    return n;
  }
}
