/**
 * The embedded engine: a durable in-memory keyspace of strings, hashes and sorted sets.
 *
 * <p>Packages stack as {@code io} (the {@link io.cairn.storage.io.FileSystem} seam) below
 * {@code wal} and {@code index}, both below {@code engine}; {@code index} does no I/O.
 *
 * <p>Design priorities, in order when they conflict:
 * <ol>
 *   <li>Never lose an acknowledged write; never acknowledge before the chosen durability.</li>
 *   <li>Fail loudly on damage: name the file and offset, never skip data silently.</li>
 *   <li>Keep latency flat: no stop-the-world copies, no fork, group commit for fsync.</li>
 *   <li>Keep memory per key low: few objects per key.</li>
 *   <li>Apply Java idioms only where they do not conflict with the above.</li>
 * </ol>
 */
package io.cairn.storage;
