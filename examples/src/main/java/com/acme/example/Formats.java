package com.acme.example;

import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.TypeRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/** The guide's JSON and text format calls (docs/guide/json-and-text.md shows the region below). */
public class Formats {
  public static void main(String[] args) {
    Person person = new Person().setName("Ada").setId(7);
    ByteBuf byteBuf = Unpooled.buffer();
    // [START formats]
    String text = person.toTextFormat(); // == TextFormat.printer().printToString(pj)
    Person p = new Person();
    p.parseFromTextFormat("name: \"Ada\" id: 7"); // TextFormat.merge's rules

    String json = person.toJson(); // == JsonFormat.printer().print(pj)
    String compact =
        ProtoJson.printer()
            .omittingInsignificantWhitespace()
            .preservingProtoFieldNames()
            .print(person);
    ProtoJson.printer().writeTo(person, byteBuf); // UTF-8 at the writer index
    p.parseFromJson(json); // JsonFormat.parser()'s rules
    ProtoJson.parser()
        .ignoringUnknownFields()
        .usingTypeRegistry(TypeRegistry.of(Person._schema())) // the types an Any may hold
        .parse(json, p);
    // [END formats]
    System.out.print(text);
    System.out.println(compact);
    System.out.println(p.equals(person));
  }
}
