package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.bufproto.api.InvalidProtobufException;
import io.bufproto.api.ProtoMessage;
import io.bufproto.templates.FieldNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * Sizes and the required-field check are cached per message and forgotten on change, also when the
 * change is made deep in the tree through a reference to a sub-message (see {@code MessageParent}).
 * Each step writes a message (so every size in it is cached), then changes one random sub-message
 * reached through the getters (clear it, or merge another random message into it), and the next
 * write must equal protobuf-java's bytes for the same change, or fail exactly when protobuf-java's
 * message is no longer initialized.
 */
class SizeCacheProperties {

  private static final Map<String, FieldNames> NAMES_CACHE = new ConcurrentHashMap<>();

  /** One step along the tree: a singular field, a repeated element, or a map value by key. */
  private record Step(FieldDescriptor field, int index) {}

  @Property
  void changesThroughSubMessageReferencesReachTheCachedSizes(
      @ForAll long seed, @ForAll @IntRange(min = 1, max = 5) int size) {
    CompatibilityProperties.forEachType(
        seed,
        (type, s) -> {
          Random random = new Random(s);
          RandomMessages messages = new RandomMessages(s, size, true);
          Message pj = messages.next(type.prototype());
          ProtoMessage<?> ours = type.ours().get();
          OursFiller.fill(ours, pj);
          for (int round = 0; round < 3; round++) {
            assertEquals(
                pj.getSerializedSize(), ours.getSerializedSize(), "size before change " + round);
            if (pj.isInitialized()) {
              assertArrayEquals(
                  pj.toByteArray(), ours.toByteArray(), "write before change " + round);
            }
            List<Step> path = randomPath(pj, random);
            Message target = at(pj, path);
            boolean merge = random.nextBoolean();
            Message other = merge ? messages.next(target.getDefaultInstanceForType()) : null;
            pj =
                replaceAt(
                    pj,
                    path,
                    merge
                        ? target.toBuilder().mergeFrom(other).buildPartial()
                        : target.getDefaultInstanceForType());
            ProtoMessage<?> ourTarget = at(ours, pj, path);
            if (merge) {
              ProtoMessage<?> ourOther = newOurs(ourTarget);
              OursFiller.fill(ourOther, other);
              OursFiller.call(ourTarget, "copyFrom", ourOther);
            } else {
              ourTarget.clear();
            }
            String what = (merge ? "merge at " : "clear at ") + path;
            assertEquals(pj.getSerializedSize(), ours.getSerializedSize(), what);
            if (pj.isInitialized()) {
              assertTrue(ours.isInitialized(), what);
              assertArrayEquals(pj.toByteArray(), ours.toByteArray(), what);
            } else {
              assertThrows(InvalidProtobufException.class, ours::toByteArray, what);
            }
          }
        });
  }

  /** A random path to a present sub-message (possibly the message itself). */
  private static List<Step> randomPath(Message m, Random random) {
    List<Step> path = new ArrayList<>();
    while (random.nextInt(4) != 0) {
      List<Step> choices = new ArrayList<>();
      for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
        FieldDescriptor fd = e.getKey();
        if (fd.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
          continue;
        }
        if (fd.isMapField()) {
          FieldDescriptor value = fd.getMessageType().findFieldByNumber(2);
          // Not values with required fields: protobuf-java cannot size a map once one is cleared.
          if (value.getJavaType() == FieldDescriptor.JavaType.MESSAGE
              && com.google.protobuf.DynamicMessage.getDefaultInstance(value.getMessageType())
                  .isInitialized()) {
            for (int i = 0; i < m.getRepeatedFieldCount(fd); i++) {
              choices.add(new Step(fd, i));
            }
          }
        } else if (fd.isRepeated()) {
          for (int i = 0; i < m.getRepeatedFieldCount(fd); i++) {
            choices.add(new Step(fd, i));
          }
        } else {
          choices.add(new Step(fd, -1));
        }
      }
      if (choices.isEmpty()) {
        break;
      }
      Step step = choices.get(random.nextInt(choices.size()));
      path.add(step);
      m = child(m, step);
    }
    return path;
  }

  private static Message child(Message m, Step step) {
    FieldDescriptor fd = step.field();
    if (step.index() < 0) {
      return (Message) m.getField(fd);
    }
    Message element = (Message) m.getRepeatedField(fd, step.index());
    return fd.isMapField()
        ? (Message) element.getField(fd.getMessageType().findFieldByNumber(2))
        : element;
  }

  private static Message at(Message m, List<Step> path) {
    for (Step step : path) {
      m = child(m, step);
    }
    return m;
  }

  /** {@code m} with the sub-message at {@code path} replaced by {@code value}. */
  private static Message replaceAt(Message m, List<Step> path, Message value) {
    if (path.isEmpty()) {
      return value;
    }
    Step step = path.get(0);
    FieldDescriptor fd = step.field();
    Message replaced = replaceAt(child(m, step), path.subList(1, path.size()), value);
    Message.Builder b = m.toBuilder();
    if (step.index() < 0) {
      b.setField(fd, replaced);
    } else if (fd.isMapField()) {
      Message entry = (Message) m.getRepeatedField(fd, step.index());
      b.setRepeatedField(
          fd,
          step.index(),
          entry.toBuilder().setField(fd.getMessageType().findFieldByNumber(2), replaced).build());
    } else {
      b.setRepeatedField(fd, step.index(), replaced);
    }
    return b.buildPartial();
  }

  /** Our sub-message at {@code path}, reached through the getters a user would call. */
  private static ProtoMessage<?> at(ProtoMessage<?> ours, Message pj, List<Step> path) {
    Object o = ours;
    Message m = pj;
    for (Step step : path) {
      FieldDescriptor fd = step.field();
      FieldNames names = names(m, fd);
      if (step.index() < 0) {
        o = OursFiller.call(o, "get" + names.cap());
      } else if (fd.isMapField()) {
        Message entry = (Message) m.getRepeatedField(fd, step.index());
        o =
            OursFiller.call(
                o, "get" + names.cap(), entry.getField(fd.getMessageType().findFieldByNumber(1)));
      } else {
        o = OursFiller.call(o, "get" + names.singular() + "At", step.index());
      }
      m = child(m, step);
    }
    return (ProtoMessage<?>) o;
  }

  private static FieldNames names(Message m, FieldDescriptor fd) {
    return NAMES_CACHE.computeIfAbsent(
        fd.getFullName(),
        k ->
            io.bufproto.generator.BufProtoGenerator.accessorNames(m.getDescriptorForType())
                .get(fd.getNumber()));
  }

  private static ProtoMessage<?> newOurs(ProtoMessage<?> like) {
    try {
      return (ProtoMessage<?>) like.getClass().getConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
