package io.cairn.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.ManualClock;
import io.cairn.storage.engine.DiskSettings;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import io.cairn.testkit.disk.CrashableDiskEngines;
import io.cairn.testkit.fs.CrashableFileSystem;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * The model the disk databases' model tests share: per database (two), each key's value and its
 * expiry, and the steps on whole keys and on the store that do not depend on the value's type
 * (RENAME, MOVE, DEL, EXPIREAT, time passing, a reopen, a power loss, FLUSHDB), each checked
 * against the model and applied to it.
 *
 * @param <T> a key's value in the model
 */
final class DiskKeyModel<T> {
    private static final Path DIR = Path.of("/data");

    /** A step on a key or on the store. */
    enum Step { RENAME, MOVE, DELETE, EXPIRE, TIME, REOPEN, POWER_LOSS, FLUSHDB }

    final List<Map<String, T>> values = List.of(new HashMap<>(), new HashMap<>());
    final List<Map<String, Long>> expiries = List.of(new HashMap<>(), new HashMap<>());

    /** The key's value now, null when absent or expired (which it then forgets). */
    T live(int db, String key, long now) {
        Long at = expiries.get(db).get(key);
        if (at != null && at <= now) {
            values.get(db).remove(key);
            expiries.get(db).remove(key);
        }
        return values.get(db).get(key);
    }

    void remove(int db, String key) {
        values.get(db).remove(key);
        expiries.get(db).remove(key);
    }

    /** A store with database 0 on disk and a 64 KiB stage, no checkpoints: for counting part reads. */
    static StoreConfig oneDiskDatabase(CrashableDiskEngines engines) {
        return StoreConfig.builder(DIR).walMode(WalMode.FSYNC).checkpointInterval(Duration.ZERO)
                .checkpointLogBytes(0).expiryCycle(Duration.ofHours(1))
                .disk(new DiskSettings(Set.of(0), engines, 0, 1 << 16)).build();
    }

    /** A store with two disk databases and a stage of a few kilobytes (saved often), for the model runs. */
    static StoreConfig twoDiskDatabases(CrashableDiskEngines engines, RandomGenerator rnd) {
        return StoreConfig.builder(DIR).walMode(WalMode.FSYNC).segmentBytes(1 << 16)
                .expiryCycle(Duration.ofHours(1)).checkpointInterval(Duration.ZERO).checkpointLogBytes(0)
                .databases(2)
                .disk(new DiskSettings(Set.of(0, 1), engines, 0, 4096 + rnd.nextInt(16384)))
                .build();
    }

    /** The store and what it runs on, for the steps that reopen it. */
    record Rig(StoreConfig config, CrashableFileSystem fs, ManualClock clock, CrashableDiskEngines engines) {
    }

    /**
     * Runs {@code step} on {@code key} of {@code db} (whose live value is {@code m}, null when
     * absent; RENAME picks a target among {@code keys} keys of the same first letter), checks the
     * reply against the model and applies it there. Returns the store to go on with.
     */
    Store step(Step step, Store store, Rig rig, RandomGenerator rnd, int db, String key, T m, int keys, String where) {
        long now = rig.clock().millis();
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        switch (step) {
            case RENAME -> {
                String target = key.charAt(0) + "" + rnd.nextInt(keys);
                boolean ok = store.execute(db, t -> t.rename(k, target.getBytes(StandardCharsets.UTF_8))).await();
                assertThat(ok).as(where).isEqualTo(m != null);
                if (m != null && !target.equals(key)) {
                    Long at = expiries.get(db).get(key);
                    remove(db, target);
                    remove(db, key);
                    values.get(db).put(target, m);
                    if (at != null) {
                        expiries.get(db).put(target, at);
                    }
                }
            }
            case MOVE -> {
                int to = 1 - db;
                boolean ok = store.execute(db, t -> t.move(k, to)).await();
                boolean expected = m != null && live(to, key, now) == null;
                assertThat(ok).as(where).isEqualTo(expected);
                if (expected) {
                    Long at = expiries.get(db).get(key);
                    remove(db, key);
                    values.get(to).put(key, m);
                    if (at != null) {
                        expiries.get(to).put(key, at);
                    }
                }
            }
            case DELETE -> {
                boolean ok = store.execute(db, t -> t.delete(k)).await();
                assertThat(ok).as(where).isEqualTo(m != null);
                remove(db, key);
            }
            case EXPIRE -> {
                long at = now + 1 + rnd.nextInt(3000);
                boolean ok = store.execute(db, t -> t.expireAt(k, at)).await();
                assertThat(ok).as(where).isEqualTo(m != null);
                if (m != null) {
                    expiries.get(db).put(key, at);
                }
            }
            case TIME -> {
                rig.clock().advanceMillis(rnd.nextInt(1500));
                if (rnd.nextBoolean()) {
                    store.reclaimExpired(100);
                }
            }
            case REOPEN -> {
                store.close();
                return Store.open(rig.config(), rig.fs(), rig.clock());
            }
            case POWER_LOSS -> {
                rig.fs().crash(rnd);
                rig.engines().crash();
                StoreModelTest.closeQuietly(store);
                return Store.open(rig.config(), rig.fs(), rig.clock());
            }
            case FLUSHDB -> {
                store.execute(db, t -> {
                    t.flushDb();
                    return null;
                }).await();
                values.get(db).clear();
                expiries.get(db).clear();
            }
        }
        return store;
    }
}
