package io.cairn.storage.engine;

import java.util.HashMap;

/**
 * A hash: field to value. Fields are held as ISO-8859-1 strings, which map each byte to one char
 * and so are binary-safe, compact (one byte per char) and order as unsigned bytes.
 */
final class HashEntry extends CollectionEntry {
    final HashMap<String, byte[]> fields;

    HashEntry(byte[] key, long expireAt, long epoch, HashMap<String, byte[]> fields) {
        super(key, expireAt, epoch);
        this.fields = fields;
    }

    @Override
    ValueType type() {
        return ValueType.HASH;
    }

    @Override
    int size() {
        return fields.size();
    }

    @Override
    HashEntry copy(long epoch) {
        return new HashEntry(key, expireAt, epoch, new HashMap<>(fields));
    }

    /** HSCAN over the map: the simple, O(n)-per-page {@link HashOrder}; values are the stored arrays. */
    @Override
    long scan(long cursor, int count, ScanVisitor visitor) {
        byte[][] names = new byte[fields.size()][];
        Object[] values = new Object[names.length];
        int i = 0;
        for (java.util.Map.Entry<String, byte[]> f : fields.entrySet()) {
            names[i] = f.getKey().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            values[i++] = f.getValue();
        }
        return HashOrder.page(names, values, cursor, count, visitor);
    }
}
