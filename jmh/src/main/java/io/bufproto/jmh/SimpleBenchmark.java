package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.bufproto.jmh.shapes.SimpleProtos;
import io.netty.buffer.ByteBuf;
import java.io.IOException;

/** A small frame: a name, a point, a short path of points, a timestamp. */
public class SimpleBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.Frame bp = new io.bufproto.jmh.bp.Frame();
  private final io.bufproto.jmh.shapes.Frame lp = new io.bufproto.jmh.shapes.Frame();

  @Override
  protected MessageLite pjBuild() {
    SimpleProtos.Frame.Builder b =
        SimpleProtos.Frame.newBuilder()
            .setName(Data.frameName())
            .setPoint(SimpleProtos.Point.newBuilder().setX(1).setY(2).setZ(3));
    for (int[] p : Data.PATH) {
      b.addPath(SimpleProtos.Point.newBuilder().setX(p[0]).setY(p[1]).setZ(p[2]));
    }
    return b.setTimestamp(Data.PUBLISH_TIME).build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return SimpleProtos.Frame.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite m) {
    return ((SimpleProtos.Frame) m).getName().length();
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    bp.clear().setName(Data.frameName()).setPoint().setX(1).setY(2).setZ(3);
    for (int[] p : Data.PATH) {
      bp.addPath().setX(p[0]).setY(p[1]).setZ(p[2]);
    }
    bp.setTimestamp(Data.PUBLISH_TIME);
  }

  @Override
  protected int bpReadStrings() {
    return bp.getName().length();
  }

  @Override
  protected void lpFill() {
    lp.clear().setName(Data.frameName()).setPoint().setX(1).setY(2).setZ(3);
    for (int[] p : Data.PATH) {
      lp.addPath().setX(p[0]).setY(p[1]).setZ(p[2]);
    }
    lp.setTimestamp(Data.PUBLISH_TIME);
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
    return lp.getName().length();
  }
}
