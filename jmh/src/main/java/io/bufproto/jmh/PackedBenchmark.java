package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.bufproto.jmh.shapes.PackedProtos;
import io.netty.buffer.ByteBuf;
import java.io.IOException;

/** Packed numbers: small varints, large int64 (6-byte varints), zigzag, doubles, fixed32. */
public class PackedBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.Packed bp = new io.bufproto.jmh.bp.Packed();
  private final io.bufproto.jmh.shapes.Packed lp = new io.bufproto.jmh.shapes.Packed();

  @Override
  protected MessageLite pjBuild() {
    PackedProtos.Packed.Builder b = PackedProtos.Packed.newBuilder();
    for (int i = 0; i < Data.SMALL_INTS; i++) {
      b.addSmallInts(Data.smallInt(i));
    }
    for (int i = 0; i < Data.LONGS; i++) {
      b.addTimestamps(Data.longValue(i));
      b.addZigzags(Data.zigzag(i));
    }
    for (int i = 0; i < Data.DOUBLES; i++) {
      b.addRatios(Data.doubleValue(i));
      b.addFixeds(Data.fixed(i));
    }
    return b.build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return PackedProtos.Packed.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite m) {
    return ((PackedProtos.Packed) m).getSmallIntsCount();
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    bp.clear();
    for (int i = 0; i < Data.SMALL_INTS; i++) {
      bp.addSmallInt(Data.smallInt(i));
    }
    for (int i = 0; i < Data.LONGS; i++) {
      bp.addTimestamp(Data.longValue(i));
      bp.addZigzag(Data.zigzag(i));
    }
    for (int i = 0; i < Data.DOUBLES; i++) {
      bp.addRatio(Data.doubleValue(i));
      bp.addFixed(Data.fixed(i));
    }
  }

  @Override
  protected int bpReadStrings() {
    return bp.getSmallIntsCount();
  }

  @Override
  protected void lpFill() {
    lp.clear();
    for (int i = 0; i < Data.SMALL_INTS; i++) {
      lp.addSmallInt(Data.smallInt(i));
    }
    for (int i = 0; i < Data.LONGS; i++) {
      lp.addTimestamp(Data.longValue(i));
      lp.addZigzag(Data.zigzag(i));
    }
    for (int i = 0; i < Data.DOUBLES; i++) {
      lp.addRatio(Data.doubleValue(i));
      lp.addFixed(Data.fixed(i));
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
    return lp.getSmallIntsCount();
  }
}
