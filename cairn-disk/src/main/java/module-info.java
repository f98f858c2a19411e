/**
 * The engine's {@code DiskEngine} on RocksDB, provided to {@code ServiceLoader}; no package is
 * exported. The only module that imports {@code org.rocksdb} ({@code rocksdbjni} is an automatic
 * module named from its jar).
 */
module io.cairn.disk {
    requires io.cairn.storage;
    requires rocksdbjni;

    provides io.cairn.storage.engine.DiskEngine.Provider with io.cairn.disk.RocksDbProvider;
}
