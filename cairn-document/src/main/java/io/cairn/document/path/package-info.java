/**
 * Paths into a document: {@link io.cairn.document.path.JsonPath} parses RedisJSON's JSONPath
 * ({@code $.a[0]}, {@code $..b}, {@code [*]}, unions, slices) and legacy syntax ({@code .a.b},
 * {@code a[0]}), and {@link io.cairn.document.path.PathEvaluator} returns the
 * {@link io.cairn.document.path.PathMatch}es in RedisJSON's order, each with the
 * {@link io.cairn.document.path.Location} needed to update it in place.
 *
 * <p>Depends on {@code io.cairn.document.json} and {@code cairn-common} only.
 */
package io.cairn.document.path;
