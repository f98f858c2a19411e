package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Makes room when the store holds more than its limit, as Redis's {@code performEvictions}: the
 * policy picks keys, each goes as a logged {@link Mutation.Delete} (so replay never brings it
 * back, and search indexes, client tracking and notifications see it as any delete), all in one
 * batch per call.
 *
 * <p>The LRU, LFU and TTL policies sample {@code maxmemory-samples} keys of each database and keep
 * the best candidates so far in a pool of {@value #POOL_SIZE} (Redis's eviction pool), then evict
 * the best one still present: an approximation of the policy that gets closer with more samples.
 * The random policies take a key from a random slot of the hash index. The volatile policies
 * consider only keys with an expiry; sampling for those gives up after a bounded number of probes
 * of a database where few keys have one.
 *
 * <p>The limit is the lower of {@code maxmemory} (0: none) and a cap the server may set from what
 * the heap can hold ({@link Store#heapCap}); what is measured against it is {@link Keyspace#bytes},
 * the estimated bytes of every entry.
 *
 * <p>Not thread-safe: every call holds the store's lock; {@link #limitBytes} may be read by anyone.
 */
final class Eviction {
    static final int POOL_SIZE = 16;
    /** Most keys one call evicts; a command runs after each call, so a large excess goes over several. */
    static final int MAX_PER_CALL = 1024;
    /** Most slots probed per sample for a key with an expiry. */
    private static final int VOLATILE_PROBES = 64;
    /** Most rounds of sampling for one victim. */
    private static final int MAX_ROUNDS = 16;

    private final Databases dbs;
    private final SplittableRandom random = new SplittableRandom(0xE71C7);
    private volatile MemoryLimit limit = MemoryLimit.NONE;
    private volatile long heapCap = Long.MAX_VALUE;
    private volatile long limitBytes = Long.MAX_VALUE;
    private final Pool pool = new Pool();
    // Guarded by the store's lock.
    private int nextDb;
    private long evicted;

    Eviction(Databases dbs) {
        this.dbs = dbs;
    }

    void limit(MemoryLimit limit) {
        this.limit = limit;
        dbs.clocks().configure(limit.policy().lfu(), limit.lfuLogFactor(), limit.lfuDecayMinutes());
        pool.clear(); // scores of another policy mean nothing now
        updateLimit();
    }

    MemoryLimit limit() {
        return limit;
    }

    void heapCap(long bytes) {
        this.heapCap = bytes;
        updateLimit();
    }

    private void updateLimit() {
        long max = limit.maxBytes() > 0 ? limit.maxBytes() : Long.MAX_VALUE;
        limitBytes = Math.min(max, heapCap);
    }

    /** The bytes the store may hold before it evicts or refuses: {@code Long.MAX_VALUE} when unbounded. */
    long limitBytes() {
        return limitBytes;
    }

    long evicted() {
        return evicted;
    }

    /** A key that went. */
    record Victim(int db, byte[] key) {
    }

    /**
     * Evicts, in {@code mutations}' batch, until the store is at or under its limit or {@value
     * #MAX_PER_CALL} keys went; returns them. Empty when the policy is {@code noeviction} or
     * nothing the policy may take is left.
     */
    List<Victim> run(List<Mutation> mutations) {
        EvictionPolicy policy = limit.policy();
        List<Victim> out = new ArrayList<>();
        if (policy == EvictionPolicy.NOEVICTION) {
            return out;
        }
        while (dbs.bytes() > limitBytes && out.size() < MAX_PER_CALL) {
            Victim v = switch (policy) {
                case ALLKEYS_RANDOM, VOLATILE_RANDOM -> randomVictim(policy.volatileOnly());
                default -> bestVictim(policy);
            };
            if (v == null) {
                break;
            }
            Mutation m = new Mutation.Delete(v.db(), v.key());
            MutationApplier.apply(dbs.get(v.db()), m);
            mutations.add(m);
            out.add(v);
            evicted++;
        }
        return out;
    }

    private Victim randomVictim(boolean volatileOnly) {
        for (int tried = 0; tried < dbs.count(); tried++) {
            int db = nextDb;
            nextDb = (nextDb + 1) % dbs.count();
            Keyspace ks = dbs.get(db);
            if (ks.disk != null || ks.size() == 0 || volatileOnly && ks.volatileKeys() == 0) { // a disk database's keys are not evicted
                continue;
            }
            int slot = sample(ks, volatileOnly);
            if (slot >= 0) {
                return new Victim(db, EntryKeys.INSTANCE.key(ks.hash.entryAt(slot)));
            }
        }
        return null;
    }

    private Victim bestVictim(EvictionPolicy policy) {
        boolean volatileOnly = policy.volatileOnly();
        for (int round = 0; round < MAX_ROUNDS; round++) {
            boolean any = false;
            for (int db = 0; db < dbs.count(); db++) {
                Keyspace ks = dbs.get(db);
                if (ks.disk != null || ks.size() == 0 || volatileOnly && ks.volatileKeys() == 0) { // a disk database's keys are not evicted
                    continue;
                }
                any = true;
                for (int i = 0; i < limit.samples(); i++) {
                    int slot = sample(ks, volatileOnly);
                    if (slot >= 0) {
                        Object e = ks.hash.entryAt(slot);
                        long score = policy == EvictionPolicy.VOLATILE_TTL
                                ? Long.MAX_VALUE - EntryKeys.expireAtOf(e)
                                : dbs.clocks().evictionScore(ks.hash.clockAt(slot));
                        pool.offer(db, EntryKeys.INSTANCE.key(e), score);
                    }
                }
            }
            if (!any) {
                return null;
            }
            // The best candidate still there (and still with an expiry, for a volatile policy).
            for (Pool.Candidate c = pool.takeBest(); c != null; c = pool.takeBest()) {
                Object e = dbs.get(c.db).get(c.key);
                if (e != null && (!volatileOnly || EntryKeys.expireAtOf(e) > 0)) {
                    return new Victim(c.db, c.key);
                }
            }
            // Every candidate had gone, or no sample found a key the policy may take: sample again.
        }
        return null; // keys with an expiry too rare to find by sampling: as if there were none
    }

    /** A random occupied slot of {@code ks} (one with an expiry when {@code volatileOnly}), -1 when none was found. */
    private int sample(Keyspace ks, boolean volatileOnly) {
        int probes = volatileOnly ? VOLATILE_PROBES : 1;
        for (int i = 0; i < probes; i++) {
            int slot = ks.hash.slotNear(random.nextInt());
            if (slot < 0) {
                return -1;
            }
            if (!volatileOnly || EntryKeys.expireAtOf(ks.hash.entryAt(slot)) > 0) {
                return slot;
            }
        }
        return -1;
    }

    /** The best candidates seen, by score ascending (the best last), at most {@value #POOL_SIZE}; no key twice. */
    private static final class Pool {
        record Candidate(int db, byte[] key, long score) {
        }

        private final Candidate[] items = new Candidate[POOL_SIZE];
        private int size;

        void offer(int db, byte[] key, long score) {
            for (int i = 0; i < size; i++) {
                if (items[i].db == db && Arrays.equals(items[i].key, key)) {
                    return;
                }
            }
            if (size == POOL_SIZE) {
                if (score <= items[0].score) {
                    return;
                }
                System.arraycopy(items, 1, items, 0, --size); // the worst makes way
            }
            int at = size;
            while (at > 0 && items[at - 1].score > score) {
                items[at] = items[at - 1];
                at--;
            }
            items[at] = new Candidate(db, key, score);
            size++;
        }

        Candidate takeBest() {
            if (size == 0) {
                return null;
            }
            Candidate c = items[--size];
            items[size] = null;
            return c;
        }

        void clear() {
            Arrays.fill(items, null);
            size = 0;
        }
    }
}
