package io.bufproto.runtime.module;

/**
 * When the module runtime's parses read through views ({@link ArrayInput}, {@link RegionInput})
 * instead of Netty's {@code readByte()} chain: {@code auto} (the default) turns views on when a
 * third buffer class reaches a parse; {@code all} from the start; {@code none} never.
 *
 * <p>Why a count of classes: C2 inlines a call site that sees one or two receiver classes, and
 * there the chain reads a buffer faster than a view; from the third class on, each {@code
 * readByte()} is a virtual call, and views parse mixed buffer classes about twice as fast
 * (MixedBuffersBenchmark). Rejected: views always, and views for heap buffers only
 * (docs/design/views.md).
 *
 * <p>Not synchronized: the fields are written by racing parses, and a lost update costs a few
 * parses more before the switch. Once on, views stay on.
 */
final class ViewSwitch {

  private final boolean auto;

  private boolean on;

  private Class<?> first;

  private Class<?> second;

  private ViewSwitch(boolean auto, boolean on) {
    this.auto = auto;
    this.on = on;
  }

  /** The switch for the value of {@code bufproto.views}. */
  static ViewSwitch of(String mode) {
    return switch (mode) {
      case "auto" -> new ViewSwitch(true, false);
      case "all" -> new ViewSwitch(false, true);
      case "none" -> new ViewSwitch(false, false);
      default ->
          throw new IllegalArgumentException(
              "bufproto.views: " + mode + " is none of auto, all, none");
    };
  }

  /** Whether views can ever be on. */
  boolean mayTurnOn() {
    return auto || on;
  }

  /** Whether views are on. */
  boolean on() {
    return on;
  }

  /** Notes a buffer class a parse is given; returns whether views are on now. */
  boolean note(Class<?> k) {
    if (!auto || k == first || k == second) {
      return on;
    }
    if (first == null) {
      first = k;
    } else if (second == null) {
      second = k;
    } else {
      on = true;
    }
    return on;
  }
}
