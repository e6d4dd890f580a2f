package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import io.bufproto.api.message.GeneratedMessage;
import io.bufproto.generator.BufProtoGenerator;
import io.bufproto.templates.FieldNames;
import io.bufproto.templates.GeneratedMethods;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The generator's one list of method names ({@link GeneratedMethods}) is the list of methods the
 * generated classes really declare: the generator keeps accessors from clashing with exactly these
 * names, so a template that adds a method without listing it could emit a class that does not
 * compile, and a listed name nothing declares renames fields for nothing.
 */
class GeneratedMethodsTest {

  @Test
  void everyGeneratedClassDeclaresExactlyTheListedMethods() {
    Set<String> messageLevelSeen = new TreeSet<>();
    List<String> problems = new ArrayList<>();
    Set<String> checked = new HashSet<>();
    for (Case c : ParseDifferential.TYPES) {
      check(
          c.prototype().getDescriptorForType(),
          c.ours().get().getClass(),
          checked,
          messageLevelSeen,
          problems);
    }
    assertEquals(List.of(), problems);
    assertTrue(checked.size() > 150, "classes checked: " + checked.size());

    Set<String> unused = new TreeSet<>(GeneratedMethods.MESSAGE);
    unused.removeAll(messageLevelSeen);
    for (Method m : Object.class.getDeclaredMethods()) {
      unused.remove(m.getName());
    }
    assertEquals(Set.of(), unused, "message-level names no generated class of the suite declares");
  }

  @Test
  void theInheritedListIsWhatGeneratedMessageAndItsSuperclassDeclare() {
    Set<String> declared = new TreeSet<>();
    // GeneratedMessage and the package-private class it extends (MessageState).
    for (Class<?> c = GeneratedMessage.class; c != Object.class; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        int mod = m.getModifiers();
        if (!m.isSynthetic() && (Modifier.isPublic(mod) || Modifier.isProtected(mod))) {
          declared.add(m.getName());
        }
      }
    }
    assertEquals(new TreeSet<>(GeneratedMethods.INHERITED), declared);
  }

  /**
   * Checks {@code type}, then the classes it reaches: its nested types and the types of its
   * singular and repeated message fields (found through their getters' return types).
   */
  private static void check(
      Descriptor d,
      Class<?> type,
      Set<String> checked,
      Set<String> messageLevelSeen,
      List<String> problems) {
    if (!checked.add(d.getFullName())) {
      return;
    }
    Set<String> declared = new TreeSet<>();
    for (Method m : type.getDeclaredMethods()) {
      if (!m.isSynthetic()) {
        declared.add(m.getName());
      }
    }
    Set<String> fieldMethods = BufProtoGenerator.fieldMethods(d);
    boolean extendable = d.toProto().getExtensionRangeCount() > 0;
    for (String name : declared) {
      if (GeneratedMethods.MESSAGE.contains(name)) {
        messageLevelSeen.add(name);
      } else if (!(extendable && GeneratedMethods.EXTENDABLE.contains(name))
          && !fieldMethods.contains(name)) {
        problems.add(
            type.getName() + " declares " + name + "(), which GeneratedMethods does not list");
      }
    }
    for (String name : fieldMethods) {
      if (!declared.contains(name)) {
        problems.add(
            type.getName() + " lacks " + name + "(), which GeneratedMethods lists for its fields");
      }
    }
    for (Descriptor nested : d.getNestedTypes()) {
      if (!nested.getOptions().getMapEntry()) {
        check(nested, nestedClass(type, nested), checked, messageLevelSeen, problems);
      }
    }
    Map<Integer, FieldNames> names = BufProtoGenerator.accessorNames(d);
    for (FieldDescriptor fd : d.getFields()) {
      if (fd.getJavaType() == FieldDescriptor.JavaType.MESSAGE && !fd.isMapField()) {
        FieldNames n = names.get(fd.getNumber());
        String getter = fd.isRepeated() ? "get" + n.singular() + "At" : "get" + n.cap();
        Class<?>[] parameters = fd.isRepeated() ? new Class<?>[] {int.class} : new Class<?>[0];
        try {
          check(
              fd.getMessageType(),
              type.getMethod(getter, parameters).getReturnType(),
              checked,
              messageLevelSeen,
              problems);
        } catch (NoSuchMethodException e) {
          problems.add(type.getName() + " lacks " + getter + "() for " + fd.getFullName());
        }
      }
    }
  }

  private static Class<?> nestedClass(Class<?> outer, Descriptor nested) {
    for (Class<?> c : outer.getDeclaredClasses()) {
      if (c.getSimpleName().equals(nested.getName())) {
        return c;
      }
    }
    throw new AssertionError(outer.getName() + " has no nested class for " + nested.getFullName());
  }
}
