package io.cairn.disk;

import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;

/** The {@link DiskEngine.Provider} the server finds with {@code ServiceLoader}: RocksDB's. */
public final class RocksDbProvider implements DiskEngine.Provider {
    @Override
    public DiskEngine open(DiskEngine.Settings settings) throws IOException {
        return RocksDbEngine.open(settings);
    }
}
