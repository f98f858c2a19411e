package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.DiskSettings;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WriteBatch;
import io.cairn.storage.engine.WrongTypeException;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.Seeds;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import io.cairn.testkit.model.KeyspaceModel;
import io.cairn.testkit.model.StoreDump;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Runs long random operation sequences against the store and against {@link KeyspaceModel} and
 * compares them, across checkpoints, reopens and simulated power losses. Reproducible with
 * {@code -Dcairn.seed=...} (the seed is printed).
 */
class StoreModelTest {
    private static final Path DIR = Path.of("/data");

    @Test
    void storeFollowsTheModelAcrossCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 25_000);
    }

    /**
     * The same with database 0 a disk database, its stage saved every few kilobytes, its engine
     * flushing now and then on its own and crashing with the file system.
     */
    @Test
    void diskDatabaseFollowsTheModelAcrossSavesCheckpointsReopensAndCrashes() {
        run(Seeds.seed(), 25_000, true);
    }

    @Test
    @Tag("long")
    void storeFollowsTheModelOverManySeeds() {
        long base = Seeds.seed();
        for (int i = 0; i < 40; i++) {
            run(base + i, 50_000, i % 2 == 1);
        }
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static void run(long seed, int steps) {
        run(seed, steps, false);
    }

    private static void run(long seed, int steps, boolean disk) {
        RandomGenerator rnd = Seeds.random(seed);
        CrashableFileSystem fs = new CrashableFileSystem();
        ManualClock clock = new ManualClock(1_000_000);
        CrashableDiskEngines engines = new CrashableDiskEngines(Seeds.random(seed + 1), 0.2);
        StoreConfig config = StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(8192)
                .checkpointsToKeep(1 + rnd.nextInt(2)).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .disk(diskSettings(disk, engines, rnd))
                .build();
        KeyspaceModel model = new KeyspaceModel();
        Store store = Store.open(config, fs, clock);
        try {
            for (int step = 0; step < steps; step++) {
                Store current = store;
                String key = "k" + rnd.nextInt(150);
                String field = "f" + rnd.nextInt(8);
                String value = "v" + rnd.nextInt(1000);
                long now = clock.millis();
                int op = rnd.nextInt(1000);
                String where = "seed=" + seed + " step=" + step;
                if (op < 250) {
                    long exp = rnd.nextInt(10) == 0 ? now + 1 + rnd.nextInt(2000) : 0;
                    store.execute(t -> {
                        t.set(b(key), b(value), exp);
                        return null;
                    }).await();
                    model.set(key, value, exp);
                } else if (op < 350) {
                    boolean got = store.execute(t -> t.delete(b(key))).await();
                    assertThat(got).as(where).isEqualTo(model.delete(key, now));
                } else if (op < 500) {
                    boolean ok = attempt(() -> current.execute(t -> t.hset(b(key), b(field), b(value))).await());
                    assertThat(ok).as(where).isEqualTo(model.hset(key, field, value, now));
                } else if (op < 550) {
                    String type = model.type(key, now);
                    boolean ok = attempt(() -> current.execute(t -> t.hdel(b(key), b(field))).await());
                    assertThat(ok).as(where).isEqualTo(type.equals("hash") || type.equals("none"));
                    if (ok) {
                        model.hdel(key, field, now);
                    }
                } else if (op < 700) {
                    double score = rnd.nextInt(20) - 10 + (rnd.nextBoolean() ? 0.5 : 0);
                    boolean ok = attempt(() -> current.execute(t -> t.zadd(b(key), b(field), score)).await());
                    assertThat(ok).as(where).isEqualTo(model.zadd(key, field, score, now));
                } else if (op < 750) {
                    boolean isZset = model.type(key, now).equals("zset") || model.type(key, now).equals("none");
                    boolean ok = attempt(() -> current.execute(t -> t.zrem(b(key), b(field))).await());
                    assertThat(ok).as(where).isEqualTo(isZset);
                    if (ok) {
                        model.zrem(key, field, now);
                    }
                } else if (op < 800) {
                    long at = now + rnd.nextInt(3000) - 500;
                    boolean got = store.execute(t -> t.expireAt(b(key), at)).await();
                    assertThat(got).as(where).isEqualTo(model.expireAt(key, at, now));
                } else if (op < 820) {
                    boolean got = store.execute(t -> t.persist(b(key))).await();
                    assertThat(got).as(where).isEqualTo(model.persist(key, now));
                } else if (op < 860) {
                    clock.advanceMillis(rnd.nextInt(1500));
                } else if (op < 890) {
                    String k2 = "k" + rnd.nextInt(150);
                    WriteBatch batch = new WriteBatch().set(b(key), b(value)).hset(b(k2), b(field), b(value));
                    boolean ok = attempt(() -> current.write(batch).await());
                    KeyspaceModel trial = model.copy();
                    trial.set(key, value, 0);
                    boolean expected = trial.hset(k2, field, value, now);
                    assertThat(ok).as(where).isEqualTo(expected);
                    if (ok) {
                        model.set(key, value, 0);
                        model.hset(k2, field, value, now);
                    }
                } else if (op < 905) {
                    store.checkpoint().join();
                } else if (op < 915) {
                    store.close();
                    store = Store.open(config, fs, clock);
                } else if (op < 925) {
                    // Power loss with everything acknowledged: nothing may be missing.
                    fs.crash(rnd);
                    engines.crash();
                    closeQuietly(store);
                    store = Store.open(config, fs, clock);
                } else if (op < 960) {
                    store.reclaimExpired(1 + rnd.nextInt(200));
                } else if (op < 962) {
                    store.execute(t -> {
                        t.flushAll();
                        return null;
                    }).await();
                    model.clear();
                } else if (op < 980) {
                    int offset = rnd.nextInt(12);
                    boolean ok = attempt(() -> current.execute(t -> t.strings().setRange(b(key), offset, b(value))).await());
                    assertThat(ok).as(where).isEqualTo(model.setRange(key, offset, value, now));
                } else {
                    String type = store.read(t -> t.type(b(key))).redisName();
                    assertThat(type).as(where).isEqualTo(model.type(key, now));
                }
                if (step % 500 == 0 || op >= 905 && op < 925) {
                    assertThat(StoreDump.render(store)).as(where).isEqualTo(model.render(clock.millis()));
                }
            }
            assertThat(StoreDump.render(store)).isEqualTo(model.render(clock.millis()));
            if (disk) {
                assertThat(engines.saves()).as("the stage was saved").isPositive();
            }
        } finally {
            closeQuietly(store);
        }
    }

    /**
     * For a model test's disk variant: database 0 on {@code engines}, with a stage of a few
     * kilobytes so saves come often; else every database in memory.
     */
    static DiskSettings diskSettings(boolean disk, CrashableDiskEngines engines, RandomGenerator rnd) {
        return disk ? new DiskSettings(Set.of(0), engines, 0, 1024 + rnd.nextInt(8192)) : DiskSettings.NONE;
    }

    /** Runs a write; returns false when it was refused as the wrong type. */
    private static boolean attempt(Runnable write) {
        try {
            write.run();
            return true;
        } catch (WrongTypeException e) {
            return false;
        }
    }

    static void closeQuietly(Store store) {
        try {
            store.close();
        } catch (RuntimeException e) {
            // a store on a crashed file system cannot flush; that is the point
        }
    }
}
