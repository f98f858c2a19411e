package io.cairn.server.memcached;

import io.cairn.storage.engine.Item;
import io.cairn.storage.engine.Txn;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * memcached's item operations (its {@code do_store_item}, {@code do_add_delta},
 * {@code item_touch}) inside one store transaction, shared by the text and the meta commands.
 * Each runs inside {@code Store.execute} on the memcached database; a value is refused as too large
 * before any write.
 */
final class Items {
    enum Status {
        STORED, NOT_STORED, EXISTS, NOT_FOUND
    }

    /** How a store went, and the item's new CAS when it was stored (0 otherwise). */
    record Stored(Status status, long cas) {
    }

    enum DeltaStatus {
        OK, NON_NUMERIC, NOT_FOUND, CAS_MISMATCH
    }

    /** How an incr/decr went: the new number, and the item as stored (for its CAS and TTL). */
    record Delta(DeltaStatus status, String number, Item item) {
    }

    private Items() {
    }

    static Stored store(Txn t, StorageHeader h, byte[] data, long itemSizeMax, MemcachedStats stats) {
        Item old = t.items().get(h.key());
        byte[] value = data;
        int flags = h.flags();
        long expireAt = Expiry.expireAt(h.exptime(), t.now());
        switch (h.mode()) {
            case ADD -> {
                if (old != null) {
                    return new Stored(Status.NOT_STORED, 0);
                }
            }
            case REPLACE -> {
                if (old == null) {
                    return new Stored(Status.NOT_STORED, 0);
                }
            }
            case CAS -> {
                if (old == null) {
                    stats.casMisses.increment();
                    return new Stored(Status.NOT_FOUND, 0);
                }
                if (old.cas() != h.cas()) {
                    stats.casBadval.increment();
                    return new Stored(Status.EXISTS, 0);
                }
                stats.casHits.increment();
            }
            case APPEND, PREPEND -> {
                if (old == null) {
                    return new Stored(Status.NOT_STORED, 0);
                }
                if (h.cas() != 0 && h.cas() != old.cas()) {
                    return new Stored(Status.EXISTS, 0);
                }
                long total = MemcachedDecoder.ITEM_OVERHEAD + h.key().length + (old.flags() != 0 ? 4 : 0)
                        + (long) old.value().length + data.length + 2;
                if (total > itemSizeMax) {
                    return new Stored(Status.NOT_STORED, 0); // memcached cannot allocate the joined item
                }
                value = h.mode() == StorageHeader.Mode.APPEND ? concat(old.value(), data) : concat(data, old.value());
                flags = old.flags();
                expireAt = old.expireAt();
            }
            case SET -> {
            }
        }
        stats.totalItems.increment();
        if (expireAt == Expiry.PAST) {
            t.delete(h.key()); // stored and expired at once: nothing to see
            return new Stored(Status.STORED, 0);
        }
        return new Stored(Status.STORED, t.items().put(h.key(), value, flags, expireAt));
    }

    static Delta delta(Txn t, byte[] key, boolean incr, long delta, long cas) {
        Item it = t.items().get(key);
        if (it == null) {
            return new Delta(DeltaStatus.NOT_FOUND, null, null);
        }
        if (cas != 0 && it.cas() != cas) {
            return new Delta(DeltaStatus.CAS_MISMATCH, null, it);
        }
        Long v = it.value().length == 0 ? null : Numbers.unsigned64(it.value());
        if (v == null) {
            return new Delta(DeltaStatus.NON_NUMERIC, null, it);
        }
        long n = incr ? v + delta : Long.compareUnsigned(delta, v) > 0 ? 0 : v - delta;
        String number = Long.toUnsignedString(n);
        byte[] bytes = number.getBytes(StandardCharsets.US_ASCII);
        if (bytes.length < it.value().length) {
            // memcached writes a shorter number over the old one in place, padded with spaces
            byte[] padded = new byte[it.value().length];
            Arrays.fill(padded, (byte) ' ');
            System.arraycopy(bytes, 0, padded, 0, bytes.length);
            bytes = padded;
        }
        long newCas = t.items().put(key, bytes, it.flags(), it.expireAt());
        return new Delta(DeltaStatus.OK, number, new Item(bytes, it.flags(), newCas, it.expireAt()));
    }

    /** Creates the item {@code value} (ADD's rule: only when absent), for ma's and mg's autovivify. */
    static Item create(Txn t, byte[] key, byte[] value, int exptime) {
        long expireAt = Expiry.expireAt(exptime, t.now());
        if (expireAt == Expiry.PAST) {
            t.delete(key);
            return new Item(value, 0, 0, 0);
        }
        long cas = t.items().put(key, value, 0, expireAt);
        return new Item(value, 0, cas, expireAt);
    }

    /**
     * Sets the item's expiry from {@code exptime} (memcached's reading); returns its new expiry
     * in epoch milliseconds ({@link Expiry#PAST} when it went at once). The key must hold an item.
     */
    static long touch(Txn t, byte[] key, int exptime) {
        long at = Expiry.expireAt(exptime, t.now());
        if (at == 0) {
            t.persist(key);
        } else if (at == Expiry.PAST) {
            t.delete(key);
        } else {
            t.expireAt(key, at);
        }
        return at;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
