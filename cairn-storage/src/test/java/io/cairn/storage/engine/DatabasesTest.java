package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbered databases: each its own keyspace, MOVE and SWAPDB across them, FLUSHDB of one and
 * FLUSHALL of all, carried by the log and by snapshots; copy-on-write stays correct for an entry
 * moved while a checkpoint's view is open.
 */
class DatabasesTest {
    private static final int DATABASES = 4;

    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private Store open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).databases(DATABASES).build(),
                LocalFileSystem.INSTANCE, clock);
        return store;
    }

    private void reopen() {
        store.close();
        open();
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void run(int db, java.util.function.Consumer<Txn> body) {
        store.execute(db, t -> {
            body.accept(t);
            return null;
        }).await();
    }

    private String get(int db, String key) {
        byte[] v = store.read(db, t -> t.get(b(key)));
        return v == null ? null : new String(v, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void averageTtlIsTheMeanTimeLeftOfEachDatabasesKeysWithAnExpiry() {
        open();
        long now = clock.millis();
        run(0, t -> {
            t.set(b("a"), b("v1"), now + 10_000);
            t.set(b("b"), b("v2"), now + 30_000);
            t.set(b("plain"), b("v"), 0);
            t.hset(b("h"), b("f"), b("v"));
            t.expireAt(b("h"), now + 50_000);
        });
        assertThat(store.stats().avgTtlPerDb()[0]).isEqualTo(30_000);
        run(0, t -> t.set(b("a"), b("v3"), now + 40_000)); // same length: overwritten in place
        assertThat(store.stats().avgTtlPerDb()[0]).isEqualTo(40_000);
        run(0, t -> {
            t.persist(b("h"));
            t.delete(b("b"));
        });
        assertThat(store.stats().avgTtlPerDb()[0]).isEqualTo(40_000);
        run(2, t -> t.set(b("far"), b("x"), Long.MAX_VALUE / 2)); // sums past 64 bits stay exact
        run(2, t -> t.set(b("far2"), b("x"), Long.MAX_VALUE / 2));
        run(2, t -> t.set(b("far3"), b("x"), Long.MAX_VALUE / 2));
        assertThat(store.stats().avgTtlPerDb()[2]).isCloseTo(Long.MAX_VALUE / 2 - now,
                org.assertj.core.data.Percentage.withPercentage(1e-9));
        run(0, t -> t.swapDatabases(0, 1));
        long[] swapped = store.stats().avgTtlPerDb();
        assertThat(swapped[0]).isZero();
        assertThat(swapped[1]).isEqualTo(40_000);
        clock.advanceMillis(15_000);
        assertThat(store.stats().avgTtlPerDb()[1]).isEqualTo(25_000);
        reopen();
        assertThat(store.stats().avgTtlPerDb()[1]).as("rebuilt by replay").isEqualTo(25_000);
        clock.advanceMillis(60_000); // expired, not yet reclaimed: no negative mean
        assertThat(store.stats().avgTtlPerDb()[1]).isZero();
        run(1, Txn::flushDb);
        assertThat(store.stats().avgTtlPerDb()[1]).isZero();
    }

    @Test
    void databasesAreSeparateAndMoveSwapAndFlushSurviveReplayAndSnapshots() {
        open();
        run(0, t -> t.set(b("k"), b("zero"), 0));
        run(1, t -> {
            t.set(b("k"), b("one"), 0);
            t.hset(b("h"), b("f"), b("v"));
            t.expireAt(b("h"), clock.millis() + 60_000);
        });
        run(2, t -> t.set(b("gone"), b("x"), 0));
        run(1, t -> assertThat(t.move(b("h"), 3)).isTrue());
        run(1, t -> assertThat(t.move(b("k"), 0)).as("present in the target").isFalse());
        run(0, t -> t.swapDatabases(0, 1));
        run(2, Txn::flushDb);
        for (int round = 0; round < 3; round++) {
            assertThat(get(0, "k")).isEqualTo("one");
            assertThat(get(1, "k")).isEqualTo("zero");
            assertThat(get(2, "gone")).isNull();
            assertThat(store.<byte[]>read(3, t -> t.hget(b("h"), b("f")))).isEqualTo(b("v"));
            assertThat(store.<Long>read(3, t -> t.expireAt(b("h")))).isEqualTo(clock.millis() + 60_000);
            assertThat(store.stats().keysPerDb()).containsExactly(1, 1, 0, 1);
            assertThat(store.stats().volatileKeysPerDb()).containsExactly(0, 0, 0, 1);
            if (round == 0) {
                reopen(); // from the log
            } else if (round == 1) {
                store.checkpoint().join();
                reopen(); // from the snapshot
            }
        }
        run(3, Txn::flushAll);
        assertThat(store.stats().keys()).isZero();
        reopen();
        assertThat(store.stats().keys()).isZero();
    }

    @Test
    void aHashMovedWhileACheckpointViewIsOpenIsCopiedBeforeItChanges() {
        open();
        run(0, t -> t.hset(b("h"), b("f"), b("old")));
        try (ReadView view = store.openReadView(0)) {
            run(0, t -> t.move(b("h"), 2));
            run(2, t -> t.hset(b("h"), b("f"), b("new")));
            assertThat(view.hgetAll(b("h"))).singleElement()
                    .satisfies(e -> assertThat(e.getValue()).isEqualTo(b("old")));
        }
        assertThat(store.<byte[]>read(2, t -> t.hget(b("h"), b("f")))).isEqualTo(b("new"));
        assertThat(store.<Boolean>read(0, t -> t.exists(b("h")))).isFalse();
    }

    @Test
    void renameStaysInTheSelectedDatabaseAndReplaysThere() {
        open();
        run(0, t -> t.hset(b("h"), b("f"), b("zero")));
        run(2, t -> {
            t.hset(b("h"), b("f"), b("two"));
            t.lists().push(b("l"), false, new byte[][] {b("a"), b("b")}, false);
            t.expireAt(b("h"), clock.millis() + 60_000);
        });
        try (ReadView view = store.openReadView(2)) {
            run(2, t -> {
                assertThat(t.rename(b("h"), b("g"))).isTrue();
                assertThat(t.rename(b("l"), b("m"))).isTrue();
            });
            run(2, t -> t.hset(b("g"), b("f"), b("changed")));
            assertThat(view.hgetAll(b("h"))).singleElement()
                    .satisfies(e -> assertThat(e.getValue()).as("the view keeps the old entry").isEqualTo(b("two")));
        }
        for (int round = 0; round < 2; round++) {
            assertThat(store.<byte[]>read(2, t -> t.hget(b("g"), b("f")))).isEqualTo(b("changed"));
            assertThat(store.<Long>read(2, t -> t.expireAt(b("g")))).isEqualTo(clock.millis() + 60_000);
            assertThat(store.<List<byte[]>>read(2, t -> t.lists().range(b("m"), 0, -1))).containsExactly(b("a"), b("b"));
            assertThat(store.<Boolean>read(2, t -> t.exists(b("h")) || t.exists(b("l")))).isFalse();
            assertThat(store.<byte[]>read(0, t -> t.hget(b("h"), b("f")))).as("database 0 untouched").isEqualTo(b("zero"));
            assertThat(store.<Boolean>read(0, t -> t.exists(b("g")))).isFalse();
            reopen(); // from the log (the RENAMEs inside SELECT_DB 2)
        }
    }

    @Test
    void aDatabaseNumberOutsideTheConfiguredOnesIsRefused() {
        open();
        assertThatThrownBy(() -> store.execute(DATABASES, t -> null)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> run(0, t -> t.move(b("k"), DATABASES))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> run(0, t -> t.move(b("k"), 0))).isInstanceOf(IllegalArgumentException.class);
    }

    /** Random writes, MOVEs, SWAPDBs and flushes against a map per database, across restarts and checkpoints. */
    @Test
    void randomOperationsMatchAModelAcrossRestartsAndCheckpoints() {
        long seed = Long.getLong("cairn.seed.databases", new java.util.SplittableRandom().nextLong());
        RandomGenerator r = new java.util.SplittableRandom(seed);
        open();
        List<Map<String, String>> model = new ArrayList<>();
        for (int i = 0; i < DATABASES; i++) {
            model.add(new HashMap<>());
        }
        for (int step = 0; step < 3_000; step++) {
            int db = r.nextInt(DATABASES);
            String key = "k" + r.nextInt(20);
            int op = r.nextInt(100);
            if (op < 50) {
                String v = "v" + step;
                run(db, t -> t.set(b(key), b(v), 0));
                model.get(db).put(key, v);
            } else if (op < 65) {
                run(db, t -> t.delete(b(key)));
                model.get(db).remove(key);
            } else if (op < 85) {
                int to = (db + 1 + r.nextInt(DATABASES - 1)) % DATABASES;
                boolean moved = store.execute(db, t -> t.move(b(key), to)).value();
                boolean expected = model.get(db).containsKey(key) && !model.get(to).containsKey(key);
                assertThat(moved).as("seed %d step %d: MOVE %s %d->%d", seed, step, key, db, to).isEqualTo(expected);
                if (expected) {
                    model.get(to).put(key, model.get(db).remove(key));
                }
            } else if (op < 93) {
                int other = r.nextInt(DATABASES);
                run(db, t -> t.swapDatabases(db, other));
                Map<String, String> tmp = model.get(db);
                model.set(db, model.get(other));
                model.set(other, tmp);
            } else if (op < 97) {
                run(db, Txn::flushDb);
                model.get(db).clear();
            } else if (op < 98) {
                store.checkpoint().join();
            } else {
                reopen();
            }
        }
        reopen();
        for (int db = 0; db < DATABASES; db++) {
            Map<String, String> actual = new TreeMap<>();
            store.read(db, t -> {
                for (byte[] k : t.scanKeys(null, false, 1000)) {
                    actual.put(utf8(k), utf8(t.get(k)));
                }
                return null;
            });
            assertThat(actual).as("seed %d database %d", seed, db).isEqualTo(new TreeMap<>(model.get(db)));
        }
    }

    private static String utf8(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }
}
