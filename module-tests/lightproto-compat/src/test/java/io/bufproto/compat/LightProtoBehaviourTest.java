package io.bufproto.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Code written for LightProto's classes behaves the same on ours: the same random calls of
 * LightProto's public setters, adders and putters are made on a LightProto message and on ours
 * (through reflection, so every field of every schema is covered), then every getter, has-, count-
 * and indexed getter of LightProto's class must return the same on both, ours must write
 * protobuf-java's bytes (LightProto's too, re-encoded by protobuf-java, where they differ), and
 * each must parse the other's bytes back to the same values. Where LightProto's bytes do not hold
 * its own values (protobuf-java rejects them, or LightProto reads back others), the case is printed
 * as LightProto's defect and ours are checked against protobuf-java only.
 */
class LightProtoBehaviourTest {

  private static final int SEEDS = Integer.getInteger("bufproto.compat.seeds", 20);
  private static final int MAX_DEPTH = 3;

  @Test
  void randomCallsOfLightProtosApiGiveTheSameValuesAndBytes() throws Exception {
    List<String> lp = LightProtoApiCompatibilityTest.lightProtoClasses();
    Set<String> generated = new TreeSet<>(lp);
    List<String> failures = new ArrayList<>();
    List<String> lightProtoDefects = new ArrayList<>();
    int compared = 0;
    for (String name : lp) {
      Class<?> lpClass = Class.forName(name);
      if (!isMessage(lpClass)) {
        continue;
      }
      for (int seed = 0; seed < SEEDS; seed++) {
        Object theirs = lpClass.getConstructor().newInstance();
        Object ours =
            LightProtoApiCompatibilityTest.map(lpClass, generated).getConstructor().newInstance();
        try {
          fill(theirs, ours, new Random(seed * 31L + name.hashCode()), generated, 0);
          compare(theirs, ours, generated, "");
          byte[] theirBytes = write(theirs);
          byte[] ourBytes = write(ours);
          if (theirBytes == null || ourBytes == null) {
            assertEquals(
                theirBytes == null,
                ourBytes == null,
                "one refused to write (a required field unset), the other did not");
            continue;
          }
          // Ours are protobuf-java's bytes, and LightProto reads back from them the values it
          // holds.
          assertEquals(
              ByteBufUtil.hexDump(protobufJava(lpClass, ourBytes)),
              ByteBufUtil.hexDump(ourBytes),
              "ours re-encoded by protobuf-java");
          Object theirsFromOurs = lpClass.getConstructor().newInstance();
          parse(theirsFromOurs, ourBytes);
          compare(theirs, theirsFromOurs, Set.of(), "(LightProto parsing ours) ");
          if (!Arrays.equals(theirBytes, ourBytes)) {
            String why = lightProtoDefect(lpClass, theirs, theirBytes);
            if (why != null) {
              lightProtoDefects.add(
                  name
                      + " seed "
                      + seed
                      + ": "
                      + why
                      + "; LightProto wrote "
                      + ByteBufUtil.hexDump(theirBytes));
              compared++;
              continue;
            }
            // Valid but different (LightProto writes fields in declaration order): protobuf-java
            // re-encodes LightProto's bytes as ours.
            assertEquals(
                ByteBufUtil.hexDump(protobufJava(lpClass, theirBytes)),
                ByteBufUtil.hexDump(ourBytes),
                "written bytes, against protobuf-java's encoding of LightProto's ("
                    + ByteBufUtil.hexDump(theirBytes)
                    + ")");
          }
          Object oursFromTheirs =
              LightProtoApiCompatibilityTest.map(lpClass, generated).getConstructor().newInstance();
          parse(oursFromTheirs, theirBytes);
          compare(theirs, oursFromTheirs, generated, "(parsed from LightProto's bytes) ");
          compared++;
        } catch (AssertionError | ReflectiveOperationException | RuntimeException e) {
          failures.add(
              name
                  + " seed "
                  + seed
                  + ": "
                  + (e instanceof InvocationTargetException ? e.getCause() : e));
          break;
        }
      }
    }
    System.out.println(
        "LightProto "
            + System.getProperty("lightproto.version")
            + " wrote bytes that do not hold its values in "
            + lightProtoDefects.size()
            + " cases (BufProto wrote protobuf-java's):\n"
            + String.join("\n", lightProtoDefects));
    assertEquals("", String.join("\n", failures), failures.size() + " types behave differently");
    assertTrue(compared > 500, "messages compared: " + compared);
  }

  /**
   * A field this schema does not know inside a sub-message (a newer peer's flag inside {@code
   * CommandConnect}): ours keeps it and writes protobuf-java's bytes, the input unchanged.
   * LightProto drops unknown fields; what it writes is printed, not asserted (0.8.0 writes a {@code
   * BaseCommand} that protobuf-java rejects: it drops the field but still writes as many bytes as
   * it parsed, the missing ones as zeros).
   */
  @Test
  void anUnknownFieldInASubMessageIsKeptAndWrittenAsProtobufJavaDoes() throws Exception {
    byte[] connect =
        org.apache.pulsar.common.api.proto.PulsarApi.CommandConnect.newBuilder()
            .setClientVersion("client")
            .setProtocolVersion(21)
            .build()
            .toByteArray();
    byte[] flag = {(byte) 0xa0, 0x06, 0x01}; // field 100, varint 1
    ByteBuf in = Unpooled.buffer();
    in.writeBytes(new byte[] {0x08, 0x02, 0x12, (byte) (connect.length + flag.length)});
    in.writeBytes(connect).writeBytes(flag);
    byte[] input = ByteBufUtil.getBytes(in);
    byte[] expected =
        org.apache.pulsar.common.api.proto.PulsarApi.BaseCommand.parseFrom(input).toByteArray();
    assertEquals(ByteBufUtil.hexDump(input), ByteBufUtil.hexDump(expected), "protobuf-java's");

    org.apache.pulsar.common.api.proto.BpBaseCommand ours =
        new org.apache.pulsar.common.api.proto.BpBaseCommand();
    ours.parseFrom(input);
    assertEquals("client", ours.getConnect().getClientVersion());
    assertEquals(ByteBufUtil.hexDump(expected), ByteBufUtil.hexDump(ours.toByteArray()));

    org.apache.pulsar.common.api.proto.BaseCommand theirs =
        new org.apache.pulsar.common.api.proto.BaseCommand();
    parse(theirs, input);
    byte[] theirBytes = write(theirs);
    String verdict;
    try {
      org.apache.pulsar.common.api.proto.PulsarApi.BaseCommand.parseFrom(theirBytes);
      verdict = "protobuf-java reads them";
    } catch (com.google.protobuf.InvalidProtocolBufferException e) {
      verdict = "protobuf-java rejects them (" + e.getMessage() + ")";
    }
    System.out.println(
        "LightProto "
            + System.getProperty("lightproto.version")
            + ", a BaseCommand whose CommandConnect has an unknown field, parsed and written: "
            + ByteBufUtil.hexDump(theirBytes)
            + "; "
            + verdict
            + "; BufProto wrote the input unchanged");
  }

  /**
   * Why LightProto's {@code bytes} do not hold the values of {@code written}, the message they were
   * written from (protobuf-java rejects them, or LightProto itself reads back other values), or
   * null when they do.
   */
  private static String lightProtoDefect(Class<?> lpClass, Object written, byte[] bytes)
      throws Exception {
    try {
      protobufJava(lpClass, bytes);
    } catch (InvocationTargetException e) {
      return "protobuf-java rejects them (" + e.getCause().getMessage().split("\\.", -1)[0] + ")";
    }
    Object back = lpClass.getConstructor().newInstance();
    try {
      parse(back, bytes);
      compare(written, back, Set.of(), "");
    } catch (AssertionError | InvocationTargetException e) {
      return "LightProto reads back other values (" + e.getMessage() + ")";
    }
    return null;
  }

  /**
   * {@code bytes} parsed and written again by protobuf-java's class for {@code lpClass}'s message.
   */
  private static byte[] protobufJava(Class<?> lpClass, byte[] bytes) throws Exception {
    Class<?> pj = PROTOBUF_JAVA.get(lpClass.getName());
    if (pj == null) {
      throw new AssertionError(
          "no protobuf-java class for " + lpClass.getName() + " in " + PROTOBUF_JAVA.keySet());
    }
    Object message = pj.getMethod("parseFrom", byte[].class).invoke(null, bytes);
    return (byte[]) pj.getMethod("toByteArray").invoke(message);
  }

  /**
   * protobuf-java's message classes by the name LightProto gives the same message: {@code
   * pkg.Outer$Person$PhoneNumber} under {@code pkg.Person$PhoneNumber}.
   */
  private static final Map<String, Class<?>> PROTOBUF_JAVA = protobufJavaClasses();

  private static Map<String, Class<?>> protobufJavaClasses() {
    Path root =
        Path.of(System.getProperty("protobuf.sources", "target/generated-sources/protobuf"));
    Map<String, Class<?>> out = new HashMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".java"))::iterator) {
        String name = root.relativize(p).toString().replace('/', '.').replace('\\', '.');
        name = name.substring(0, name.length() - ".java".length());
        Class<?> outer = Class.forName(name, false, LightProtoBehaviourTest.class.getClassLoader());
        if (!outer.getSimpleName().startsWith("Bp")) {
          addNested(outer, outer, out);
        }
      }
    } catch (IOException | ClassNotFoundException e) {
      throw new AssertionError(e);
    }
    return out;
  }

  private static void addNested(Class<?> outer, Class<?> c, Map<String, Class<?>> out) {
    for (Class<?> n : c.getDeclaredClasses()) {
      if (com.google.protobuf.Message.class.isAssignableFrom(n) && n.getDeclaringClass() == c) {
        out.put(
            outer.getPackageName() + "." + n.getName().substring(outer.getName().length() + 1), n);
        addNested(outer, n, out);
      }
    }
  }

  private static boolean isMessage(Class<?> c) throws NoSuchMethodException {
    return !c.isEnum()
        && Modifier.isPublic(c.getModifiers())
        && Arrays.stream(c.getMethods()).anyMatch(m -> m.getName().equals("getSerializedSize"));
  }

  /** Calls a random selection of LightProto's mutators on both, with the same arguments. */
  private static void fill(Object theirs, Object ours, Random r, Set<String> generated, int depth)
      throws Exception {
    Method[] methods = theirs.getClass().getMethods();
    Arrays.sort(methods, Comparator.comparing(Method::toGenericString));
    for (Method m : methods) {
      if (m.getDeclaringClass() != theirs.getClass()
          || Modifier.isStatic(m.getModifiers())
          || r.nextInt(3) == 0) {
        continue;
      }
      String n = m.getName();
      boolean mutator = n.startsWith("set") || n.startsWith("add") || n.startsWith("put");
      if (!mutator || n.startsWith("addAll")) {
        continue;
      }
      Class<?>[] params = m.getParameterTypes();
      int times = n.startsWith("set") ? 1 : r.nextInt(3);
      for (int t = 0; t < times; t++) {
        if (params.length == 0) {
          if (depth < MAX_DEPTH && isMessage(m.getReturnType())) {
            Object theirChild = m.invoke(theirs);
            Object ourChild = ours.getClass().getMethod(n).invoke(ours);
            fill(theirChild, ourChild, r, generated, depth + 1);
          }
          continue;
        }
        Object[] theirArgs = new Object[params.length];
        Object[] ourArgs = new Object[params.length];
        boolean supported = true;
        for (int i = 0; i < params.length; i++) {
          Object v = value(params[i], r);
          if (v == null) {
            supported = false;
            break;
          }
          theirArgs[i] = v;
          ourArgs[i] = convert(v, generated);
        }
        if (!supported) {
          break;
        }
        Object theirResult = m.invoke(theirs, theirArgs);
        Method o =
            ours.getClass().getMethod(n, LightProtoApiCompatibilityTest.map(params, generated));
        Object ourResult = o.invoke(ours, ourArgs);
        if (depth < MAX_DEPTH
            && theirResult != null
            && isMessage(theirResult.getClass())
            && theirResult != theirs) {
          fill(theirResult, ourResult, r, generated, depth + 1); // putX(key) of message values
        }
      }
    }
  }

  private static Object value(Class<?> type, Random r) {
    if (type == int.class) {
      return r.nextBoolean() ? r.nextInt(200) - 100 : r.nextInt();
    } else if (type == long.class) {
      return r.nextBoolean() ? (long) (r.nextInt(200) - 100) : r.nextLong();
    } else if (type == boolean.class) {
      return r.nextBoolean();
    } else if (type == float.class) {
      return r.nextFloat() * 1000 - 500;
    } else if (type == double.class) {
      return r.nextDouble() * 1e6 - 5e5;
    } else if (type == String.class) {
      String[] samples = {"", "a", "pulsar", "héllo", "日本語", "emoji \uD83D\uDE00", "x".repeat(200)};
      return samples[r.nextInt(samples.length)];
    } else if (type == byte[].class) {
      byte[] b = new byte[r.nextInt(20)];
      r.nextBytes(b);
      return b;
    } else if (type.isEnum()) {
      Object[] constants = type.getEnumConstants();
      return constants[r.nextInt(constants.length)];
    }
    return null;
  }

  /** LightProto's argument as ours: enum constants by name, the rest as it is. */
  private static Object convert(Object v, Set<String> generated) {
    if (v instanceof Enum<?>) {
      Class<?> ours =
          LightProtoApiCompatibilityTest.map(((Enum<?>) v).getDeclaringClass(), generated);
      for (Object c : ours.getEnumConstants()) {
        if (((Enum<?>) c).name().equals(((Enum<?>) v).name())) {
          return c;
        }
      }
      throw new AssertionError("no constant " + v + " in " + ours);
    }
    return v;
  }

  /**
   * Every getter of LightProto's class returns the same on both (messages compared recursively).
   */
  private static void compare(Object theirs, Object ours, Set<String> generated, String path)
      throws Exception {
    Method[] methods = theirs.getClass().getMethods();
    Arrays.sort(methods, Comparator.comparing(Method::getName));
    for (Method m : methods) {
      String n = m.getName();
      if (m.getDeclaringClass() != theirs.getClass()
          || Modifier.isStatic(m.getModifiers())
          || !(n.startsWith("get") || n.startsWith("has") || n.startsWith("is"))
          || n.equals("getSerializedSize")
          || n.equals("hashCode")) {
        continue;
      }
      Method o =
          ours.getClass()
              .getMethod(n, LightProtoApiCompatibilityTest.map(m.getParameterTypes(), generated));
      if (m.getParameterCount() == 0) {
        Object theirValue = m.invoke(theirs);
        Object ourValue = o.invoke(ours);
        if (theirValue == null && ourValue instanceof Enum<?>) {
          // A deliberate difference: LightProto returns null for an unset enum field, ours its
          // default, as protobuf-java. Only where the field is unset.
          Method has = theirs.getClass().getMethod("has" + n.substring(3));
          assertEquals(false, has.invoke(theirs), path + n + "() null while set");
          assertEquals(
              false,
              ours.getClass().getMethod(has.getName()).invoke(ours),
              path + has.getName() + "()");
          continue;
        }
        try {
          same(path + n + "()", theirValue, ourValue, generated);
        } catch (AssertionError e) {
          if (!unsetInBoth(theirs, ours, n)) {
            throw e;
          }
          // LightProto 0.7.3: the getter of a oneof member returns the value it held before another
          // member was set (0.8.0 returns the default, as protobuf-java and ours do).
          same(
              path + n + "() of an unset field",
              o.invoke(ours.getClass().getConstructor().newInstance()),
              ourValue,
              generated);
        }
      } else if (m.getParameterCount() == 1
          && m.getParameterTypes()[0] == int.class
          && n.endsWith("At")) {
        // Every index until LightProto's getter refuses one: ours must refuse the same one.
        for (int i = 0; ; i++) {
          Object theirValue;
          try {
            theirValue = m.invoke(theirs, i);
          } catch (InvocationTargetException e) {
            if (!(e.getCause() instanceof IndexOutOfBoundsException)) {
              throw e;
            }
            int at = i;
            InvocationTargetException ourError =
                org.junit.jupiter.api.Assertions.assertThrows(
                    InvocationTargetException.class,
                    () -> o.invoke(ours, at),
                    path + n + "(" + i + ")");
            assertTrue(
                ourError.getCause() instanceof IndexOutOfBoundsException,
                path + n + "(" + i + "): " + ourError.getCause());
            break;
          }
          same(path + n + "(" + i + ")", theirValue, o.invoke(ours, i), generated);
        }
      }
    }
  }

  /**
   * Whether getter {@code n} ({@code getX}, {@code isX}, {@code getXSize}, {@code getXSlice}) has a
   * {@code hasX()} twin that is false in both messages.
   */
  private static boolean unsetInBoth(Object theirs, Object ours, String n) throws Exception {
    if (!n.startsWith("get") && !n.startsWith("is")) {
      return false;
    }
    String field = n.substring(n.startsWith("is") ? 2 : 3);
    for (String has : List.of("has" + field, "has" + field.replaceFirst("(Size|Slice)$", ""))) {
      try {
        return !(Boolean) theirs.getClass().getMethod(has).invoke(theirs)
            && !(Boolean) ours.getClass().getMethod(has).invoke(ours);
      } catch (NoSuchMethodException e) {
        // try the next name
      }
    }
    return false;
  }

  private static void same(String what, Object theirs, Object ours, Set<String> generated)
      throws Exception {
    if (theirs == null || ours == null) {
      assertEquals(theirs == null, ours == null, what + ": " + theirs + " / " + ours);
    } else if (theirs instanceof byte[] array) {
      assertEquals(ByteBufUtil.hexDump(array), ByteBufUtil.hexDump((byte[]) ours), what);
    } else if (theirs instanceof ByteBuf byteBuf) {
      assertEquals(ByteBufUtil.hexDump(byteBuf), ByteBufUtil.hexDump((ByteBuf) ours), what);
    } else if (theirs instanceof Enum<?>) {
      assertEquals(((Enum<?>) theirs).name(), ((Enum<?>) ours).name(), what);
    } else if (theirs instanceof List<?>) {
      List<?> a = (List<?>) theirs;
      List<?> b = (List<?>) ours;
      assertEquals(a.size(), b.size(), what + ".size()");
      for (int i = 0; i < a.size(); i++) {
        same(what + "[" + i + "]", a.get(i), b.get(i), generated);
      }
    } else if (isMessage(theirs.getClass())) {
      compare(theirs, ours, generated, what + ".");
    } else if (theirs instanceof java.util.Map<?, ?>) {
      assertEquals(String.valueOf(theirs), String.valueOf(ours), what);
    } else {
      assertEquals(theirs, ours, what);
    }
  }

  private static byte[] write(Object message) throws Exception {
    ByteBuf buf = Unpooled.buffer();
    try {
      message.getClass().getMethod("writeTo", ByteBuf.class).invoke(message, buf);
    } catch (InvocationTargetException e) {
      return null;
    }
    return ByteBufUtil.getBytes(buf);
  }

  private static void parse(Object message, byte[] bytes) throws Exception {
    message
        .getClass()
        .getMethod("parseFrom", ByteBuf.class, int.class)
        .invoke(message, Unpooled.wrappedBuffer(bytes), bytes.length);
  }
}
