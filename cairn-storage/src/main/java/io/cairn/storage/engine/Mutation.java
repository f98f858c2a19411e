package io.cairn.storage.engine;

/**
 * One physical change to the keyspace, as logged in the WAL and published on the change stream.
 * Mutations are idempotent descriptions of the state after the change (an increment is logged as
 * the value it produced), so replaying a log on a snapshot is deterministic.
 *
 * <p>Byte arrays inside a mutation must not be changed by anyone once it is built.
 */
public sealed interface Mutation {
    /** The database (0 to {@link StoreConfig#databases()} - 1) the change is in. */
    int db();

    /** The key changed, or null for a change of a whole database ({@link Clear}, {@link ClearAll}, {@link SwapDb}). */
    byte[] key();

    /** The key now holds a string with this value and expiry (0 for none), whatever it held before. */
    record PutString(int db, byte[] key, byte[] value, long expireAt) implements Mutation {
    }

    /**
     * The key now holds a memcached item: a string with this value and expiry (0 for none), plus
     * the client's 32-bit {@code flags} and the item's {@code cas} (the LSN of the batch that
     * stored it), whatever it held before. Redis commands see it as the plain string.
     */
    record PutItem(int db, byte[] key, byte[] value, long expireAt, int flags, long cas) implements Mutation {
    }

    /**
     * The key now holds a JSON document with this expiry (0 for none), whatever it held before.
     * {@code document} is the document's stored form ({@code docs/format/document.md}); the engine
     * keeps and logs it without reading it.
     */
    record PutDocument(int db, byte[] key, byte[] document, long expireAt) implements Mutation {
    }

    /**
     * The string at the key now holds {@code bytes} from byte {@code offset} on, grown with zero
     * bytes to at least {@code offset + bytes.length} first (an absent key becomes an empty string
     * first, without expiry); the rest of the value and the expiry are unchanged. SETRANGE,
     * APPEND, SETBIT and BITFIELD log this instead of the whole value.
     */
    record StringSetRange(int db, byte[] key, long offset, byte[] bytes) implements Mutation {
    }

    /** The key was deleted by a command. */
    record Delete(int db, byte[] key) implements Mutation {
    }

    /** The key was removed because its expiry passed. */
    record Expired(int db, byte[] key) implements Mutation {
    }

    /** A hash field was set, creating the hash if the key was absent. */
    record HashPut(int db, byte[] key, byte[] field, byte[] value) implements Mutation {
    }

    /** A hash field was removed; the key goes when its last field does. */
    record HashDelete(int db, byte[] key, byte[] field) implements Mutation {
    }

    /** A sorted-set member now has this score, creating the set if the key was absent. */
    record ZSetPut(int db, byte[] key, byte[] member, double score) implements Mutation {
    }

    /** A sorted-set member was removed; the key goes when its last member does. */
    record ZSetDelete(int db, byte[] key, byte[] member) implements Mutation {
    }

    /**
     * Every sorted-set member from ({@code firstScore}, {@code first}) to ({@code lastScore},
     * {@code last}), both inclusive in (score, member) order, was removed: a range removal or a
     * pop of several members in one record. The key goes when its last member does.
     */
    record ZSetRemoveRange(int db, byte[] key, byte[] first, double firstScore, byte[] last, double lastScore)
            implements Mutation {
    }

    /**
     * Members were added to the set in database {@code db}, creating it when the key was absent;
     * {@code members} are the ones that were not there yet, in the order added (the set's layout
     * is chosen from the first one and their number, as Redis's SADD does).
     */
    record SetAdd(int db, byte[] key, byte[][] members) implements Mutation {
    }

    /**
     * Members were removed from the set in database {@code db} (SREM, SPOP, SMOVE's source); all
     * were there. The key goes when its last member does.
     */
    record SetRemove(int db, byte[] key, byte[][] members) implements Mutation {
    }

    /** The key's expiry changed; 0 means it no longer expires. */
    record ExpireAt(int db, byte[] key, long expireAt) implements Mutation {
    }

    // Lists. Each describes its change by positions in the list as it was before the change, so
    // applying it to the same state always gives the same list.

    /** {@code values} were pushed one by one at the head ({@code left}) or the tail, creating the list if absent. */
    record ListPush(int db, byte[] key, boolean left, byte[][] values) implements Mutation {
    }

    /** {@code count} elements (at least one) were removed from the head or the tail; the key goes with its last element. */
    record ListPop(int db, byte[] key, boolean left, int count) implements Mutation {
    }

    /** The element at {@code index} (0 to size - 1) was replaced by {@code value}. */
    record ListSet(int db, byte[] key, int index, byte[] value) implements Mutation {
    }

    /** {@code value} was inserted to be at {@code index} (0 to size). */
    record ListInsert(int db, byte[] key, int index, byte[] value) implements Mutation {
    }

    /**
     * Elements equal to {@code value} were removed, as {@code LREM}: the first {@code count} from
     * the head when positive, the last {@code -count} from the tail when negative, all when 0. The
     * key goes with its last element.
     */
    record ListRemove(int db, byte[] key, long count, byte[] value) implements Mutation {
    }

    /** Only the elements {@code start} to {@code stop} (inclusive; 0 <= start <= stop < size) were kept. */
    record ListTrim(int db, byte[] key, int start, int stop) implements Mutation {
    }

    // Streams. A stream key stays when its last entry goes; it goes only by DEL (or an expiry).

    /** An entry was appended to the stream, creating it when absent; {@code id} is after the stream's last ID. */
    record StreamAdd(int db, byte[] key, StreamId id, byte[][] fieldsAndValues) implements Mutation {
    }

    /** The first {@code count} entries (at least one) were removed from the stream (XTRIM, XADD's trimming). */
    record StreamTrim(int db, byte[] key, long count) implements Mutation {
    }

    /**
     * The entries with these IDs were deleted (XDEL), each there when deleted; the stream's greatest
     * deleted ID becomes the greatest of them if it is greater.
     */
    record StreamDelete(int db, byte[] key, StreamId[] ids) implements Mutation {
    }

    /**
     * The stream's last ID, count of entries ever added and greatest deleted ID are now these
     * (XSETID), creating an empty stream when the key was absent (XGROUP CREATE ... MKSTREAM).
     */
    record StreamSetId(int db, byte[] key, StreamId lastId, long entriesAdded, StreamId maxDeletedId)
            implements Mutation {
    }

    /** The group now has this last delivered ID and count of entries read (-1: unknown), created when absent. */
    record StreamGroupPut(int db, byte[] key, byte[] group, StreamId lastDelivered, long entriesRead)
            implements Mutation {
    }

    /** The group was destroyed, with its consumers and pending entries. */
    record StreamGroupDelete(int db, byte[] key, byte[] group) implements Mutation {
    }

    /** The group's consumer was last seen and last active (-1: never) at these times, created when absent. */
    record StreamConsumerPut(int db, byte[] key, byte[] group, byte[] consumer, long seenTime, long activeTime)
            implements Mutation {
    }

    /** The consumer was deleted from its group, with the entries pending for it. */
    record StreamConsumerDelete(int db, byte[] key, byte[] group, byte[] consumer) implements Mutation {
    }

    /**
     * The entries {@code ids} are pending for {@code consumer} (which exists), delivered at
     * {@code deliveryTime}, {@code ids[i]} for the {@code deliveryCounts[i]}th time, whoever they
     * were pending for before (XREADGROUP, XCLAIM, XAUTOCLAIM).
     */
    record StreamClaim(int db, byte[] key, byte[] group, byte[] consumer, long deliveryTime, StreamId[] ids,
                       long[] deliveryCounts) implements Mutation {
    }

    /** The entries {@code ids}, each pending in the group, are pending no more (XACK, XCLAIM of deleted entries). */
    record StreamAck(int db, byte[] key, byte[] group, StreamId[] ids) implements Mutation {
    }

    /**
     * The collection at {@code source} moved to {@code key} (RENAME), both in database {@code db},
     * replacing what {@code key} held, with its expiry; {@code source} no longer exists. The value
     * is moved, not copied, so this costs O(1) whatever its size. {@link Txn#rename} logs it
     * followed by a {@link Delete} of {@code source}, which changes nothing more but lets a
     * consumer that follows one key per mutation (a watch, a search index) see both keys change.
     */
    record Rename(int db, byte[] key, byte[] source) implements Mutation {
    }

    /** The key, with its value and expiry, now lives in database {@code toDb} instead (MOVE); the value is not copied. */
    record Move(int db, byte[] key, int toDb) implements Mutation {
    }

    /** Every key of database {@code db} was removed (FLUSHDB). */
    record Clear(int db) implements Mutation {
        @Override
        public byte[] key() {
            return null;
        }
    }

    /** Every key of every database was removed (FLUSHALL). {@link #db()} is 0. */
    record ClearAll() implements Mutation {
        @Override
        public int db() {
            return 0;
        }

        @Override
        public byte[] key() {
            return null;
        }
    }

    /**
     * The server's function libraries are now {@code libraries} (FUNCTION LOAD, DELETE, FLUSH,
     * RESTORE): one payload, opaque to the engine, that replaces the one before. It belongs to no
     * database, and FLUSHALL keeps it, as Redis keeps functions. {@link #db()} is 0.
     */
    record SetFunctions(byte[] libraries) implements Mutation {
        @Override
        public int db() {
            return 0;
        }

        @Override
        public byte[] key() {
            return null;
        }
    }

    /** Databases {@code db} and {@code other} exchanged their contents (SWAPDB). */
    record SwapDb(int db, int other) implements Mutation {
        @Override
        public byte[] key() {
            return null;
        }
    }
}
