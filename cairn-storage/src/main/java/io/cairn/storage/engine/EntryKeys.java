package io.cairn.storage.engine;

import io.cairn.common.Bytes;
import io.cairn.storage.index.KeyAccess;
import java.util.Arrays;

/**
 * Reads keys from the two entry shapes: a {@link StringRecord} array (a string or a JSON
 * document) or a {@link CollectionEntry}.
 */
final class EntryKeys implements KeyAccess<Object> {
    static final EntryKeys INSTANCE = new EntryKeys();

    private EntryKeys() {
    }

    @Override
    public int hashOf(Object e) {
        if (e instanceof byte[] r) {
            int ko = StringRecord.keyOffset(r);
            return Bytes.hash(r, ko, ko + StringRecord.keyLength(r));
        }
        byte[] k = ((CollectionEntry) e).key;
        return Bytes.hash(k, 0, k.length);
    }

    @Override
    public int hash(byte[] key) {
        return Bytes.hash(key, 0, key.length);
    }

    @Override
    public int compare(Object e, byte[] key) {
        if (e instanceof byte[] r) {
            int ko = StringRecord.keyOffset(r);
            return Arrays.compareUnsigned(r, ko, ko + StringRecord.keyLength(r), key, 0, key.length);
        }
        return Arrays.compareUnsigned(((CollectionEntry) e).key, key);
    }

    @Override
    public int compareEntries(Object a, Object b) {
        if (b instanceof CollectionEntry cb) {
            return compare(a, cb.key);
        }
        byte[] r = (byte[]) b;
        int ko = StringRecord.keyOffset(r);
        int kl = StringRecord.keyLength(r);
        if (a instanceof CollectionEntry ca) {
            return Arrays.compareUnsigned(ca.key, 0, ca.key.length, r, ko, ko + kl);
        }
        byte[] ra = (byte[]) a;
        int ako = StringRecord.keyOffset(ra);
        return Arrays.compareUnsigned(ra, ako, ako + StringRecord.keyLength(ra), r, ko, ko + kl);
    }

    @Override
    public byte[] key(Object e) {
        return e instanceof byte[] r ? StringRecord.key(r) : ((CollectionEntry) e).key.clone();
    }

    static ValueType typeOf(Object e) {
        if (e instanceof byte[] r) {
            return StringRecord.isDocument(r) ? ValueType.JSON : ValueType.STRING;
        }
        return e == null ? ValueType.NONE : ((CollectionEntry) e).type();
    }

    static long expireAtOf(Object e) {
        return e instanceof byte[] r ? StringRecord.expireAt(r) : ((CollectionEntry) e).expireAt;
    }

    /** Whether the entry's deadline has passed at {@code now}. */
    static boolean expired(Object e, long now) {
        long at = expireAtOf(e);
        return at > 0 && at <= now;
    }
}
