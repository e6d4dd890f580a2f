package io.bufproto.runtime.module;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ViewSwitchTest {

  @Test
  void autoTurnsOnAtTheThirdClassAndStaysOn() {
    ViewSwitch s = ViewSwitch.of("auto");
    assertTrue(s.mayTurnOn());
    for (int i = 0; i < 5; i++) {
      assertFalse(s.note(String.class));
      assertFalse(s.note(Integer.class));
    }
    assertFalse(s.on());
    assertTrue(s.note(Long.class));
    assertTrue(s.on());
    assertTrue(s.note(String.class));
  }

  @Test
  void allIsOnAndNoneNeverTurnsOn() {
    assertTrue(ViewSwitch.of("all").on());
    ViewSwitch none = ViewSwitch.of("none");
    assertFalse(none.mayTurnOn());
    for (Class<?> k : new Class<?>[] {String.class, Integer.class, Long.class, Short.class}) {
      assertFalse(none.note(k));
    }
  }

  @Test
  void anUnknownModeFailsWithTheModesItKnows() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ViewSwitch.of("heap"));
    assertTrue(e.getMessage().contains("auto, all, none"), e.getMessage());
  }
}
