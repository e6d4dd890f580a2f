package io.bufproto.generator;

/**
 * A schema the generator cannot handle. The message names the {@code .proto} file, the element and
 * the reason; the protoc plugin reports it as the run's error.
 */
public final class GeneratorException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public GeneratorException(String file, String element, String reason) {
    super(file + ": " + element + ": " + reason);
  }
}
