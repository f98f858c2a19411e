/**
 * The store: {@link io.cairn.storage.engine.Store} opens (recovering) a data directory and runs
 * {@link io.cairn.storage.engine.Txn transactions} against a {@code Keyspace} of strings, hashes,
 * sets ({@code SetEntry}: an intset or a chunked copy-on-write {@code MemberTree}; operations in
 * {@link io.cairn.storage.engine.SetOps}), sorted sets and JSON documents (held as opaque bytes:
 * the engine never parses JSON); each commit is one WAL record of {@link io.cairn.storage.engine.Mutation}s,
 * published on the change stream ({@link io.cairn.storage.engine.ChangeListener}).
 * {@link io.cairn.storage.engine.ReadView} is an O(1) consistent snapshot; checkpoints write one to
 * a snapshot file ({@code docs/format/snapshot.md}).
 *
 * <p>Depends on {@code wal}, {@code index}, {@code io} and {@code cairn-common}; nothing above.
 */
package io.cairn.storage.engine;
