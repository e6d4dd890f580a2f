package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.bufproto.jmh.shapes.DeepProtos;
import io.netty.buffer.ByteBuf;
import java.io.IOException;

/** A chain of 16 nested messages, each with a number, a tag and an id. */
public class DeepBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.Deep bp = new io.bufproto.jmh.bp.Deep();
  private final io.bufproto.jmh.shapes.Deep lp = new io.bufproto.jmh.shapes.Deep();

  private static String tag(int level) {
    return TAGS[level];
  }

  private static final String[] TAGS = new String[Data.DEPTH];

  static {
    for (int i = 0; i < Data.DEPTH; i++) {
      TAGS[i] = "node-" + i;
    }
  }

  @Override
  protected MessageLite pjBuild() {
    DeepProtos.Deep.Builder leaf = null;
    for (int i = Data.DEPTH - 1; i >= 0; i--) {
      DeepProtos.Deep.Builder b =
          DeepProtos.Deep.newBuilder().setLevel(i).setTag(tag(i)).setId(Data.SEQUENCE_ID + i);
      if (leaf != null) {
        b.setChild(leaf);
      }
      leaf = b;
    }
    return leaf.build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return DeepProtos.Deep.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite message) {
    int n = 0;
    for (DeepProtos.Deep m = (DeepProtos.Deep) message; ; m = m.getChild()) {
      n += m.getTag().length();
      if (!m.hasChild()) {
        return n;
      }
    }
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    io.bufproto.jmh.bp.Deep m = bp.clear();
    for (int i = 0; i < Data.DEPTH; i++) {
      m.setLevel(i).setTag(tag(i)).setId(Data.SEQUENCE_ID + i);
      if (i + 1 < Data.DEPTH) {
        m = m.setChild();
      }
    }
  }

  @Override
  protected int bpReadStrings() {
    int n = 0;
    for (io.bufproto.jmh.bp.Deep m = bp; ; m = m.getChild()) {
      n += m.getTag().length();
      if (!m.hasChild()) {
        return n;
      }
    }
  }

  @Override
  protected void lpFill() {
    io.bufproto.jmh.shapes.Deep m = lp.clear();
    for (int i = 0; i < Data.DEPTH; i++) {
      m.setLevel(i).setTag(tag(i)).setId(Data.SEQUENCE_ID + i);
      if (i + 1 < Data.DEPTH) {
        m = m.setChild();
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
    for (io.bufproto.jmh.shapes.Deep m = lp; ; m = m.getChild()) {
      n += m.getTag().length();
      if (!m.hasChild()) {
        return n;
      }
    }
  }
}
