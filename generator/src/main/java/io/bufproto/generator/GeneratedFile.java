package io.bufproto.generator;

/**
 * One output file.
 *
 * @param name the path relative to the output root ({@code com/acme/Person.java})
 * @param content the Java source
 */
public record GeneratedFile(String name, String content) {}
