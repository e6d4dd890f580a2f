package io.bufproto.tests;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.bufproto.api.ProtoMessage;
import io.bufproto.generator.BufProtoGenerator;
import io.bufproto.templates.FieldNames;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Builds a BufProto message equal to a protobuf-java one through the generated public setters
 * ({@code setX}, {@code setX()}, {@code addX}, {@code putX}, {@code setXValue}), found by the
 * accessor names the generator chose. This exercises the API a user fills messages with.
 */
final class OursFiller {

  private static final Map<Descriptor, Map<Integer, FieldNames>> NAMES = new ConcurrentHashMap<>();

  private OursFiller() {}

  static void fill(ProtoMessage<?> ours, Message pj) {
    Map<Integer, FieldNames> names =
        NAMES.computeIfAbsent(pj.getDescriptorForType(), BufProtoGenerator::accessorNames);
    for (Map.Entry<FieldDescriptor, Object> e : pj.getAllFields().entrySet()) {
      FieldDescriptor fd = e.getKey();
      FieldNames n = names.get(fd.getNumber());
      if (fd.isMapField()) {
        for (Object entry : (List<?>) e.getValue()) {
          putEntry(ours, n.cap(), (Message) entry);
        }
      } else if (fd.isRepeated()) {
        for (Object v : (List<?>) e.getValue()) {
          add(ours, n.singular(), v);
        }
      } else {
        set(ours, n.cap(), e.getValue());
      }
    }
  }

  private static void set(Object ours, String cap, Object v) {
    if (v instanceof Message message) {
      fill((ProtoMessage<?>) call(ours, "set" + cap), message);
    } else if (v instanceof EnumValueDescriptor ev) {

      if (ev.getIndex() < 0 || ev.getType().findValueByNumber(ev.getNumber()) == null) {
        call(ours, "set" + cap + "Value", ev.getNumber());
      } else {
        call(ours, "set" + cap, ourEnum(ours, "get" + cap, ev.getNumber()));
      }
    } else {
      call(ours, "set" + cap, plain(v));
    }
  }

  private static void add(Object ours, String one, Object v) {
    if (v instanceof Message message) {
      fill((ProtoMessage<?>) call(ours, "add" + one), message);
    } else if (v instanceof EnumValueDescriptor enumValueDescriptor) {
      call(ours, "add" + one + "Value", enumValueDescriptor.getNumber());
    } else {
      call(ours, "add" + one, plain(v));
    }
  }

  private static void putEntry(Object ours, String cap, Message entry) {
    Descriptor d = entry.getDescriptorForType();
    Object key = plain(entry.getField(d.findFieldByNumber(1)));
    Object value = entry.getField(d.findFieldByNumber(2));
    if (value instanceof Message message) {
      fill((ProtoMessage<?>) call(ours, "put" + cap, key), message);
    } else if (value instanceof EnumValueDescriptor enumValueDescriptor) {
      call(ours, "put" + cap + "Value", key, enumValueDescriptor.getNumber());
    } else {
      call(ours, "put" + cap, key, plain(value));
    }
  }

  private static Object plain(Object v) {
    return v instanceof ByteString byteString ? byteString.toByteArray() : v;
  }

  /** Our enum constant with this number, via the static {@code forNumber} of the getter's type. */
  private static Object ourEnum(Object ours, String getter, int number) {
    try {
      Class<?> type = ours.getClass().getMethod(getter).getReturnType();
      return type.getMethod("forNumber", int.class).invoke(null, number);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  /**
   * Adds an enum by number: {@code addValue} is the open enums' method, {@code addX(E)} the closed
   * ones'.
   */
  private static void call(Object ours, String addValue, int number) {
    Method m = find(ours.getClass(), addValue, 1);
    if (m != null) {
      invoke(m, ours, number);
      return;
    }
    String add = addValue.substring(0, addValue.length() - "Value".length());
    Method plainAdd = find(ours.getClass(), add, 1);
    try {
      Object constant =
          plainAdd.getParameterTypes()[0].getMethod("forNumber", int.class).invoke(null, number);
      invoke(plainAdd, ours, constant);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  static Object call(Object target, String name, Object... args) {
    Method m = find(target.getClass(), name, args.length);
    if (m == null) {
      throw new AssertionError(
          "no method " + name + "/" + args.length + " on " + target.getClass().getName());
    }
    return invoke(m, target, args);
  }

  private static Object invoke(Method m, Object target, Object... args) {
    try {
      return m.invoke(target, args);
    } catch (IllegalAccessException e) {
      throw new AssertionError(e);
    } catch (InvocationTargetException e) {
      throw new AssertionError(m + " threw", e.getCause());
    }
  }

  /** The public method with this name and arity, preferring parameter types other than ByteBuf. */
  private static Method find(Class<?> c, String name, int arity) {
    Method found = null;
    for (Method m : c.getMethods()) {
      if (m.getName().equals(name) && m.getParameterCount() == arity) {
        boolean bufParam =
            arity > 0 && m.getParameterTypes()[arity - 1].getName().startsWith("io.netty");
        if (found == null || !bufParam) {
          found = m;
        }
      }
    }
    return found;
  }
}
