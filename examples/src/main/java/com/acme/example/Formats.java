package com.acme.example;

import io.bufproto.api.format.ProtoJson;
import io.bufproto.api.format.ProtoText;
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
    p.parseFromJson(json); // JsonFormat.parser()'s rules, where they follow protobuf's spec
    TypeRegistry types = TypeRegistry.of(Person._schema()); // the types an Any may hold
    ProtoJson.parser().ignoringUnknownFields().usingTypeRegistry(types).parse(json, p);
    ProtoJson.parser().acceptingJsonFormatLeniency().parse(json, p); // all JsonFormat accepts

    String expanded = ProtoText.printer().usingTypeRegistry(types).print(person); // Any: [url] {}
    ProtoText.parser().usingTypeRegistry(types).parse(expanded, p);
    // [END formats]
    System.out.print(text);
    System.out.println(compact);
    System.out.println(p.equals(person));
  }
}
