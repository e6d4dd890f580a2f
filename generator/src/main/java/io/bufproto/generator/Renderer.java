package io.bufproto.generator;

import gg.jte.ContentType;
import gg.jte.TemplateEngine;
import gg.jte.output.StringOutput;
import io.bufproto.templates.FileModel;
import io.bufproto.templates.ServiceModel;
import java.util.Map;

/** Renders a {@link FileModel} with the precompiled templates of {@code src-templates}. */
final class Renderer {

  private static final TemplateEngine ENGINE =
      TemplateEngine.createPrecompiled(null, ContentType.Plain, null, "io.bufproto.templates.jte");

  private Renderer() {}

  static String render(ServiceModel service) {
    StringOutput out = new StringOutput(16 * 1024);
    ENGINE.render("service.jte", Map.of("s", service), out);
    return JavaFormatter.format(out.toString());
  }

  static String render(FileModel file) {
    StringOutput out = new StringOutput(64 * 1024);
    ENGINE.render("file.jte", Map.of("file", file), out);
    return JavaFormatter.format(out.toString());
  }
}
