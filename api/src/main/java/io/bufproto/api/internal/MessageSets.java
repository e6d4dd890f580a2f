package io.bufproto.api.internal;

import io.netty.buffer.ByteBuf;

/**
 * The fields of a MessageSet ({@code option message_set_wire_format = true}), read as protobuf-java
 * parses one with no extension registry (every extension is unknown to it too) and kept in {@link
 * UnknownFields} in the item form protobuf-java writes back, sorted by type id.
 */
public final class MessageSets {

  /** MessageSet's item: group 1 holding type_id (field 2, varint) and message (field 3, bytes). */
  private static final int ITEM_TAG = (1 << 3) | ProtoCodec.WIRETYPE_START_GROUP;

  private static final int ITEM_END_TAG = (1 << 3) | ProtoCodec.WIRETYPE_END_GROUP;
  private static final int TYPE_ID_TAG = (2 << 3) | ProtoCodec.WIRETYPE_VARINT;
  private static final int MESSAGE_TAG = (3 << 3) | ProtoCodec.WIRETYPE_LENGTH_DELIMITED;

  private MessageSets() {}

  /**
   * Reads the field whose tag was just read into {@code set} (created when null). An item (group 1)
   * with a non-zero type_id and a message (either order; the last of each counts; other fields in
   * it skipped), and a plain length-delimited field (its number as the type id), are kept as the
   * item protobuf-java writes back: {@code 0b 10 <type id> 1a <length> <message> 0c}. An item that
   * lacks either is dropped; a type id of 2^31 or more is rejected (protobuf-java throws an
   * IllegalArgumentException there). A field of another wire type is read, so that a malformed one
   * is rejected, and dropped: protobuf-java keeps it in its unknown field set but never writes it.
   */
  public static UnknownFields read(UnknownFields set, ByteBuf buf, int tag, int end, int depth) {
    if (tag == ITEM_TAG) {
      return readItem(set, buf, end, depth);
    }
    if ((tag & 7) != ProtoCodec.WIRETYPE_LENGTH_DELIMITED) {
      ProtoCodec.skipField(buf, tag, end, depth);
      return set;
    }
    ProtoCodec.checkTag(tag);
    int len = ProtoCodec.readLength(buf, end);
    UnknownFields s =
        UnknownFields.addRecord(set, tag >>> 3, item(tag >>> 3, buf, buf.readerIndex(), len));
    buf.skipBytes(len);
    return s;
  }

  private static UnknownFields readItem(UnknownFields set, ByteBuf buf, int end, int depth) {
    int typeId = 0;
    int message = -1;
    int messageLength = 0;
    while (true) {
      if (buf.readerIndex() >= end) {
        throw buf.readerIndex() == end ? ParseFailure.unclosedGroup() : ParseFailure.truncated();
      }
      int t = ProtoCodec.readVarint32(buf); // not readTag: an error here is in the field being read
      if (t == TYPE_ID_TAG) {
        typeId = ProtoCodec.readUInt32(buf);
      } else if (t == MESSAGE_TAG) {
        messageLength = ProtoCodec.readLength(buf, end);
        message = buf.readerIndex();
        buf.skipBytes(messageLength);
      } else if (t == ITEM_END_TAG) {
        break;
      } else {
        ProtoCodec.skipField(buf, t, end, depth); // rejects a bad tag and any other end-group tag
      }
    }
    if (typeId == 0 || message < 0) {
      return set;
    }
    if (typeId < 0) {
      throw ParseFailure.invalidMessageSetTypeId(typeId);
    }
    return UnknownFields.addRecord(set, typeId, item(typeId, buf, message, messageLength));
  }

  /** The item of {@code typeId} holding {@code length} bytes of {@code src} at {@code index}. */
  private static byte[] item(int typeId, ByteBuf src, int index, int length) {
    byte[] out =
        new byte[4 + ProtoCodec.varint32Size(typeId) + ProtoCodec.varint32Size(length) + length];
    int at = ProtoWriter.writeVarint32(out, 0, out.length, ITEM_TAG);
    at = ProtoWriter.writeVarint32(out, at, out.length, TYPE_ID_TAG);
    at = ProtoWriter.writeVarint32(out, at, out.length, typeId);
    at = ProtoWriter.writeVarint32(out, at, out.length, MESSAGE_TAG);
    at = ProtoWriter.writeVarint32(out, at, out.length, length);
    src.getBytes(index, out, at, length);
    ProtoWriter.writeVarint32(out, at + length, out.length, ITEM_END_TAG);
    return out;
  }
}
