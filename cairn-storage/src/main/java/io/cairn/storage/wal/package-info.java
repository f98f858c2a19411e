/**
 * The write-ahead log: segmented files of checksummed, length-prefixed records, one record per
 * committed batch, with group commit. The byte layout is in {@link io.cairn.storage.wal.WalFormat}
 * and {@code docs/format/wal.md}. {@link io.cairn.storage.wal.WalWriter} appends and syncs;
 * {@link io.cairn.storage.wal.WalReplay} reads the segments back in order on recovery;
 * {@link io.cairn.storage.wal.WalRange} reads a range of them back, read-only, from a live log.
 *
 * <p>Record payloads are opaque here. Depends on {@code io} and {@code cairn-common} only.
 */
package io.cairn.storage.wal;
