package io.bufproto.jmh;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.MessageLite;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import org.apache.pulsar.common.api.proto.PulsarApi;

/** Pulsar's MessageMetadata (PulsarApi.proto), as a batching, replicating producer sends it. */
public class MessageMetadataBenchmark extends ShapeBenchmark {

  private final io.bufproto.jmh.bp.MessageMetadata bp = new io.bufproto.jmh.bp.MessageMetadata();
  private final org.apache.pulsar.common.api.proto.MessageMetadata lp =
      new org.apache.pulsar.common.api.proto.MessageMetadata();

  @Override
  protected MessageLite pjBuild() {
    PulsarApi.MessageMetadata.Builder b =
        PulsarApi.MessageMetadata.newBuilder()
            .setProducerName(Data.producer())
            .setSequenceId(Data.SEQUENCE_ID)
            .setPublishTime(Data.PUBLISH_TIME);
    for (String[] kv : Data.properties()) {
      b.addProperties(PulsarApi.KeyValue.newBuilder().setKey(kv[0]).setValue(kv[1]));
    }
    b.setPartitionKey(Data.partitionKey());
    for (String r : Data.replicateTo()) {
      b.addReplicateTo(r);
    }
    return b.setCompression(PulsarApi.CompressionType.LZ4)
        .setUncompressedSize(Data.UNCOMPRESSED_SIZE)
        .setNumMessagesInBatch(Data.BATCH)
        .setEventTime(Data.EVENT_TIME)
        .build();
  }

  @Override
  protected MessageLite pjParse(CodedInputStream in) throws IOException {
    return PulsarApi.MessageMetadata.parseFrom(in);
  }

  @Override
  protected int pjReadStrings(MessageLite message) {
    PulsarApi.MessageMetadata m = (PulsarApi.MessageMetadata) message;
    int n = m.getProducerName().length() + m.getPartitionKey().length();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getProperties(i).getKey().length() + m.getProperties(i).getValue().length();
    }
    for (int i = 0; i < m.getReplicateToCount(); i++) {
      n += m.getReplicateTo(i).length();
    }
    return n;
  }

  @Override
  protected ProtoMessage<?> bp() {
    return bp;
  }

  @Override
  protected void bpFill() {
    io.bufproto.jmh.bp.MessageMetadata m =
        bp.clear()
            .setProducerName(Data.producer())
            .setSequenceId(Data.SEQUENCE_ID)
            .setPublishTime(Data.PUBLISH_TIME);
    for (String[] kv : Data.properties()) {
      m.addProperty().setKey(kv[0]).setValue(kv[1]);
    }
    m.setPartitionKey(Data.partitionKey());
    for (String r : Data.replicateTo()) {
      m.addReplicateTo(r);
    }
    m.setCompression(io.bufproto.jmh.bp.CompressionType.LZ4)
        .setUncompressedSize(Data.UNCOMPRESSED_SIZE)
        .setNumMessagesInBatch(Data.BATCH)
        .setEventTime(Data.EVENT_TIME);
  }

  @Override
  protected int bpReadStrings() {
    io.bufproto.jmh.bp.MessageMetadata m = bp;
    int n = m.getProducerName().length() + m.getPartitionKey().length();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getPropertyAt(i).getKey().length() + m.getPropertyAt(i).getValue().length();
    }
    for (int i = 0; i < m.getReplicateTosCount(); i++) {
      n += m.getReplicateToAt(i).length();
    }
    return n;
  }

  @Override
  protected void lpFill() {
    org.apache.pulsar.common.api.proto.MessageMetadata m =
        lp.clear()
            .setProducerName(Data.producer())
            .setSequenceId(Data.SEQUENCE_ID)
            .setPublishTime(Data.PUBLISH_TIME);
    for (String[] kv : Data.properties()) {
      m.addProperty().setKey(kv[0]).setValue(kv[1]);
    }
    m.setPartitionKey(Data.partitionKey());
    for (String r : Data.replicateTo()) {
      m.addReplicateTo(r);
    }
    m.setCompression(org.apache.pulsar.common.api.proto.CompressionType.LZ4)
        .setUncompressedSize(Data.UNCOMPRESSED_SIZE)
        .setNumMessagesInBatch(Data.BATCH)
        .setEventTime(Data.EVENT_TIME);
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
    org.apache.pulsar.common.api.proto.MessageMetadata m = lp;
    int n = m.getProducerName().length() + m.getPartitionKey().length();
    for (int i = 0; i < m.getPropertiesCount(); i++) {
      n += m.getPropertyAt(i).getKey().length() + m.getPropertyAt(i).getValue().length();
    }
    for (int i = 0; i < m.getReplicateTosCount(); i++) {
      n += m.getReplicateToAt(i).length();
    }
    return n;
  }
}
