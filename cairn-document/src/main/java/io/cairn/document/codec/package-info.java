/**
 * The stored form of a document ({@code docs/format/document.md}): a version byte, then a tagged
 * encoding with varint lengths. {@link io.cairn.document.codec.DocumentFormat} holds the
 * constants, {@link io.cairn.document.codec.DocumentEncoder} writes canonical bytes, and
 * {@link io.cairn.document.codec.DocumentDecoder} reads them back, refusing damage with a
 * {@link io.cairn.common.CorruptionException} before allocating for it.
 *
 * <p>Depends on {@code io.cairn.document.json} and {@code cairn-common} only.
 */
package io.cairn.document.codec;
