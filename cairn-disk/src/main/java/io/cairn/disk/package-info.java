/**
 * The disk databases' entries in RocksDB: {@code RocksDbEngine} is the engine's
 * {@link io.cairn.storage.engine.DiskEngine} (column families {@code meta} and {@code data}, keys as
 * {@code DiskKeys} encodes them, {@code docs/format/disk.md}), {@code RocksDbProvider} what
 * {@code ServiceLoader} finds. {@code EngineEvents} and {@code DiskInfo} are its figures,
 * {@code RocksFailures} turns RocksDB's statuses into Cairn's errors. The only package importing
 * {@code org.rocksdb}; it uses the engine API of {@code cairn-storage} and nothing of the server.
 */
package io.cairn.disk;
