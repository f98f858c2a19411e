package io.cairn.storage.index;

import io.cairn.common.Bytes;
import java.util.Arrays;

/** Entries that are their own key, for index tests. */
final class BytesKeyAccess implements KeyAccess<byte[]> {
    static final BytesKeyAccess INSTANCE = new BytesKeyAccess();

    @Override
    public int hashOf(byte[] entry) {
        return hash(entry);
    }

    @Override
    public int hash(byte[] key) {
        return Bytes.hash(key, 0, key.length);
    }

    @Override
    public int compare(byte[] entry, byte[] key) {
        return Arrays.compareUnsigned(entry, key);
    }

    @Override
    public int compareEntries(byte[] a, byte[] b) {
        return Arrays.compareUnsigned(a, b);
    }

    @Override
    public byte[] key(byte[] entry) {
        return entry.clone();
    }
}
