package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import io.bufproto.api.Extension;
import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoEnum;
import io.bufproto.api.ProtoMessage;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * Every extension of protobuf's {@code unittest.proto} (all types, repeated, packed and unpacked,
 * groups, nested scopes, extensions between fields, huge numbers), on every extendable type of the
 * file, against protobuf-java: random messages with extensions and stray unknown fields under
 * extension numbers, parsed with and without a registry from every buffer kind, written back and
 * compared byte for byte with protobuf-java's registry-aware (and registry-less) parse and write;
 * each typed value compared; the same message built through {@code setExtension} written
 * identically.
 */
class ExtensionProperties {

  static final com.google.protobuf.ExtensionRegistry THEIRS =
      com.google.protobuf.ExtensionRegistry.newInstance();
  static final ExtensionRegistry OURS = ExtensionRegistry.newInstance();

  static {
    proto2_unittest.UnittestProto.registerAllExtensions(THEIRS);
    proto2_unittest.UnittestExtensions.registerAllExtensions(OURS);
  }

  /** An extendable type of unittest.proto with its extensions, in both libraries. */
  record Type(Message prototype, Class<?> ours, List<FieldDescriptor> extensions) {

    ProtoMessage<?> newOurs() {
      try {
        return (ProtoMessage<?>) ours.getConstructor().newInstance();
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    String name() {
      return prototype.getDescriptorForType().getFullName();
    }
  }

  static final List<Type> TYPES = types();

  private static List<Type> types() {
    List<Type> out = new ArrayList<>();
    for (Descriptor d : proto2_unittest.UnittestProto.getDescriptor().getMessageTypes()) {
      addTypes(d, out);
    }
    return out;
  }

  private static void addTypes(Descriptor d, List<Type> out) {
    List<FieldDescriptor> extensions = new ArrayList<>();
    for (var info : THEIRS.getAllImmutableExtensionsByExtendedType(d.getFullName())) {
      extensions.add(info.descriptor);
    }
    if (!extensions.isEmpty() && !d.getOptions().getMessageSetWireFormat()) {
      extensions.sort((a, b) -> Integer.compare(a.getNumber(), b.getNumber()));
      out.add(new Type(prototype(d), ourClass(d), extensions));
    }
    for (Descriptor n : d.getNestedTypes()) {
      addTypes(n, out);
    }
  }

  private static Message prototype(Descriptor d) {
    try {
      String name = d.getFullName().substring("proto2_unittest.".length()).replace('.', '$');
      Class<?> c = Class.forName("proto2_unittest.UnittestProto$" + name);
      return (Message) c.getMethod("getDefaultInstance").invoke(null);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static Class<?> ourClass(Descriptor d) {
    try {
      String name = d.getFullName().substring("proto2_unittest.".length()).replace('.', '$');
      return Class.forName("proto2_unittest." + name);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void everyExtendableTypeOfUnittestIsCovered() {
    // TestAllExtensions, the packed/unpacked pair, groups, fields between extension ranges, huge
    // numbers, nested scopes: a sanity check that the walk above found them.
    assertTrue(TYPES.size() >= 10, () -> "types: " + TYPES.stream().map(Type::name).toList());
    assertTrue(TYPES.stream().anyMatch(t -> t.name().equals("proto2_unittest.TestFieldOrderings")));
  }

  @Property(tries = 40)
  void extensionsRoundTripAsProtobufJavaWritesThem(
      @ForAll long seed,
      @ForAll @IntRange(min = 0, max = 3) int size,
      @ForAll BufKind source,
      @ForAll BufKind target)
      throws Exception {
    for (Type type : TYPES) {
      try {
        roundTrip(type, seed ^ type.name().hashCode(), size, source, target);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError(type.name() + ": " + e.getMessage(), e);
      }
    }
  }

  private static void roundTrip(Type type, long seed, int size, BufKind source, BufKind target)
      throws InvalidProtocolBufferException {
    Message pj =
        new RandomMessages(seed, size, true)
            .nextWithExtensions(type.prototype(), type.extensions());
    byte[] bytes = pj.toByteArray();
    Message theirs;
    try {
      theirs = pj.getParserForType().parseFrom(bytes, THEIRS);
    } catch (InvalidProtocolBufferException e) {
      // A stray length-delimited field read as packed values, or as a message: both refuse.
      ProtoMessage<?> ours = type.newOurs();
      assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(bytes, OURS));
      return;
    }
    byte[] expected = theirs.toByteArray();

    ProtoMessage<?> ours = type.newOurs();
    ByteBuf in = source.source(bytes);
    ByteBuf out = target.target(expected.length);
    try {
      ours.parseFrom(in, bytes.length, OURS);
      assertEquals(bytes.length, in.readerIndex() - (source == BufKind.OFFSET ? 7 : 0));
      assertEquals(
          expected.length,
          ours.getSerializedSize(),
          () ->
              "size after a registry parse of "
                  + ByteBufUtil.hexDump(bytes)
                  + ": protobuf-java writes "
                  + ByteBufUtil.hexDump(expected)
                  + ", we write "
                  + ByteBufUtil.hexDump(ours.toByteArray()));
      int writerBefore = out.writerIndex();
      int written = ours.writeTo(out);
      assertArrayEquals(
          expected, ByteBufUtil.getBytes(out, writerBefore, written), () -> "write of " + theirs);
      ours.materialize(); // before the source is released
    } finally {
      in.release();
      out.release();
    }
    assertValues(type, theirs, ours);

    // Without a registry: extension data stays unknown, as protobuf-java keeps it; getExtension
    // still reads it.
    ProtoMessage<?> plain = type.newOurs();
    plain.parseFrom(bytes);
    assertArrayEquals(pj.getParserForType().parseFrom(bytes).toByteArray(), plain.toByteArray());
    assertValues(type, theirs, plain);

    // Built through the setters, from protobuf-java's values: the same bytes, the same message.
    ProtoMessage<?> built = type.newOurs();
    built.parseFrom(stripExtensions(theirs).toByteArray());
    for (FieldDescriptor fd : type.extensions()) {
      if (fd.isRepeated() ? theirs.getRepeatedFieldCount(fd) > 0 : theirs.hasField(fd)) {
        Extension<?, ?> e = extension(fd);
        Object value;
        if (fd.isRepeated()) {
          List<Object> values = new ArrayList<>();
          for (int i = 0; i < theirs.getRepeatedFieldCount(fd); i++) {
            values.add(toOurs(e, theirs.getRepeatedField(fd, i)));
          }
          value = values;
        } else {
          value = toOurs(e, theirs.getField(fd));
        }
        set(built, e, value);
      }
    }
    assertArrayEquals(expected, built.toByteArray(), "write after setExtension");
    assertEquals(ours, built);
    assertEquals(ours.hashCode(), built.hashCode());

    // Merge: the message's bytes twice, as protobuf-java merges them.
    byte[] twice = concat(bytes, bytes);
    ProtoMessage<?> merged = type.newOurs();
    merged.parseFrom(twice, OURS);
    assertArrayEquals(
        pj.getParserForType().parseFrom(twice, THEIRS).toByteArray(),
        merged.toByteArray(),
        "parse of the bytes twice");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void set(ProtoMessage<?> m, Extension e, Object value) {
    invoke(m, "setExtension", new Class<?>[] {Extension.class, Object.class}, e, value);
  }

  private static Object invoke(ProtoMessage<?> m, String method, Class<?>[] types, Object... args) {
    try {
      return m.getClass().getMethod(method, types).invoke(m, args);
    } catch (java.lang.reflect.InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError(e);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  private static Message stripExtensions(Message m) {
    Message.Builder b = m.toBuilder();
    for (FieldDescriptor fd : m.getAllFields().keySet()) {
      if (fd.isExtension()) {
        b.clearField(fd);
      }
    }
    return b.build();
  }

  private static void assertValues(Type type, Message theirs, ProtoMessage<?> ours) {
    for (FieldDescriptor fd : type.extensions()) {
      Extension<?, ?> e = extension(fd);
      Object value = invoke(ours, "getExtension", new Class<?>[] {Extension.class}, e);
      if (fd.isRepeated()) {
        assertEquals(list(theirs, fd), normalize(value), fd.getFullName());
        assertEquals(
            theirs.getRepeatedFieldCount(fd),
            invoke(ours, "getExtensionCount", new Class<?>[] {Extension.class}, e));
      } else {
        assertEquals(
            theirs.hasField(fd),
            invoke(ours, "hasExtension", new Class<?>[] {Extension.class}, e),
            fd.getFullName());
        assertEquals(ours(theirs.getField(fd)), normalize(value), fd.getFullName());
      }
    }
  }

  private static List<Object> list(Message m, FieldDescriptor fd) {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < m.getRepeatedFieldCount(fd); i++) {
      out.add(ours(m.getRepeatedField(fd, i)));
    }
    return out;
  }

  /**
   * protobuf-java's value as ours is: bytes as an array (compared as a ByteString), an enum as its
   * number, a message as its bytes.
   */
  private static Object ours(Object theirs) {
    if (theirs instanceof EnumValueDescriptor v) {
      return v.getNumber();
    }
    if (theirs instanceof Message m) {
      return ByteString.copyFrom(m.toByteArray());
    }
    return theirs;
  }

  /** protobuf-java's value as a value of our extension {@code e}. */
  private static Object toOurs(Extension<?, ?> e, Object theirs) {
    if (theirs instanceof EnumValueDescriptor v) {
      return e.enumValue(v.getNumber());
    }
    if (theirs instanceof Message m) {
      ProtoMessage<?> ours = e.newMessage();
      ours.parseFrom(m.toByteArray());
      return ours;
    }
    if (theirs instanceof ByteString b) {
      return b.toByteArray();
    }
    return theirs;
  }

  private static Object normalize(Object ours) {
    if (ours instanceof List<?> l) {
      List<Object> out = new ArrayList<>();
      for (Object o : l) {
        out.add(normalize(o));
      }
      return out;
    }
    if (ours instanceof byte[] b) {
      return ByteString.copyFrom(b);
    }
    if (ours instanceof ProtoEnum e) {
      return e.getNumber();
    }
    if (ours instanceof io.bufproto.api.internal.InternalMessage m) {
      // Partial: the default of an unset message extension may lack required fields.
      return ByteString.copyFrom(m._partialBytes());
    }
    return ours;
  }

  /** Our constant for protobuf-java's extension {@code fd}. */
  static Extension<?, ?> extension(FieldDescriptor fd) {
    Extension<?, ?> e = OURS.find(fd.getFullName());
    if (e == null) {
      throw new AssertionError("no extension " + fd.getFullName());
    }
    return e;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  // ------------------------------------------------------------------ cases

  @Test
  void unpackedValuesOfAPackedExtensionAreWrittenPacked() throws Exception {
    Message unpacked =
        new RandomMessages(7, 3, true)
            .nextWithExtensions(
                proto2_unittest.UnittestProto.TestUnpackedExtensions.getDefaultInstance(),
                TYPES.stream()
                    .filter(t -> t.name().equals("proto2_unittest.TestUnpackedExtensions"))
                    .findFirst()
                    .orElseThrow()
                    .extensions());
    // Without the stray unknown fields, whose random bytes would not read as packed values.
    byte[] bytes =
        unpacked.toBuilder()
            .setUnknownFields(com.google.protobuf.UnknownFieldSet.getDefaultInstance())
            .build()
            .toByteArray();
    byte[] expected =
        proto2_unittest.UnittestProto.TestPackedExtensions.parseFrom(bytes, THEIRS).toByteArray();
    proto2_unittest.TestPackedExtensions ours = new proto2_unittest.TestPackedExtensions();
    ours.parseFrom(bytes, OURS);
    assertArrayEquals(expected, ours.toByteArray());
  }

  @Test
  void aClosedEnumsUndeclaredValueStaysUnknown() throws Exception {
    // optional_nested_enum_extension = 21, value 77 undeclared; then 2 (BAR).
    byte[] bytes = {(byte) 0xa8, 1, 77, (byte) 0xa8, 1, 2};
    var theirs = proto2_unittest.UnittestProto.TestAllExtensions.parseFrom(bytes, THEIRS);
    proto2_unittest.TestAllExtensions ours = new proto2_unittest.TestAllExtensions();
    ours.parseFrom(bytes, OURS);
    assertArrayEquals(theirs.toByteArray(), ours.toByteArray());
    assertEquals(
        proto2_unittest.TestAllTypes.NestedEnum.BAR,
        ours.getExtension(proto2_unittest.UnittestExtensions.optionalNestedEnumExtension));
  }

  @Test
  void aMessageExtensionMissingARequiredFieldIsRefusedLikeProtobufJava() {
    // TestRequired.single (1000) holding an empty TestRequired: its a, b, c are missing.
    byte[] bytes = {(byte) 0xc2, 0x3e, 0};
    assertThrows(
        InvalidProtocolBufferException.class,
        () -> proto2_unittest.UnittestProto.TestAllExtensions.parseFrom(bytes, THEIRS));
    proto2_unittest.TestAllExtensions ours = new proto2_unittest.TestAllExtensions();
    InvalidProtobufException e =
        assertThrows(InvalidProtobufException.class, () -> ours.parseFrom(bytes, OURS));
    assertTrue(e.getMessage().contains("a"), e.getMessage());
    // Without a registry it is an unknown field, as for protobuf-java.
    ours.parseFrom(bytes);
    assertArrayEquals(bytes, ours.toByteArray());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            ours.setExtension(
                proto2_unittest.TestRequired.single, new proto2_unittest.TestRequired()));
  }

  @Test
  void typedAccessors() {
    proto2_unittest.TestAllExtensions m = new proto2_unittest.TestAllExtensions();
    var x = proto2_unittest.UnittestExtensions.optionalInt32Extension;
    var r = proto2_unittest.UnittestExtensions.repeatedStringExtension;
    assertFalse(m.hasExtension(x));
    assertEquals(0, m.getExtension(x).intValue());
    assertEquals(
        41, m.getExtension(proto2_unittest.UnittestExtensions.defaultInt32Extension).intValue());
    m.setExtension(x, 5).addExtension(r, "a").addExtension(r, "b");
    assertTrue(m.hasExtension(x));
    assertEquals(5, m.getExtension(x).intValue());
    assertEquals(List.of("a", "b"), m.getExtension(r));
    assertEquals("b", m.getExtension(r, 1));
    assertEquals(2, m.getExtensionCount(r));
    m.clearExtension(x);
    assertFalse(m.hasExtension(x));
    assertEquals(
        proto2_unittest.UnittestProto.TestAllExtensions.newBuilder()
            .addExtension(proto2_unittest.UnittestProto.repeatedStringExtension, "a")
            .addExtension(proto2_unittest.UnittestProto.repeatedStringExtension, "b")
            .build()
            .toByteString(),
        ByteString.copyFrom(m.toByteArray()));
    m.clear();
    assertEquals(0, m.getExtensionCount(r));
    assertEquals(0, m.getSerializedSize());
  }
}
