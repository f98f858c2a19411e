/**
 * The JSON tree and its text: {@link io.cairn.document.json.JsonValue} (a sealed hierarchy of
 * object, array, string, long, double, boolean, null), the strict RFC 8259
 * {@link io.cairn.document.json.JsonParser} with limits checked before allocation, and
 * {@link io.cairn.document.json.JsonWriter}, which prints as RedisJSON does, with
 * {@link io.cairn.document.json.DoubleFormat} for doubles and {@link io.cairn.document.json.JsonFormat}
 * for {@code INDENT}/{@code NEWLINE}/{@code SPACE}.
 *
 * <p>Depends on {@code cairn-common} only; must not depend on the other document packages.
 */
package io.cairn.document.json;
