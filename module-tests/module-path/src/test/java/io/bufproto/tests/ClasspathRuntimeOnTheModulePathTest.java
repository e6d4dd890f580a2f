package io.bufproto.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.Configuration;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.lang.module.ResolutionException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What docs/guide/runtimes.md promises about bufproto-runtime-classpath on the module path: it
 * cannot be there. Its helper lives in package io.netty.buffer, which Netty's named module owns, so
 * resolving it next to Netty fails, whether something requires it or service binding pulls it in.
 * (Classpath deployments are unaffected: that is what it is for.)
 */
class ClasspathRuntimeOnTheModulePathTest {

  private static final Path JAR = Path.of(System.getProperty("bufproto.classpathRuntimeJar"));

  @Test
  void itIsAnAutomaticModuleOwningNettysPackageAndProvidingAReader() {
    ModuleReference ref = ModuleFinder.of(JAR).findAll().iterator().next();
    assertTrue(ref.descriptor().isAutomatic(), "no module-info, no Automatic-Module-Name");
    assertTrue(
        ref.descriptor().packages().contains("io.netty.buffer"),
        ref.descriptor().packages().toString());
    assertEquals(
        List.of("io.bufproto.api.spi.BufProtoRuntime"),
        ref.descriptor().provides().stream().map(p -> p.service()).toList());
  }

  @Test
  void requiringItNextToNettyFailsResolution() {
    ModuleFinder finder = ModuleFinder.of(JAR);
    String name = finder.findAll().iterator().next().descriptor().name();
    ResolutionException e =
        assertThrows(
            ResolutionException.class,
            () ->
                ModuleLayer.boot()
                    .configuration()
                    .resolve(finder, ModuleFinder.of(), Set.of(name)));
    System.out.println("bufproto-runtime-classpath on the module path: " + e.getMessage());
    assertTrue(e.getMessage().contains("io.netty.buffer"), e.getMessage());
  }

  @Test
  void serviceBindingPullsItInAndFailsTooEvenWhenNothingRequiresIt() {
    // A layer whose own module uses the runtime SPI, as io.bufproto.api does in the boot layer.
    ModuleFinder finder = ModuleFinder.of(JAR);
    Configuration parent = ModuleLayer.boot().configuration();
    ResolutionException e =
        assertThrows(
            ResolutionException.class,
            () -> parent.resolveAndBind(finder, ModuleFinder.of(), Set.of()));
    assertTrue(e.getMessage().contains("io.netty.buffer"), e.getMessage());
  }
}
