package com.acme.example;

import io.netty.buffer.ByteBuf;

/** The guide's retained-buffer pattern (docs/guide/lifetime.md shows the region below). */
public class Connection {
  // [START retained]
  private final Person person = new Person().retainParsedBuffers(true); // one per connection

  void onFrame(ByteBuf frame) {
    person.parseFrom(frame, frame.readableBytes());
    frame.release(); // the message holds its own reference now
    handle(person);
    person.clear(); // releases the frame's memory
  }

  // [END retained]

  void handle(Person p) {
    System.out.println(p.getName());
  }
}
