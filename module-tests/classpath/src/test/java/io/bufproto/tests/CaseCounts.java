package io.bufproto.tests;

import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Cases counted per message type in two columns (say "parsed" and "refused"), printed as a table at
 * the end of a property class, so that a run shows what it compared.
 */
final class CaseCounts {

  private final String title;
  private final String[] columns;
  private final Map<String, AtomicInteger[]> counts = new ConcurrentHashMap<>();

  CaseCounts(String title, String... columns) {
    this.title = title;
    this.columns = columns;
  }

  /** One more case of {@code type} in column {@code column}. */
  void count(Case type, int column) {
    counts
        .computeIfAbsent(
            type.name(),
            k -> {
              AtomicInteger[] row = new AtomicInteger[columns.length];
              for (int i = 0; i < row.length; i++) {
                row[i] = new AtomicInteger();
              }
              return row;
            })[column]
        .incrementAndGet();
  }

  void print() {
    StringBuilder sb = new StringBuilder(title).append(":\n");
    sb.append(String.format("  %-48s", "message type"));
    for (String c : columns) {
      sb.append(String.format(" %8s", c));
    }
    sb.append('\n');
    for (String type : new TreeSet<>(counts.keySet())) {
      sb.append(String.format("  %-48s", type));
      for (AtomicInteger n : counts.get(type)) {
        sb.append(String.format(" %8d", n.get()));
      }
      sb.append('\n');
    }
    System.out.print(sb);
  }
}
