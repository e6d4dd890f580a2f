package io.bufproto.api;

import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.MessageSchema;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The extensions a parse, or the JSON and text formats, know by number and by name, as
 * protobuf-java's {@code ExtensionRegistry}. Each generated {@code <Outer>Extensions} class has a
 * {@code registerAllExtensions(ExtensionRegistry)} that adds every extension of its file.
 *
 * <p>A parse given a registry ({@link ProtoMessage#parseFrom(io.netty.buffer.ByteBuf, int,
 * ExtensionRegistry)}) reads each registered extension it meets as protobuf-java's registry-aware
 * parse does, and the message then writes it as protobuf-java writes it: in field-number order
 * among the fields, in its declared encoding. A parse without one keeps extension data as unknown
 * fields, written after the fields as they came; {@code getExtension} reads them either way.
 *
 * <p>Fill a registry, then share it: {@link #add} is not safe while other threads read it.
 */
public final class ExtensionRegistry {

  /** The registry of the parse under way on each thread ({@link #parse}). */
  private static final ThreadLocal<ExtensionRegistry> PARSING = new ThreadLocal<>();

  /**
   * The parses with a registry under way on any thread. While there are none, {@link #_parsing()}
   * does not look at {@link #PARSING}: a thread's first look would give it a thread-local map, a
   * cost to every virtual thread that parses an extendable message with no registry.
   */
  private static final AtomicInteger PARSES = new AtomicInteger();

  /**
   * Per extended type, its extensions by ascending number: {@link #find(String, int)} searches them
   * without boxing (a parse asks once per extension field it meets). Rebuilt by {@link #add}.
   */
  private final Map<String, Extension<?, ?>[]> byExtendee = new HashMap<>();

  private final Map<String, Extension<?, ?>> byName = new HashMap<>();

  /** {@link #extend}'s results, by type name; emptied by {@link #add}. */
  private final Map<String, MessageSchema> extended = new ConcurrentHashMap<>();

  private ExtensionRegistry() {}

  /** A new, empty registry. */
  public static ExtensionRegistry newInstance() {
    return new ExtensionRegistry();
  }

  /**
   * Adds {@code extension}; returns this.
   *
   * @throws IllegalArgumentException if another extension of the same type has its number or name
   */
  public ExtensionRegistry add(Extension<?, ?> extension) {
    Extension<?, ?> old = find(extension.extendee(), extension.number());
    Extension<?, ?> sameName = byName.get(extension.fullName());
    if (old == extension) {
      return this;
    }
    if (old != null || sameName != null) {
      throw new IllegalArgumentException(
          "conflicting extensions: " + extension + " and " + (old != null ? old : sameName));
    }
    byName.put(extension.fullName(), extension);
    Extension<?, ?>[] before =
        byExtendee.getOrDefault(extension.extendee(), new Extension<?, ?>[0]);
    Extension<?, ?>[] all = Arrays.copyOf(before, before.length + 1);
    all[before.length] = extension;
    Arrays.sort(all, Comparator.comparingInt(Extension::number));
    byExtendee.put(extension.extendee(), all);
    extended.clear();
    return this;
  }

  /**
   * Runs {@code parse} with this registry as the extension registry of the parses on this thread:
   * only extendable messages look at it ({@link #_parsing()}), only for fields they do not declare,
   * so a registry costs nothing to messages without extension ranges.
   */
  void parse(Runnable parse) {
    ExtensionRegistry outer = PARSING.get();
    PARSING.set(this);
    PARSES.incrementAndGet();
    try {
      parse.run();
    } finally {
      PARSES.decrementAndGet();
      if (outer == null) {
        PARSING.remove();
      } else {
        PARSING.set(outer);
      }
    }
  }

  /**
   * Generated-code API: the registry of the parse under way on this thread ({@link
   * ProtoMessage#parseFrom(io.netty.buffer.ByteBuf, int, ExtensionRegistry)}), or null.
   */
  public static ExtensionRegistry _parsing() {
    return PARSES.get() == 0 ? null : PARSING.get();
  }

  /** The extension of {@code extendee} (a full message name) numbered {@code number}, or null. */
  public Extension<?, ?> find(String extendee, int number) {
    Extension<?, ?>[] all = byExtendee.get(extendee);
    if (all == null) {
      return null;
    }
    int lo = 0;
    int hi = all.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int n = all[mid].number();
      if (n < number) {
        lo = mid + 1;
      } else if (n > number) {
        hi = mid - 1;
      } else {
        return all[mid];
      }
    }
    return null;
  }

  /** The extension with this full name ({@code pkg.Scope.name}), or null. */
  public Extension<?, ?> find(String fullName) {
    return byName.get(fullName);
  }

  /**
   * {@code type} with this registry's extensions of it among its fields ({@link
   * MessageSchema#withExtensions}), or {@code type} itself when there are none: how the JSON and
   * text formats see a message when given this registry.
   */
  public MessageSchema extend(MessageSchema type) {
    Extension<?, ?>[] all = byExtendee.get(type.fullName());
    if (all == null) {
      return type;
    }
    MessageSchema view = extended.get(type.fullName());
    if (view == null) {
      List<FieldSchema> fields = new ArrayList<>();
      for (Extension<?, ?> e : all) {
        fields.add(e.field());
      }
      view = type.withExtensions(fields);
      extended.put(type.fullName(), view);
    }
    return view;
  }

  @Override
  public String toString() {
    return "ExtensionRegistry" + byName.keySet();
  }
}
