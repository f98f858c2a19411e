/**
 * The embedded engine. Its API is {@code engine} (the {@code Store}, transactions, read views, the
 * change stream, configuration) and {@code io} (the {@code FileSystem} seam a caller may pass in).
 * The log's format is exported only to the test kit, whose crash and held-sync file systems need to
 * recognise log segments; the indexes are internal.
 */
module io.cairn.storage {
    requires transitive io.cairn.common;

    exports io.cairn.storage.engine;
    exports io.cairn.storage.io;
    exports io.cairn.storage.wal to io.cairn.testkit;

    uses io.cairn.storage.engine.ReplicaGroup.Provider;
    uses io.cairn.storage.engine.DiskEngine.Provider;
}
