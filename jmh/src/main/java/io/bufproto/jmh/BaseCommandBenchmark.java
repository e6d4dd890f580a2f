package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import org.apache.pulsar.common.api.proto.PulsarApi;

/** Pulsar's BaseCommand carrying a CommandSend: the per-message command of a producer. */
public class BaseCommandBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.BaseCommand bp = new io.bufproto.jmh.bp.BaseCommand();
  private final org.apache.pulsar.common.api.proto.BaseCommand lp =
      new org.apache.pulsar.common.api.proto.BaseCommand();

  @Override
  protected MessageLite pjBuild() {
    return PulsarApi.BaseCommand.newBuilder()
        .setType(PulsarApi.BaseCommand.Type.SEND)
        .setSend(
            PulsarApi.CommandSend.newBuilder()
                .setProducerId(Data.PRODUCER_ID)
                .setSequenceId(Data.SEQUENCE_ID)
                .setNumMessages(Data.BATCH))
        .build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return PulsarApi.BaseCommand.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite m) {
    return ((PulsarApi.BaseCommand) m).getSend().getNumMessages();
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    bp.clear()
        .setType(io.bufproto.jmh.bp.BaseCommand.Type.SEND)
        .setSend()
        .setProducerId(Data.PRODUCER_ID)
        .setSequenceId(Data.SEQUENCE_ID)
        .setNumMessages(Data.BATCH);
  }

  @Override
  protected int bpReadStrings() {
    return bp.getSend().getNumMessages();
  }

  @Override
  protected void lpFill() {
    lp.clear()
        .setType(org.apache.pulsar.common.api.proto.BaseCommand.Type.SEND)
        .setSend()
        .setProducerId(Data.PRODUCER_ID)
        .setSequenceId(Data.SEQUENCE_ID)
        .setNumMessages(Data.BATCH);
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
    return lp.getSend().getNumMessages();
  }
}
