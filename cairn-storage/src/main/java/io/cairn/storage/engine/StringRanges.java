package io.cairn.storage.engine;

import java.util.Map;
import java.util.WeakHashMap;

/**
 * Writes part of a string in one {@link Keyspace} ({@link Mutation.StringSetRange}): the one code
 * path for live writes and replay. A string record ({@link StringRecord}) is changed in place when
 * the range fits inside the value and no open read view can see the record; otherwise a record
 * of the new length replaces it, copied once.
 *
 * <p>A record copied while a view is open (a checkpoint running) is remembered with the epoch it
 * was made in, so later writes to it change it in place for as long as no view can see it: a
 * stream of SETBITs on a big bitmap during a checkpoint copies the bitmap once, not once per
 * write. The memory is weak: a record no longer in the keyspace is forgotten with it. Not
 * thread-safe, as the keyspace.
 */
final class StringRanges {
    private final Keyspace ks;
    /** Records this class made while views were open, with their epoch (identity: arrays do not override equals). */
    private final Map<byte[], Long> madeAt = new WeakHashMap<>();

    StringRanges(Keyspace ks) {
        this.ks = ks;
    }

    /**
     * Writes {@code bytes} at {@code offset} of the string at {@code key}, growing it with zero
     * bytes to at least {@code offset + bytes.length}, creating an empty string without expiry
     * when the key is absent; the expiry is kept.
     *
     * @throws IllegalStateException when the key holds something other than a string
     */
    void setRange(byte[] key, long offset, byte[] bytes) {
        int end = Math.toIntExact(offset + bytes.length);
        Object e = ks.get(key);
        if (e == null) {
            byte[] value = new byte[end];
            System.arraycopy(bytes, 0, value, (int) offset, bytes.length);
            ks.put(StringRecord.encode(key, value, 0));
            return;
        }
        if (!(e instanceof byte[] r) || StringRecord.isDocument(r)) {
            throw new IllegalStateException("string range on a " + EntryKeys.typeOf(e).redisName() + " key");
        }
        if (StringRecord.isItem(r)) { // a Redis write leaves a plain string: its CAS is then the value's
            r = StringRecord.withoutItem(r);
            ks.put(r);
        }
        int valueOffset = StringRecord.valueOffset(r);
        int length = r.length - valueOffset;
        if (end <= length && writableInPlace(r)) {
            System.arraycopy(bytes, 0, r, valueOffset + (int) offset, bytes.length);
            return;
        }
        byte[] copy = new byte[valueOffset + Math.max(length, end)];
        System.arraycopy(r, 0, copy, 0, r.length);
        System.arraycopy(bytes, 0, copy, valueOffset + (int) offset, bytes.length);
        ks.put(copy);
        if (ks.tree.hasOpenViews()) {
            madeAt.put(copy, ks.tree.epoch());
        }
    }

    private boolean writableInPlace(byte[] record) {
        if (!ks.tree.hasOpenViews()) {
            madeAt.clear();
            return true;
        }
        Long epoch = madeAt.get(record);
        return epoch != null && !ks.tree.isShared(epoch);
    }
}
