/**
 * In-memory indexes over byte-string keys, as Tarantool's memtx has them:
 * {@link io.cairn.storage.index.HashIndex} for point operations and
 * {@link io.cairn.storage.index.OrderedIndex}, a copy-on-write B+tree, for range scans and
 * consistent read views. Entries are opaque objects whose key is read through a
 * {@link io.cairn.storage.index.KeyAccess}, so an entry can be a single byte array.
 *
 * <p>Does no I/O and depends on {@code cairn-common} only.
 */
package io.cairn.storage.index;
