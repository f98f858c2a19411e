/**
 * Shared primitives for every Cairn module: the {@link io.cairn.common.CairnException} hierarchy,
 * varint coding ({@link io.cairn.common.Varints}), CRC32C ({@link io.cairn.common.Checksums}),
 * the {@link io.cairn.common.Clock} seam and argument checks that word errors as
 * {@code "name: value (expected: ...)"}.
 *
 * <p>Depends on the JDK only.
 */
package io.cairn.common;
