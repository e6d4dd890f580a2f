package io.bufproto.api;

import io.bufproto.api.schema.MessageSchema;
import io.netty.buffer.ByteBuf;

/**
 * The contract of every generated message class: a mutable, reusable value that parses from and
 * writes to Netty {@link ByteBuf}s directly.
 *
 * <h2>Buffer ownership and lazy fields</h2>
 *
 * Parsing does not copy string and bytes fields: it records where they lie in the parsed buffer,
 * decodes them on first access, and a write copies them back unchanged. A lazy parse ({@link
 * #lazyParsing}) does the same with sub-messages, and writes whatever is unchanged by copying it
 * from the buffer. How the message holds that buffer is chosen per message with {@link
 * #retainParsedBuffers}:
 *
 * <ul>
 *   <li><b>Aliased</b> (the default): the message points into the buffer without a reference of its
 *       own. The caller keeps the buffer alive and unchanged for as long as lazy values may be read
 *       or the message written, or calls {@link #materialize()} first.
 *   <li><b>Retained</b>: each parse retains its buffer once (not once per value) and the message
 *       releases it when it stops pointing into it: at {@link #clear()}, at the next parse, at
 *       {@link #materialize()}. The caller may release its own reference right after the parse. A
 *       retaining message must be cleared (or parsed into again) before it is dropped, or the
 *       buffer leaks, as any retained buffer would.
 * </ul>
 *
 * Either way a lazy value is not read from memory the message no longer owns. After {@code
 * clear()}, a new parse or {@code materialize()}, a sub-message kept from before reads nothing: its
 * lazy getters throw Netty's {@link io.netty.util.IllegalReferenceCountException}. So do lazy
 * getters and writes after an aliased buffer was released, and after its pool handed the same
 * buffer object out again with other memory (its memory address, or array and offset, are compared
 * with those of the parse). Undetectable with an aliased buffer, so the caller's to avoid: the same
 * memory handed out again (a pool may give a released region to the next allocation of that size on
 * the same thread), and a buffer whose memory has no identity (a composite of several components, a
 * read-only view). A retained buffer cannot be handed out again while the message holds it.
 *
 * <h2>Index effects</h2>
 *
 * {@link #parseFrom(ByteBuf, int)} reads {@code size} bytes from {@code readerIndex} and advances
 * the reader index past them. {@link #writeTo(ByteBuf)} writes at {@code writerIndex} and advances
 * it. Neither touches the other index.
 *
 * <h2>Reuse</h2>
 *
 * {@link #clear()} takes constant time in the usual case: it resets presence bits and counts, and
 * keeps child messages, arrays and map storage for the next parse or fill, with the values they
 * held until those are overwritten. What it may keep is bounded: a message counts the values it
 * keeps this way, in serialized bytes, and once they pass 64 KiB (or the size of what is cleared is
 * not known: the message was changed and not written since) {@code clear()} releases instead,
 * dropping every value in the message and its sub-messages (but a string of at most 256 UTF-8 bytes
 * that a setter gave a singular field, so that the same {@code String} set again is not measured
 * again), and any array of more than 1024 elements. So a cleared message keeps at most 64 KiB of
 * values it no longer holds, plus storage a small message needs; a message reused for small
 * messages releases once every 64 KiB of them. Clearing one field, replacing a oneof member, or
 * replacing or removing a map value leaves that value where it was (a child message obtained before
 * stays as it was, and may be handed back) and makes the next {@code clear()} release. The scratch
 * array a message keeps for writing is at most 4 KiB (see {@link #writeTo}).
 *
 * <p>A child message obtained before a clear may be reused, and changed, by a later parse or fill
 * of its parent, and reads no lazy value of its old content (see above); passing it back to a
 * setter, adder or put of its own parent copies its content, as for any other message.
 *
 * <h2>Sub-messages and cached sizes</h2>
 *
 * A sub-message is created by the message holding it (setters and adders taking a message copy it)
 * and may be changed through any reference to it. The serialized size is computed once and kept
 * until a change anywhere in the tree, and each message a write visits tests its own required
 * fields as it goes: a write of an unchanged message is a single pass over its fields.
 *
 * <h2>Threads</h2>
 *
 * A message that no thread changes may be read by several threads at once: getters (a lazy field is
 * decoded by whichever thread reads it first; each gets an equal value), has-methods, counts, map
 * views, {@code getSerializedSize}, {@code isInitialized}, {@code equals}, {@code hashCode}, {@code
 * toString}, {@code toByteArray} and {@code writeTo} into a buffer that has an array (each thread
 * its own target). Everything else needs one thread at a time: setters, {@code clear}, {@code
 * parseFrom}, {@code copyFrom} into it, {@code materialize}, and {@code writeTo} into a buffer
 * without an array (the message composes it in a scratch array it keeps). The source buffer of a
 * parse may be shared: give each thread its own {@code duplicate()} (indexes are per view). {@code
 * ConcurrencyTest} checks exactly this.
 *
 * <h2>Generated-code API</h2>
 *
 * Public members whose names start with {@code _} ({@code _parse}, {@code _write}, {@code
 * _setParent}, ...) are public only because generated classes call each other; they are not for
 * users and may change with any release of the generator.
 *
 * @param <T> the generated class itself
 */
public interface ProtoMessage<T extends ProtoMessage<T>> {

  /**
   * Clears this message, then parses {@code size} bytes starting at {@code buf.readerIndex()} into
   * it, advancing the reader index by {@code size}.
   *
   * @throws InvalidProtobufException if the bytes are not a valid encoding, or a required field is
   *     missing
   * @throws IllegalArgumentException if {@code size} is negative or more than {@code
   *     buf.readableBytes()}
   */
  void parseFrom(ByteBuf buf, int size);

  /**
   * Clears this message, then parses only the fields {@code fields} asks for out of the {@code
   * size} bytes at {@code buf.readerIndex()}, and advances the reader index by {@code size} (also
   * when the projection stops early). A field asked for is parsed as {@link #parseFrom(ByteBuf,
   * int)} parses it: a message field with all its fields, strings and bytes lazily, under the same
   * buffer ownership; asking for one member of a oneof reads every member of it (the last one on
   * the wire is the one set). Every other field is skipped without being decoded: its tag, varint,
   * length prefix or group end is checked, its content (a string's UTF-8, a nested message's
   * fields) is not. Unknown fields and extensions are skipped too (but an undeclared value of an
   * asked closed enum is kept among the unknown fields, as {@code parseFrom} keeps it), and
   * required fields are not checked ({@code hasFoo()} tells). For what a projection that stops
   * early may miss, see {@link Projection}.
   *
   * <p>The message then holds part of what it was sent, so until it is cleared or parsed again it
   * refuses to be written ({@code writeTo}, {@code toByteArray}, {@code writeDelimitedTo}) or
   * copied ({@code copyFrom} of it): those throw {@link IllegalStateException}. Reading, {@code
   * getSerializedSize} (the size of what it holds), {@code toString} and the JSON and text formats
   * work as usual.
   *
   * @throws InvalidProtobufException if the bytes read are not a valid encoding
   * @throws IllegalArgumentException if {@code size} is negative or more than {@code
   *     buf.readableBytes()}
   * @throws IllegalStateException if this message is a sub-message of another
   */
  void parseFields(ByteBuf buf, int size, Projection fields);

  /**
   * {@link #parseFrom(ByteBuf, int)} allowing {@code recursionLimit} levels of nested messages and
   * groups below this one instead of 100 (protobuf-java's default).
   */
  void parseFrom(ByteBuf buf, int size, int recursionLimit);

  /**
   * {@link #parseFrom(ByteBuf, int, int)} refusing a message larger than {@code sizeLimit} bytes
   * before reading any of it, as protobuf-java's {@code CodedInputStream.setSizeLimit}. Every parse
   * is also bounded by the system property {@code bufproto.sizeLimit} (default: none, as
   * protobuf-java's).
   *
   * @throws InvalidProtobufException if {@code size > sizeLimit}, and as the other forms
   */
  void parseFrom(ByteBuf buf, int size, int recursionLimit, int sizeLimit);

  /** Clears this message and parses all of {@code bytes} into it. The message aliases the array. */
  void parseFrom(byte[] bytes);

  /**
   * {@link #parseFrom(ByteBuf, int)} reading the extensions {@code registry} holds (here and in
   * every sub-message) as extensions, as protobuf-java's {@code parseFrom(bytes, registry)}: each
   * takes the form protobuf-java gives it (a singular value once, messages merged and required
   * fields checked, repeated values in their declared packing, a closed enum's undeclared values as
   * unknown fields) and is written among the fields in field-number order. Without a registry they
   * stay unknown fields, written as they came after the fields; {@code getExtension} reads them
   * either way. See {@link ExtensionRegistry}.
   */
  default void parseFrom(ByteBuf buf, int size, ExtensionRegistry registry) {
    registry.parse(() -> parseFrom(buf, size));
  }

  /**
   * {@link #parseFrom(byte[])} with {@code registry}, as {@link #parseFrom(ByteBuf, int,
   * ExtensionRegistry)}.
   */
  default void parseFrom(byte[] bytes, ExtensionRegistry registry) {
    registry.parse(() -> parseFrom(bytes));
  }

  /**
   * Chooses how this message's later parses hold their buffer (see "Buffer ownership" above):
   * {@code true} retains it, {@code false} (the default) aliases it. Returns this.
   *
   * @throws IllegalStateException if this is a sub-message: it is parsed as part of its parent and
   *     follows the parent's choice
   */
  T retainParsedBuffers(boolean retain);

  /**
   * Chooses whether this message's later parses are lazy ({@code false}, eager, is the default).
   * Returns this. A lazy parse is for code that forwards more than it reads (a broker, a proxy):
   *
   * <ul>
   *   <li><b>Message fields are parsed on first use.</b> The parse records where each sub-message's
   *       bytes lie (checking only that its length fits), as it does for strings, and its getter
   *       (or {@code materialize()}, {@code equals}, {@code hashCode}, {@code copyFrom}) parses it,
   *       with the same checks as an eager parse. A malformed sub-message, or one missing a
   *       required field, throws {@link InvalidProtobufException} there, at each use until it is
   *       replaced or cleared, where an eager parse would have thrown at the parse; its offset and
   *       field path count from the sub-message's start. {@code isInitialized()} counts a deferred
   *       sub-message as initialized until it is parsed. Groups, map values and extensions are
   *       parsed eagerly, and so are sub-messages shorter than {@link #LAZY_DEFER_FROM} bytes (see
   *       {@link #lazyParsing(int)}): their parse costs about what deferring them and a first use
   *       would.
   *   <li><b>What is unchanged is written as it was received.</b> A message, or sub-message, not
   *       changed since its parse is written as one copy of the bytes it was parsed from, read or
   *       not, without a size pass over its fields; once changed (or cleared, or materialized) it
   *       is written from its fields. So a sub-message never read is forwarded unchecked, with
   *       whatever it holds: a broker that must not forward malformed bytes reads it or calls
   *       {@code materialize()} first. Bytes written as received may differ from protobuf-java's
   *       re-encoding when the sender's were not canonical (fields out of order or repeated,
   *       unknown fields among known ones, overlong varints), as protobuf-java's own lazy fields
   *       ({@code LazyFieldLite}) write them; after a change or {@code materialize()} they are
   *       protobuf-java's bytes.
   *   <li><b>Buffer and threads.</b> Deferred sub-messages are lazy values: they read the parsed
   *       buffer under the rules of "Buffer ownership" above, and a first use parses into the
   *       message, which moves the buffer's reader index for that parse and restores it, so a
   *       lazily parsed message is not safe to read from several threads until it is materialized.
   * </ul>
   *
   * @throws IllegalStateException if this is a sub-message: it is parsed as part of its parent and
   *     follows the parent's choice
   */
  T lazyParsing(boolean lazy);

  /**
   * {@link #lazyParsing(boolean) lazyParsing(true)}, deferring the sub-messages of at least {@code
   * deferFrom} bytes (0: every one). Shorter ones are parsed with their parent, and, like the rest,
   * written as received while unchanged. Returns this.
   *
   * @throws IllegalArgumentException if {@code deferFrom} is negative
   * @throws IllegalStateException if this is a sub-message
   */
  T lazyParsing(int deferFrom);

  /**
   * The length from which {@link #lazyParsing(boolean) lazyParsing(true)} defers a sub-message. A
   * sub-message of a few fields is parsed in about the time that deferring it and parsing it on
   * first use take (docs/design/lazy-parsing.md).
   */
  int LAZY_DEFER_FROM = 64;

  /**
   * Clears this message and parses the buffer's whole readable region into it, advancing the reader
   * index to the writer index: {@code parseFrom(buf, buf.readableBytes())}.
   */
  default void parseFrom(ByteBuf buf) {
    parseFrom(buf, buf.readableBytes());
  }

  /**
   * Parses one message of a delimited stream, as protobuf-java's {@code parseDelimitedFrom} reads
   * it: a varint32 size, then that many bytes of message, from the reader index, advancing past
   * both. At the end of the stream, a buffer with no readable bytes, it returns false and leaves
   * this message and the buffer as they were (protobuf-java returns {@code null} there).
   *
   * @return true if a message was parsed, false at the end of the stream
   * @throws InvalidProtobufException if the stream ends inside the size or the message, if the size
   *     prefix runs past 5 bytes (protobuf-java reads up to 10 and drops the high bits; no writer
   *     writes one), or as {@link #parseFrom(ByteBuf, int)}
   */
  boolean parseDelimitedFrom(ByteBuf buf);

  /** The exact number of bytes {@link #writeTo(ByteBuf)} writes. Cached until the next change. */
  int getSerializedSize();

  /**
   * Writes this message (without a length prefix) at the buffer's writer index. The message is
   * composed in place in a buffer that {@link ByteBuf#hasArray() has an array}; for any other
   * buffer (direct, composite, wrapped), in an array kept on this message and copied once when it
   * is at most 4 KiB, else a chunk of 64 KiB at a time in an array kept per platform thread (a
   * virtual thread borrows one from arrays shared by all): no write allocates an array as large as
   * the message.
   *
   * @return the number of bytes written, equal to {@link #getSerializedSize()}
   * @throws InvalidProtobufException if a required field is missing; the writer index has not moved
   *     (bytes past it, in the space the message would take, may have been written)
   */
  int writeTo(ByteBuf buf);

  /**
   * Writes this message's size as a varint32, then the message, at the writer index: one element of
   * a delimited stream, the bytes of protobuf-java's {@code writeDelimitedTo}. Nothing is written
   * if it fails.
   *
   * @return the number of bytes written, size prefix included
   * @throws InvalidProtobufException if a required field is missing
   */
  int writeDelimitedTo(ByteBuf buf);

  /** A new array holding exactly the bytes {@link #writeTo(ByteBuf)} would write. */
  byte[] toByteArray();

  /**
   * Resets every field to its default; keeps allocated children and arrays for reuse, within the
   * bound described under "Reuse" above. A retained buffer is released. Returns this.
   */
  T clear();

  /**
   * Merges {@code other} into this message the way protobuf-java's {@code mergeFrom} does: set
   * scalars overwrite, repeated fields append, messages merge, map entries overwrite by key. Lazy
   * fields are decoded, so this message does not alias {@code other}'s buffer. Returns this.
   */
  T copyFrom(T other);

  /**
   * Decodes every lazy field, and parses every sub-message a lazy parse deferred (throwing {@link
   * InvalidProtobufException} if one is malformed), so that this message no longer aliases any
   * buffer. The bytes written afterwards are those parsed, encoded from the fields: a string whose
   * bytes are not valid UTF-8 (which proto2 accepts) keeps them in a private copy, as protobuf-java
   * keeps its {@code ByteString}. Returns nothing, as LightProto's {@code materialize()} (see the
   * guide's "Moving from LightProto").
   */
  void materialize();

  /** Whether every required field, here and in set sub-messages, is present. */
  boolean isInitialized();

  /**
   * This message type's schema: its fields' numbers, names and types, as protoc resolved them (the
   * text and JSON formats read it).
   */
  MessageSchema schema();

  /**
   * This message in protobuf's text format, exactly as protobuf-java's {@code
   * TextFormat.printer().printToString} prints it (see {@link io.bufproto.api.format.ProtoText}).
   * Lazy fields are read, so the parsed buffer must still be live.
   */
  String toTextFormat();

  /**
   * Clears this message and fills it from protobuf's text format, as protobuf-java's {@code
   * TextFormat.merge} reads it (see {@link io.bufproto.api.format.ProtoText#parse}).
   *
   * @throws InvalidProtobufException if {@code text} is not valid text format for this type
   */
  void parseFromTextFormat(CharSequence text);

  /**
   * This message as JSON, exactly as protobuf-java's {@code JsonFormat.printer().print} prints it
   * (see {@link io.bufproto.api.format.ProtoJson} for options and the well-known types). Lazy
   * fields are read, so the parsed buffer must still be live.
   *
   * @throws IllegalArgumentException if a value has no JSON form (an {@code Any}, which needs a
   *     type registry, or a {@code Timestamp} out of range)
   */
  String toJson();

  /**
   * Clears this message and fills it from JSON, as protobuf-java's {@code
   * JsonFormat.parser().merge} reads it (see {@link io.bufproto.api.format.ProtoJson.Parser}).
   *
   * @throws InvalidProtobufException if {@code json} is not JSON or does not fit this type
   */
  void parseFromJson(String json);
}
