package io.bufproto.api.format;

import io.bufproto.api.ExtensionRegistry;
import io.bufproto.api.schema.FieldSchema;
import io.bufproto.api.schema.MessageSchema;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The message types an {@code Any} may hold, found by type URL: the part after the last {@code /}
 * names the type ({@code type.googleapis.com/acme.Order}). Adding a type adds the message types its
 * fields use, transitively.
 */
public final class TypeRegistry {

  private static final TypeRegistry EMPTY = new TypeRegistry(Map.of(), null);

  private final Map<String, MessageSchema> byName;

  /** The extensions the formats read and write as fields, or null. */
  private final ExtensionRegistry extensions;

  private TypeRegistry(Map<String, MessageSchema> byName, ExtensionRegistry extensions) {
    this.byName = byName;
    this.extensions = extensions;
  }

  /** These types, and {@code extensions} for the formats' {@code [pkg.ext]} fields. */
  TypeRegistry withExtensions(ExtensionRegistry extensions) {
    return new TypeRegistry(byName, extensions);
  }

  /** The extension registry the formats were given, or null. */
  ExtensionRegistry extensions() {
    return extensions;
  }

  /** {@code type} as the formats read it: with the extension registry's fields of it, if any. */
  MessageSchema view(MessageSchema type) {
    return extensions == null ? type : extensions.extend(type);
  }

  /** The registry that knows no type: printing or parsing a non-empty {@code Any} fails. */
  public static TypeRegistry empty() {
    return EMPTY;
  }

  /** A registry of {@code types} and every message type their fields use. */
  public static TypeRegistry of(MessageSchema... types) {
    Map<String, MessageSchema> byName = new HashMap<>();
    Deque<MessageSchema> todo = new ArrayDeque<>(java.util.List.of(types));
    while (!todo.isEmpty()) {
      MessageSchema t = todo.pop();
      if (byName.putIfAbsent(t.fullName(), t) != null) {
        continue;
      }
      for (int i = 0; i < t.fieldCount(); i++) {
        FieldSchema f = t.field(i);
        if (f.isMap()) {
          if (f.mapValue().type().isMessage()) {
            todo.push(f.mapValue().messageType());
          }
        } else if (f.type().isMessage()) {
          todo.push(f.messageType());
        }
      }
    }
    return new TypeRegistry(Map.copyOf(byName), null);
  }

  /** The type named by {@code typeUrl}, or null if this registry does not hold it. */
  public MessageSchema find(String typeUrl) {
    return byName.get(typeName(typeUrl));
  }

  /**
   * The type's full name in {@code typeUrl}: its last non-empty {@code /}-separated part, as
   * protobuf-java's JsonFormat splits it.
   */
  @SuppressWarnings("StringSplitter") // String.split's dropping of trailing empty parts is the rule
  static String typeName(String typeUrl) {
    String[] parts = typeUrl.split("/");
    if (parts.length <= 1) {
      throw new IllegalArgumentException("Invalid type url found: " + typeUrl);
    }
    return parts[parts.length - 1];
  }
}
