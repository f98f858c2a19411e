package io.cairn.storage.engine;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes the keyspace inside {@link Store#execute} or {@link Store#read}, under the
 * store's lock, so a sequence of calls is atomic with respect to other callers.
 *
 * <p>Each write method checks everything first (types, limits) and either throws before changing
 * anything or applies fully; so a failed call leaves no trace, as a failed Redis command does.
 * Writes are visible to later reads in the same transaction at once. A key whose expiry has passed
 * reads as absent; a write that meets one first removes it (logged as {@link Mutation.Expired}).
 *
 * <p>Valid only during the call that received it; never keep a reference. Byte arrays returned
 * are copies. Arrays passed to the write methods are <em>taken over</em> by the store (logged,
 * published on the change stream, sometimes kept as the stored value): the caller must not change
 * them afterwards. This saves two copies per write on the server's path, where every argument is a
 * fresh array from the decoder.
 */
public final class Txn {
    /** {@link #expireAt} of a key that does not exist. */
    public static final long ABSENT = -2;
    /** {@link #expireAt} of a key without expiry. */
    public static final long NO_EXPIRY = -1;

    private final Databases dbs;
    private final StoreConfig config;
    private final ZSetOps zsets = new ZSetOps(this);
    /** The selected database and its keyspace. */
    int db;
    Keyspace ks;
    private final List<Mutation> mutations = new ArrayList<>();
    private long encodedBytes;
    private long now;
    private boolean readOnly;
    private boolean active;
    private final SetOps sets = new SetOps(this);

    Txn(Databases dbs, StoreConfig config) {
        this.dbs = dbs;
        this.config = config;
    }

    /** The set commands on this transaction (same rules as its own methods). */
    public SetOps sets() {
        return sets;
    }

    /**
     * One page of HSCAN, SSCAN or ZSCAN over the collection at {@code key}, which must hold
     * {@code type}; an absent key is an empty, final page. The cursor's contract is Redis's
     * (an element present for a whole iteration is returned at least once; see {@link ScanPage}).
     */
    public ScanPage scan(byte[] key, ValueType type, long cursor, int count) {
        return ScanPage.of(live(key), type, cursor, count);
    }

    // Guarded by the store's lock: counts across transactions.
    private long expiredRecorded;

    void begin(long now, boolean readOnly, int db) {
        checkDatabase(db);
        this.db = db;
        this.ks = dbs.get(db);
        this.now = now;
        dbs.clocks().at(now);
        this.readOnly = readOnly;
        this.active = true;
        this.encodedBytes = 0;
        mutations.clear();
        expiredSeen.clear();
    }

    /**
     * Ends the transaction; returns the mutations it applied. The list is this transaction's own
     * and is cleared by the next {@link #begin}: use it before then.
     */
    List<Mutation> end() {
        active = false;
        return mutations;
    }

    /** How many mutations this transaction recorded so far (a mark for {@link #mutationsSince}). */
    public int mutationCount() {
        return mutations.size();
    }

    /**
     * The mutations recorded since {@code mark} (a {@link #mutationCount()}), in order: what one
     * command of a transaction changed (keyspace notifications). A view, valid until the next write.
     */
    public List<Mutation> mutationsSince(int mark) {
        return java.util.Collections.unmodifiableList(mutations.subList(mark, mutations.size()));
    }

    private final StringOps strings = new StringOps(this);
    private final ItemOps items = new ItemOps(this);
    /** The LSN the batch of this transaction is logged under (see {@link #batchLsn}). */
    private long batchLsn;

    /** The memcached item operations (strings with flags and CAS), in this transaction. */
    public ItemOps items() {
        return items;
    }

    /** Set by the store after {@link #begin} of a write transaction: the LSN its batch gets. */
    void batchLsn(long lsn) {
        this.batchLsn = lsn;
    }

    long batchLsn() {
        return batchLsn;
    }

    /** The operations on part of a string (bits, ranges), in this transaction. */
    public StringOps strings() {
        return strings;
    }

    /** The time this transaction treats as now, in epoch milliseconds. */
    public long now() {
        return now;
    }

    private final ListOps lists = new ListOps(this);
    private final StreamOps streams = new StreamOps(this);

    /** The stream operations, in this transaction. */
    public StreamOps streams() {
        return streams;
    }

    /** The list commands' operations, in this transaction. */
    public ListOps lists() {
        return lists;
    }

    // ------------------------------------------------------------------ reads

    /** The type at {@code key} (null when absent), without counting an access, as Redis's TYPE. */
    public ValueType type(byte[] key) {
        return EntryKeys.typeOf(peek(key));
    }

    /** Whether {@code key} exists, without counting an access (EXISTS, as Redis's). */
    public boolean exists(byte[] key) {
        return peek(key) != null;
    }

    /** Whether {@code key} exists, counting an access to it (TOUCH). */
    public boolean touch(byte[] key) {
        return live(key) != null;
    }

    /** The string at {@code key}, or null when absent. */
    public byte[] get(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return null;
        }
        if (e instanceof byte[] r && !StringRecord.isDocument(r)) {
            return StringRecord.value(r);
        }
        throw new WrongTypeException(ValueType.STRING, EntryKeys.typeOf(e));
    }

    /**
     * The stored bytes of the JSON document at {@code key} (a copy), or null when absent. The
     * engine does not read them; {@code cairn-document} decodes them.
     *
     * @throws WrongTypeException when the key holds another type
     */
    public byte[] document(byte[] key) {
        Object e = live(key);
        if (e == null) {
            return null;
        }
        if (e instanceof byte[] r && StringRecord.isDocument(r)) {
            return StringRecord.value(r);
        }
        throw new WrongTypeException(ValueType.JSON, EntryKeys.typeOf(e));
    }

    /**
     * The expiry of {@code key} in epoch milliseconds, {@link #NO_EXPIRY}, or {@link #ABSENT};
     * not an access (TTL does not touch a key in Redis).
     */
    public long expireAt(byte[] key) {
        Object e = peek(key);
        if (e == null) {
            return ABSENT;
        }
        long at = EntryKeys.expireAtOf(e);
        return at == 0 ? NO_EXPIRY : at;
    }

    public byte[] hget(byte[] key, byte[] field) {
        HashEntry h = readHash(key);
        if (h == null) {
            return null;
        }
        byte[] v = h.get(field);
        return v == null ? null : v.clone();
    }

    /**
     * A hash's field names (Latin-1 strings, one char per byte) and values, index by index.
     * The value arrays are the stored ones, shared, not copied: a stored hash value is never
     * changed in place (a write replaces the array), so they stay valid after the transaction, but
     * callers must not modify them.
     */
    public record HashFields(String[] names, byte[][] values) {
    }

    private static final HashFields NO_FIELDS = new HashFields(new String[0], new byte[0][]);

    /** Every field and value of the hash without copying the values (see {@link HashFields}); empty when absent. */
    public HashFields hashFields(byte[] key) {
        HashEntry h = readHash(key);
        if (h == null) {
            return NO_FIELDS;
        }
        String[] names = new String[h.size()];
        byte[][] values = new byte[names.length][];
        int[] i = {0};
        h.forEach((f, v) -> {
            names[i[0]] = MutationApplier.latin1(f);
            values[i[0]++] = v;
        });
        return new HashFields(names, values);
    }

    /** Every field and value of the hash, in no particular order; empty when absent. */
    public List<Map.Entry<byte[], byte[]>> hgetAll(byte[] key) {
        HashEntry h = readHash(key);
        if (h == null) {
            return List.of();
        }
        List<Map.Entry<byte[], byte[]>> out = new ArrayList<>(h.size());
        h.forEach((f, v) -> out.add(new AbstractMap.SimpleImmutableEntry<>(f.clone(), v.clone())));
        return out;
    }

    /** Receives one field of {@link #hscan}: the stored arrays, which stay valid but must not be changed. */
    @FunctionalInterface
    public interface FieldVisitor {
        void visit(byte[] field, byte[] value);
    }

    /**
     * One page of a cursor over a hash's fields (HSCAN): visits about {@code count} fields from
     * {@code cursor} (0 to start; an unsigned 64-bit value) and returns the cursor for the next
     * page, 0 when the hash was visited whole (or is absent). A small hash comes whole in one page,
     * as from Redis. Every field present from the first page to the last is visited at least once,
     * whatever was written between pages. Cursors are valid for this process only.
     */
    public long hscan(byte[] key, long cursor, int count, FieldVisitor visitor) {
        HashEntry h = readHash(key);
        return h == null ? 0 : h.scanFields(cursor, Math.max(1, count), visitor::visit);
    }

    public int hlen(byte[] key) {
        HashEntry h = readHash(key);
        return h == null ? 0 : h.size();
    }

    /** HRANDFIELD's random picks from this transaction's hashes, without copying a hash. */
    public HashPicks hashPicks() {
        return new HashPicks(this);
    }

    /** The sorted-set operations of this transaction (ranges, ranks, removals, pops, stores). */
    public ZSetOps zsets() {
        return zsets;
    }

    public Double zscore(byte[] key, byte[] member) {
        return zsets.score(key, member);
    }

    public int zcard(byte[] key) {
        return zsets.card(key);
    }

    /**
     * Members by rank, {@code start} to {@code stop} inclusive, negative ranks counting from the
     * end, as Redis's {@code ZRANGE}.
     */
    public List<ScoredMember> zrangeByRank(byte[] key, long start, long stop) {
        return zsets.byRank(key, start, stop, false);
    }

    /** Members with {@code min <= score <= max}, skipping {@code offset}, at most {@code count} (negative: all). */
    public List<ScoredMember> zrangeByScore(byte[] key, double min, double max, long offset, long count) {
        return zsets.range(key, ZSetRange.ByScore.closed(min, max), false, Math.max(0, offset), count);
    }

    /** Zero-based rank by ascending score, or null when the member or key is absent. */
    public Long zrank(byte[] key, byte[] member) {
        return zsets.rank(key, member, false);
    }

    /**
     * Up to {@code limit} live keys in key order, from {@code from} (inclusive, or exclusive when
     * {@code exclusive}; null for the first key). The range scan of the ordered index.
     */
    public List<byte[]> scanKeys(byte[] from, boolean exclusive, int limit) {
        List<byte[]> out = new ArrayList<>(Math.min(limit, 1024));
        if (limit <= 0) {
            return out;
        }
        ks.scanKeys(from, exclusive, (k, expireAt) -> {
            if (expireAt == 0 || expireAt > now) {
                out.add(k);
            }
            return out.size() < limit;
        });
        return out;
    }

    /**
     * A random live key, or null when there is none. Tries a bounded number of random probes, so
     * a keyspace of mostly expired keys may answer null, as Redis's RANDOMKEY may.
     */
    public byte[] randomKey(java.util.random.RandomGenerator random) {
        checkActive();
        if (ks.disk != null) {
            return randomDiskKey(random);
        }
        for (int i = 0; i < 100; i++) {
            Object e = ks.hash.entryNear(random.nextInt());
            if (e == null) {
                return null;
            }
            if (!EntryKeys.expired(e, now)) {
                return EntryKeys.INSTANCE.key(e);
            }
        }
        return null;
    }

    /** A disk database's random key: the first live one at or after a random point of the key space, wrapping once. */
    private byte[] randomDiskKey(java.util.random.RandomGenerator random) {
        byte[] point = new byte[8];
        random.nextBytes(point);
        byte[][] found = new byte[1][];
        int[] seen = new int[1];
        for (byte[] from : new byte[][] {point, null}) {
            ks.scanKeys(from, false, (k, expireAt) -> {
                if (expireAt == 0 || expireAt > now) {
                    found[0] = k;
                }
                return found[0] == null && ++seen[0] < 1000;
            });
            if (found[0] != null || seen[0] >= 1000) {
                break;
            }
        }
        return found[0];
    }

    /**
     * How the value is held, by Redis's names where the layout matches: a string is {@code "int"},
     * {@code "embstr"} or {@code "raw"} as Redis names it by content and length (see
     * {@link StringRecord#encoding}); a hash {@code "listpack"} or {@code "hashtable"} (its two
     * layouts, see {@link HashEntry}); a sorted set {@code "listpack"} or {@code "skiplist"} (by
     * the {@code zset-max-listpack-*} bounds: see {@link ZSetOps}); a list {@code "listpack"} or
     * {@code "quicklist"} (by Redis 7.2's rule: see {@link ListEntry}); a set {@code "intset"} or
     * {@code "hashtable"} (see {@link SetEntry}); a JSON document
     * {@code "document"}. Null when absent.
     */
    public String encoding(byte[] key) {
        Object e = peek(key);
        if (e == null) {
            return null;
        }
        return switch (EntryKeys.typeOf(e)) {
            case STRING -> StringRecord.encoding((byte[]) e);
            case HASH -> ((HashEntry) e).encoding();
            case ZSET -> ZSetOps.encoding((ZSetEntry) e, (int) Math.min(Integer.MAX_VALUE,
                    ks.encodings.zsetMaxListpackEntries()), (int) Math.min(Integer.MAX_VALUE,
                    ks.encodings.zsetMaxListpackValue()));
            case JSON -> "document";
            case LIST -> ((ListEntry) e).encoding();
            case SET -> ((SetEntry) e).encoding();
            case STREAM -> "stream";
            case NONE -> null;
        };
    }

    /**
     * MEMORY USAGE: an estimate of the heap bytes {@code key} costs, its share of the indexes
     * included, measuring a collection on its first {@code samples} elements (0: all of them) and
     * extrapolating, as Redis does; -1 when absent. See {@link MemoryEstimate} for what it counts.
     */
    public long memoryUsage(byte[] key, int samples) {
        Object e = peek(key);
        return e == null ? -1 : MemoryEstimate.of(e, samples);
    }

    /**
     * OBJECT IDLETIME: seconds since {@code key} was last read or written, -1 when absent. Its
     * clock means idle time only while the policy is not an LFU one ({@link #lfuClocks}).
     */
    public long idleTime(byte[] key) {
        if (peek(key) == null) {
            return -1;
        }
        return dbs.clocks().idleSeconds(ks.hash.clockOf(key, 0));
    }

    /** OBJECT FREQ: the key's logarithmic access counter, decayed to now; -1 when absent. Meaningful under an LFU policy only. */
    public int frequency(byte[] key) {
        if (peek(key) == null) {
            return -1;
        }
        return dbs.clocks().frequency(ks.hash.clockOf(key, 0));
    }

    /**
     * Sets the access clock of {@code key} as RESTORE's IDLETIME and FREQ do: {@code freq} (0 to
     * 255) under an LFU policy, {@code idleSeconds} under an LRU one; a negative value, or one for
     * the other kind of policy, leaves the clock as it is. Not logged: clocks are not kept across
     * a restart.
     */
    public void setAccess(byte[] key, long idleSeconds, int freq) {
        AccessClocks clocks = dbs.clocks();
        long value = clocks.lfu() ? freq : idleSeconds;
        if (value >= 0 && peek(key) != null) {
            int clock = clocks.lfu() ? clocks.withFrequency(freq) : clocks.idleFor(idleSeconds);
            ks.hash.touch(key, old -> clock);
        }
    }

    /** Whether the keys' clocks count access frequency (an LFU policy) rather than the last access. */
    public boolean lfuClocks() {
        return dbs.clocks().lfu();
    }

    /** Keys in the selected database, counting expired ones not yet reclaimed (as Redis's DBSIZE does). */
    public long size() {
        return ks.size();
    }

    // ------------------------------------------------------------------ writes

    /** Sets a string value with an expiry (0 for none), replacing whatever the key held. */
    public void set(byte[] key, byte[] value, long expireAt) {
        checkWrite(key);
        checkValue(value);
        if (expireAt < 0) {
            throw new IllegalArgumentException("expireAt: " + expireAt + " (expected: >= 0)");
        }
        record(new Mutation.PutString(db, key, value, expireAt), key.length + value.length);
    }

    /**
     * Stores a JSON document at {@code key}: its stored form, which the caller built and checked
     * (the engine keeps the bytes without reading them). An existing document is replaced and its
     * expiry kept, as RedisJSON keeps a key's TTL across {@code JSON.SET}; an absent key is created
     * without expiry.
     *
     * @throws WrongTypeException when the key holds a value of another type
     */
    public void setDocument(byte[] key, byte[] document) {
        checkWrite(key);
        checkValue(document);
        Object e = ks.get(key);
        if (e != null && EntryKeys.typeOf(e) != ValueType.JSON && !EntryKeys.expired(e, now)) {
            throw new WrongTypeException(ValueType.JSON, EntryKeys.typeOf(e));
        }
        Object live = liveForWrite(key);
        long expireAt = live == null ? 0 : EntryKeys.expireAtOf(live);
        record(new Mutation.PutDocument(db, key, document, expireAt), key.length + document.length);
    }

    /**
     * Gives {@code source}'s value and expiry to {@code target}, replacing what it held, and
     * removes {@code source} (RENAME). A collection is moved without copying its contents (logged
     * as one {@link Mutation.Rename}); a string or document is written again under the new key.
     * Returns false, changing nothing, when {@code source} does not exist; renaming a key to
     * itself changes nothing either.
     */
    public boolean rename(byte[] source, byte[] target) {
        checkWrite(source);
        checkWrite(target);
        Object e = liveForWrite(source);
        if (e == null) {
            return false;
        }
        if (java.util.Arrays.equals(source, target)) {
            return true;
        }
        liveForWrite(target);
        long expireAt = EntryKeys.expireAtOf(e);
        if (e instanceof CollectionEntry) {
            record(new Mutation.Rename(db, target, source), target.length + source.length);
            record(new Mutation.Delete(db, source), source.length);
        } else if (e instanceof byte[] r && StringRecord.isDocument(r)) {
            byte[] document = StringRecord.value(r);
            record(new Mutation.PutDocument(db, target, document, expireAt), target.length + document.length);
            record(new Mutation.Delete(db, source), source.length);
        } else {
            byte[] value = StringRecord.value((byte[]) e);
            record(new Mutation.PutString(db, target, value, expireAt), target.length + value.length);
            record(new Mutation.Delete(db, source), source.length);
        }
        return true;
    }

    /** Deletes the key; returns whether it existed. */
    public boolean delete(byte[] key) {
        checkWrite(key);
        if (liveForWrite(key) == null) {
            return false;
        }
        record(new Mutation.Delete(db, key), key.length);
        return true;
    }

    /** Sets a hash field; returns true when the field is new. */
    public boolean hset(byte[] key, byte[] field, byte[] value) {
        checkWrite(key);
        checkValue(field);
        checkValue(value);
        HashEntry h = writeHash(key);
        boolean added = h == null || !h.contains(field);
        record(new Mutation.HashPut(db, key, field, value),
                key.length + field.length + value.length);
        return added;
    }

    /** Removes a hash field; returns whether it was there. The key goes with its last field. */
    public boolean hdel(byte[] key, byte[] field) {
        checkWrite(key);
        HashEntry h = writeHash(key);
        if (h == null || !h.contains(field)) {
            return false;
        }
        record(new Mutation.HashDelete(db, key, field), key.length + field.length);
        return true;
    }

    /**
     * Sets a member's score; returns true when the member is new.
     *
     * @throws ScoreNotANumberException when the score is NaN
     */
    public boolean zadd(byte[] key, byte[] member, double score) {
        return zsets.add(key, member, score);
    }

    /** Removes a member; returns whether it was there. The key goes with its last member. */
    public boolean zrem(byte[] key, byte[] member) {
        return zsets.remove(key, member);
    }

    /**
     * Sets the key's expiry to {@code at} epoch milliseconds; a time not after now deletes the key
     * at once, as Redis does. Returns whether the key existed.
     */
    public boolean expireAt(byte[] key, long at) {
        checkWrite(key);
        if (liveForWrite(key) == null) {
            return false;
        }
        if (at <= now) {
            record(new Mutation.Delete(db, key), key.length);
        } else {
            record(new Mutation.ExpireAt(db, key, at), key.length + 10);
        }
        return true;
    }

    /** Removes the key's expiry; returns whether it had one. */
    public boolean persist(byte[] key) {
        checkWrite(key);
        Object e = liveForWrite(key);
        if (e == null || EntryKeys.expireAtOf(e) == 0) {
            return false;
        }
        record(new Mutation.ExpireAt(db, key, 0), key.length + 1);
        return true;
    }

    /** Removes every key of the selected database (FLUSHDB). */
    public void flushDb() {
        checkWritable();
        record(new Mutation.Clear(db), 1);
    }

    /** Removes every key of every database (FLUSHALL). */
    public void flushAll() {
        checkWritable();
        record(new Mutation.ClearAll(), 1);
    }

    // ------------------------------------------------------------------ databases

    /** The selected database. */
    public int db() {
        return db;
    }

    /** The function libraries as the server last stored them ({@link #setFunctions}); empty when none. */
    public byte[] functions() {
        checkActive();
        return dbs.functions();
    }

    /** Replaces the function libraries (FUNCTION LOAD, DELETE, FLUSH, RESTORE); logged like any write. */
    public void setFunctions(byte[] libraries) {
        checkWritable();
        record(new Mutation.SetFunctions(libraries.clone()), libraries.length + 8);
    }

    /** How many databases the store has (the {@code databases} setting). */
    public int databaseCount() {
        return dbs.count();
    }

    /**
     * Selects the database later calls of this transaction work on (SELECT inside MULTI).
     *
     * @throws IllegalArgumentException when {@code db} is not one of the store's databases
     */
    public void select(int db) {
        checkActive();
        checkDatabase(db);
        this.db = db;
        this.ks = dbs.get(db);
    }

    /** Keys in database {@code db}, counting expired ones not yet reclaimed. */
    public long size(int db) {
        checkActive();
        checkDatabase(db);
        return dbs.get(db).size();
    }

    /** Keys with an expiry in database {@code db}, expired or not. */
    public long volatileKeys(int db) {
        checkActive();
        checkDatabase(db);
        return dbs.get(db).volatileKeys();
    }

    /**
     * Moves {@code key} with its value and expiry from the selected database to {@code toDb}
     * without copying the value, as Redis's MOVE: false when the key is absent here or present
     * there (an expired key there counts as absent and is removed first).
     *
     * @throws IllegalArgumentException when {@code toDb} is the selected database or not a database
     */
    public boolean move(byte[] key, int toDb) {
        checkWrite(key);
        checkDatabase(toDb);
        if (toDb == db) {
            throw new IllegalArgumentException("MOVE within database " + db);
        }
        if (dbs.isDisk(db) != dbs.isDisk(toDb)) {
            // Recovery reads the two kinds from different points of the log: a key moved between
            // them could be replayed into one and already be gone from the other. MOVE copies the
            // value there and deletes it here instead (the server's ValueCopy), which replays per database.
            throw new IllegalArgumentException("ERR MOVE between a memory database and a disk database: copy and delete instead");
        }
        if (liveForWrite(key) == null) {
            return false;
        }
        Keyspace target = dbs.get(toDb);
        Object there = target.get(key);
        if (there != null) {
            if (!EntryKeys.expired(there, now)) {
                return false;
            }
            recordExpired(toDb, key);
        }
        record(new Mutation.Move(db, key, toDb), key.length + 5);
        return true;
    }

    /** Whether database {@code db} is a disk database. */
    public boolean onDisk(int db) {
        checkDatabase(db);
        return dbs.isDisk(db);
    }

    /** Exchanges the contents of databases {@code a} and {@code b} (SWAPDB); O(1). */
    public void swapDatabases(int a, int b) {
        checkWritable();
        checkDatabase(a);
        checkDatabase(b);
        if (dbs.isDisk(a) || dbs.isDisk(b)) {
            throw new IllegalArgumentException("ERR SWAPDB of a disk database is not supported");
        }
        record(new Mutation.SwapDb(a, b), 10);
    }

    private void checkDatabase(int db) {
        if (db < 0 || db >= dbs.count()) {
            throw new IllegalArgumentException("database " + db + " (expected: 0.." + (dbs.count() - 1) + ")");
        }
    }

    // ------------------------------------------------------------------ internals

    /** The live entry at {@code key}, or null; an access to it (its clock moves). */
    Object live(byte[] key) {
        checkActive();
        return unlessExpired(key, ks.touch(key));
    }

    /** As {@link #live}, without counting an access (TYPE, EXISTS, TTL, OBJECT). */
    Object peek(byte[] key) {
        checkActive();
        return unlessExpired(key, ks.get(key));
    }

    private Object unlessExpired(byte[] key, Object e) {
        if (e != null && EntryKeys.expired(e, now)) {
            expiredSeen(key);
            return null;
        }
        return e;
    }

    /** A key a read found expired, in its database: the store reclaims it after the transaction. */
    record SeenExpired(int db, byte[] key) {
    }

    /** At most this many are remembered per transaction; the expiry cycle finds the rest. */
    private static final int SEEN_EXPIRED_LIMIT = 1024;
    private final List<SeenExpired> expiredSeen = new ArrayList<>();

    private void expiredSeen(byte[] key) {
        if (expiredSeen.size() < SEEN_EXPIRED_LIMIT) {
            expiredSeen.add(new SeenExpired(db, key));
        }
    }

    /**
     * Removes (and logs as {@link Mutation.Expired}) each key this transaction's reads found
     * expired that still is, as Redis deletes a key an access finds expired. Only in a write
     * transaction: the store runs one for a read that saw any.
     */
    void reclaimSeen(List<SeenExpired> seen) {
        int here = db;
        for (SeenExpired k : seen) {
            select(k.db());
            Object e = ks.get(k.key());
            if (e != null && EntryKeys.expired(e, now)) {
                recordExpired(db, k.key());
            }
        }
        select(here);
    }

    /** Deletes an expired key, counted in {@link #expiredRecorded}. */
    private void recordExpired(int inDb, byte[] key) {
        record(new Mutation.Expired(inDb, key), key.length);
        expiredRecorded++;
    }

    /** The expired keys transactions deleted (the ones an access found), since open: INFO's expired_keys with the cycle's. */
    long expiredRecorded() {
        return expiredRecorded;
    }

    /** The keys reads found expired since {@link #begin}, taken (the list is cleared). */
    List<SeenExpired> takeExpiredSeen() {
        if (expiredSeen.isEmpty()) {
            return List.of();
        }
        List<SeenExpired> out = new ArrayList<>(expiredSeen);
        expiredSeen.clear();
        return out;
    }

    /** The live entry, an access to it; an expired one is removed first and the removal logged. */
    Object liveForWrite(byte[] key) {
        Object e = ks.touch(key);
        if (e != null && EntryKeys.expired(e, now)) {
            recordExpired(db, key);
            return null;
        }
        return e;
    }

    /**
     * The live entry for a write to a {@code type} value, in one probe: null when absent (an
     * expired one is removed first and the removal logged), the entry when it is a {@code kind},
     * else {@link WrongTypeException}.
     */
    <E> E liveForWrite(byte[] key, Class<E> kind, ValueType type) {
        Object e = liveForWrite(key);
        if (e == null || kind.isInstance(e)) {
            return kind.cast(e);
        }
        throw new WrongTypeException(type, EntryKeys.typeOf(e));
    }

    HashEntry readHash(byte[] key) {
        Object e = live(key);
        if (e == null || e instanceof HashEntry) {
            return (HashEntry) e;
        }
        throw new WrongTypeException(ValueType.HASH, EntryKeys.typeOf(e));
    }

    ZSetEntry readZSet(byte[] key) {
        Object e = live(key);
        if (e == null || e instanceof ZSetEntry) {
            return (ZSetEntry) e;
        }
        throw new WrongTypeException(ValueType.ZSET, EntryKeys.typeOf(e));
    }

    private HashEntry writeHash(byte[] key) {
        return liveForWrite(key, HashEntry.class, ValueType.HASH);
    }

    ZSetEntry writeZSet(byte[] key) {
        return liveForWrite(key, ZSetEntry.class, ValueType.ZSET);
    }

    void record(Mutation m, long approxBytes) {
        // An upper bound of the encoded size: a mutation's framing (type byte, up to three varints,
        // a double) never exceeds 32 bytes, so the batch cannot outgrow maxRecordBytes unnoticed
        // after it was applied.
        encodedBytes += approxBytes + 32;
        if (encodedBytes > config.maxRecordBytes()) {
            throw new LimitExceededException(LimitExceededException.Limit.TRANSACTION_BYTES, encodedBytes, config.maxRecordBytes());
        }
        MutationApplier.apply(dbs, m);
        mutations.add(m);
        if (m instanceof Mutation.SwapDb) {
            ks = dbs.get(db);
        }
    }

    void checkWrite(byte[] key) {
        checkWritable();
        if (key.length > config.maxKeyBytes()) {
            throw new LimitExceededException(LimitExceededException.Limit.KEY_LENGTH, key.length, config.maxKeyBytes());
        }
    }

    int maxValueBytes() {
        return config.maxValueBytes();
    }

    void checkValue(byte[] value) {
        if (value.length > config.maxValueBytes()) {
            throw new LimitExceededException(LimitExceededException.Limit.VALUE_LENGTH, value.length, config.maxValueBytes());
        }
    }

    private void checkWritable() {
        checkActive();
        if (readOnly) {
            throw new IllegalStateException("write in a read-only transaction");
        }
    }

    private void checkActive() {
        if (!active) {
            throw new IllegalStateException("transaction used outside its call");
        }
    }
}
