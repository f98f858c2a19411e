package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * maxmemory in the engine: the running total of the keys' estimated bytes, the access clocks, and
 * each policy's choice of what goes, logged so that a restart does not bring it back.
 */
class EvictionTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE, clock);
    }

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    /** MEMORY USAGE of every key in every database, summed: what the running total must agree with. */
    private long sumOfUsages() {
        return store.read(t -> {
            long sum = 0;
            for (int db = 0; db < t.databaseCount(); db++) {
                t.select(db);
                for (byte[] k : t.scanKeys(null, false, Integer.MAX_VALUE)) {
                    sum += t.memoryUsage(k, MemoryEstimate.ACCOUNTING_SAMPLES);
                }
            }
            return sum;
        });
    }

    private void setStrings(String prefix, int n, int valueBytes) {
        store.execute(t -> {
            for (int i = 0; i < n; i++) {
                t.set(b(prefix + i), new byte[valueBytes], 0);
            }
            return null;
        }).await();
    }

    @Test
    void theRunningTotalIsTheSumOfEveryKeysMemoryUsageThroughWritesOfEveryTypeAndAfterReplay() {
        open();
        Random r = new Random(42);
        for (int round = 0; round < 400; round++) {
            int op = r.nextInt(9);
            String key = "k" + r.nextInt(40);
            store.execute(t -> {
                t.select(r.nextInt(3));
                try {
                    switch (op) {
                        case 0 -> t.set(b(key), new byte[r.nextInt(200)], r.nextBoolean() ? 0 : clock.millis() + 100_000);
                        case 1 -> t.hset(b(key), b("f" + r.nextInt(12)), new byte[r.nextInt(50)]);
                        case 2 -> t.hdel(b(key), b("f" + r.nextInt(12)));
                        case 3 -> t.zadd(b(key), b("m" + r.nextInt(12)), r.nextDouble());
                        case 4 -> t.sets().add(b(key), new byte[][] {b("s" + r.nextInt(6)), b(Integer.toString(r.nextInt(6)))});
                        case 5 -> t.lists().push(b(key), r.nextBoolean(), new byte[][] {new byte[r.nextInt(30)]}, false);
                        case 6 -> t.delete(b(key));
                        case 7 -> t.rename(b(key), b("k" + r.nextInt(40)));
                        default -> t.move(b(key), 3);
                    }
                } catch (WrongTypeException | IllegalArgumentException e) {
                    // the key held another type, or was missing for a rename: nothing changed
                }
                return null;
            }).await();
        }
        // every collection here is small (16 elements or fewer), so it is measured again after each change
        assertThat(store.usedMemory()).isPositive().isEqualTo(sumOfUsages());
        long before = store.usedMemory();
        store.close();
        open();
        assertThat(store.usedMemory()).isEqualTo(before);
        store.execute(t -> {
            t.flushAll();
            return null;
        }).await();
        assertThat(store.usedMemory()).isZero();
    }

    @Test
    void aBigCollectionsShareStaysNearItsMeasuredSizeAsItGrowsAndShrinks() {
        open();
        store.execute(t -> {
            for (int i = 0; i < 5_000; i++) {
                t.hset(b("h"), b("field:" + i), new byte[20]);
                t.zadd(b("z"), b("member:" + i), i);
            }
            return null;
        }).await();
        assertThat((double) store.usedMemory()).isCloseTo(sumOfUsages(), org.assertj.core.data.Percentage.withPercentage(10));
        store.execute(t -> {
            for (int i = 0; i < 4_000; i++) {
                t.hdel(b("h"), b("field:" + i));
                t.zrem(b("z"), b("member:" + i));
            }
            return null;
        }).await();
        assertThat((double) store.usedMemory()).isCloseTo(sumOfUsages(), org.assertj.core.data.Percentage.withPercentage(10));
    }

    @Test
    void noevictionRefusesToMakeRoomAndEvictsNothing() {
        open();
        setStrings("k", 100, 100);
        store.memoryLimit(new MemoryLimit(store.usedMemory() / 2, EvictionPolicy.NOEVICTION, 5, 10, 1));
        assertThat(store.overMemoryLimit()).isTrue();
        Store.Evictions e = store.makeRoom();
        assertThat(e.roomMade()).isFalse();
        assertThat(e.keys()).isEmpty();
        assertThat(store.<Long>read(Txn::size)).isEqualTo(100);
    }

    @Test
    void allkeysRandomEvictsUntilUnderTheLimitAndTheDeletesSurviveARestart() {
        open();
        setStrings("k", 1_000, 100);
        long limit = store.usedMemory() / 2;
        store.memoryLimit(new MemoryLimit(limit, EvictionPolicy.ALLKEYS_RANDOM, 5, 10, 1));
        List<String> deleted = new CopyOnWriteArrayList<>();
        store.subscribe((lsn, ms) -> ms.forEach(m -> {
            if (m instanceof Mutation.Delete d) {
                deleted.add(new String(d.key(), java.nio.charset.StandardCharsets.UTF_8));
            }
        }));
        Store.Evictions e = store.makeRoom();
        e.durable().join();
        assertThat(e.roomMade()).isTrue();
        assertThat(store.usedMemory()).isLessThanOrEqualTo(limit);
        assertThat(store.overMemoryLimit()).isFalse();
        assertThat(e.keys()).hasSizeBetween(400, 600);
        assertThat(deleted).hasSameSizeAs(e.keys()); // each went as a logged delete, seen by the change stream
        assertThat(store.stats().evictedKeys()).isEqualTo(e.keys().size());
        long left = store.read(Txn::size);
        store.close();
        open();
        assertThat(store.<Long>read(Txn::size)).isEqualTo(left);
        for (Store.EvictedKey k : e.keys()) {
            assertThat(store.<Boolean>read(t -> t.exists(k.key()))).isFalse();
        }
    }

    @Test
    void allkeysLruKeepsTheKeysReadRecently() {
        open();
        setStrings("old", 500, 100);
        clock.advanceMillis(600_000);
        setStrings("new", 500, 100);
        clock.advanceMillis(1_000);
        store.read(t -> { // the old ones of the first hundred are read again: they are recent now
            for (int i = 0; i < 100; i++) {
                t.get(b("old" + i));
            }
            return null;
        });
        clock.advanceMillis(300_000);
        store.memoryLimit(new MemoryLimit(store.usedMemory() * 6 / 10, EvictionPolicy.ALLKEYS_LRU, 10, 10, 1));
        while (store.overMemoryLimit()) {
            assertThat(store.makeRoom().roomMade()).isTrue();
        }
        int oldLeft = countPresent("old", 100, 500);
        int newLeft = countPresent("new", 0, 500);
        int readLeft = countPresent("old", 0, 100);
        // about 400 went: nearly all from the 400 old keys not read again, the sampling being approximate
        assertThat(oldLeft).isLessThan(60);
        assertThat(newLeft).isGreaterThan(440);
        assertThat(readLeft).isGreaterThan(90);
    }

    private int countPresent(String prefix, int from, int to) {
        return store.read(t -> {
            int n = 0;
            for (int i = from; i < to; i++) {
                n += t.exists(b(prefix + i)) ? 1 : 0;
            }
            return n;
        });
    }

    @Test
    void volatilePoliciesTakeOnlyKeysWithAnExpiryAndVolatileTtlTheNearestFirst() {
        open();
        setStrings("persistent", 500, 100);
        store.execute(t -> {
            for (int i = 0; i < 500; i++) {
                t.set(b("ttl" + i), new byte[100], clock.millis() + 1_000_000 + i * 1_000L);
            }
            return null;
        }).await();
        store.memoryLimit(new MemoryLimit(store.usedMemory() * 3 / 4, EvictionPolicy.VOLATILE_TTL, 10, 10, 1));
        while (store.overMemoryLimit()) {
            assertThat(store.makeRoom().roomMade()).isTrue();
        }
        assertThat(countPresent("persistent", 0, 500)).isEqualTo(500);
        // about 250 went, by the nearest expiry: the later half stays nearly whole
        assertThat(countPresent("ttl", 250, 500)).isGreaterThan(230);
        assertThat(countPresent("ttl", 0, 100)).isLessThan(20);
        // once only keys without expiry are left, a volatile policy can make no room
        store.memoryLimit(new MemoryLimit(1, EvictionPolicy.VOLATILE_LRU, 5, 10, 1));
        while (store.overMemoryLimit() && store.makeRoom().roomMade()) {
            // evicting every key with an expiry
        }
        assertThat(store.makeRoom().roomMade()).isFalse();
        assertThat(countPresent("persistent", 0, 500)).isEqualTo(500);
        assertThat(countPresent("ttl", 0, 500)).isZero();
    }

    @Test
    void lfuCountersGrowWithAccessesDecayWithTimeAndGuideAllkeysLfu() {
        open();
        // log factor 0: each access increments the counter, so the test is exact
        store.memoryLimit(new MemoryLimit(0, EvictionPolicy.ALLKEYS_LFU, 10, 0, 1));
        setStrings("k", 200, 100);
        assertThat(store.<Integer>read(t -> t.frequency(b("k0")))).isEqualTo(AccessClocks.LFU_INIT_VAL);
        store.read(t -> {
            for (int i = 0; i < 20; i++) {
                for (int k = 0; k < 50; k++) {
                    t.get(b("k" + k));
                }
            }
            return null;
        });
        assertThat(store.<Integer>read(t -> t.frequency(b("k0")))).isEqualTo(25);
        clock.advanceMillis(Duration.ofMinutes(10).toMillis()); // decays by one a minute
        assertThat(store.<Integer>read(t -> t.frequency(b("k0")))).isEqualTo(15);
        assertThat(store.<Integer>read(t -> t.frequency(b("k199")))).isZero();
        assertThat(store.<Integer>read(t -> t.frequency(b("missing")))).isEqualTo(-1);
        store.memoryLimit(new MemoryLimit(store.usedMemory() / 2, EvictionPolicy.ALLKEYS_LFU, 10, 0, 1));
        while (store.overMemoryLimit()) {
            assertThat(store.makeRoom().roomMade()).isTrue();
        }
        assertThat(countPresent("k", 0, 50)).isGreaterThan(45); // the ones used often stay
    }

    @Test
    void idleTimeCountsFromTheLastReadOrWriteButNotFromTypeOrExists() {
        open();
        setStrings("k", 2, 10);
        clock.advanceMillis(30_000);
        store.read(t -> {
            t.get(b("k0"));
            t.exists(b("k1"));
            t.type(b("k1"));
            return null;
        });
        clock.advanceMillis(5_000);
        assertThat(store.<Long>read(t -> t.idleTime(b("k0")))).isEqualTo(5);
        assertThat(store.<Long>read(t -> t.idleTime(b("k1")))).isEqualTo(35);
        store.execute(t -> t.touch(b("k1"))).await();
        assertThat(store.<Long>read(t -> t.idleTime(b("k1")))).isZero();
        assertThat(store.<Long>read(t -> t.idleTime(b("missing")))).isEqualTo(-1);
    }

    @Test
    void aHeapCapBelowWhatIsHeldBoundsTheStoreWithoutMaxmemory() {
        open();
        setStrings("k", 100, 100);
        assertThat(store.overMemoryLimit()).isFalse();
        store.heapCap(store.usedMemory() / 2);
        assertThat(store.overMemoryLimit()).isTrue();
        assertThat(store.makeRoom().roomMade()).isFalse(); // noeviction: refuse
        store.memoryLimit(new MemoryLimit(0, EvictionPolicy.ALLKEYS_RANDOM, 5, 10, 1));
        assertThat(store.makeRoom().keys()).isNotEmpty();
        assertThat(store.overMemoryLimit()).isFalse();
        store.heapCap(Long.MAX_VALUE);
        assertThat(store.memoryLimitBytes()).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void evictionReachesEveryDatabase() {
        open();
        List<Integer> dbs = new ArrayList<>();
        store.execute(t -> {
            for (int db = 0; db < 4; db++) {
                t.select(db);
                for (int i = 0; i < 100; i++) {
                    t.set(b("k" + i), new byte[100], 0);
                }
            }
            return null;
        }).await();
        store.memoryLimit(new MemoryLimit(store.usedMemory() / 2, EvictionPolicy.ALLKEYS_LRU, 5, 10, 1));
        while (store.overMemoryLimit()) {
            store.makeRoom().keys().forEach(k -> dbs.add(k.db()));
        }
        assertThat(dbs).contains(0, 1, 2, 3);
    }
}
