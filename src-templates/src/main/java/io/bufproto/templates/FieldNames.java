package io.bufproto.templates;

/**
 * The names of one field in the generated class, already clash-free.
 *
 * @param proto the name in the {@code .proto} file (for toString and error messages)
 * @param cap the capitalized Java name in accessors ({@code FooBar}: {@code getFooBar()})
 * @param singular the name of one element of a repeated field ({@code Phone} for {@code phones}:
 *     {@code getPhoneAt(i)}); {@code cap} for the other fields
 * @param plural the name of the collection of a repeated field ({@code ReplicateTos} for {@code
 *     replicate_to}: {@code getReplicateTosCount()}); {@code cap} for the other fields
 * @param var the storage field ({@code fooBar_}); helper fields append a suffix
 */
public record FieldNames(String proto, String cap, String singular, String plural, String var) {}
