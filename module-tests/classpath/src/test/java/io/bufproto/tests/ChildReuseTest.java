package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.bufproto.tests.p3.Node;
import io.bufproto.tests.p3.Proto3Protos;
import org.junit.jupiter.api.Test;

/**
 * Messages keep cleared children for reuse; a child handed back to its own parent (set to the field
 * it already is, or added back after a clear made it the element kept for reuse) must be copied
 * with its content, as protobuf-java's setters and adders copy, not cleared first.
 */
class ChildReuseTest {

  private static Proto3Protos.Node named(String name) {
    return Proto3Protos.Node.newBuilder().setName(name).build();
  }

  @Test
  void settingAChildToItselfKeepsIt() {
    Node ours = new Node();
    ours.setNext().setName("a");
    ours.setNext(ours.getNext());
    assertArrayEquals(
        Proto3Protos.Node.newBuilder().setNext(named("a")).build().toByteArray(),
        ours.toByteArray());
  }

  @Test
  void settingAChildBackAfterItsFieldWasClearedKeepsIt() {
    Node ours = new Node();
    ours.setNext().setName("a");
    Node held = ours.getNext();
    ours.clearNext();
    ours.setNext(held);
    assertArrayEquals(
        Proto3Protos.Node.newBuilder().setNext(named("a")).build().toByteArray(),
        ours.toByteArray());
  }

  @Test
  void addingBackAnElementClearedAwayCopiesIt() {
    Node ours = new Node();
    Node held = ours.addChildren().setName("c");
    ours.addChildren().setName("d");
    ours.clearChildren();
    ours.addChildren(held);
    ours.addChildren(held);
    Proto3Protos.Node pj =
        Proto3Protos.Node.newBuilder().addChildren(named("c")).addChildren(named("c")).build();
    assertArrayEquals(pj.toByteArray(), ours.toByteArray());
  }
}
