package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hashes through the store: both layouts across checkpoints and restarts, RENAME as a move, the encoding bounds. */
class HashStoreTest {
    @TempDir
    Path dir;
    final ManualClock clock = new ManualClock(1_700_000_000_000L);
    Store store;

    private static byte[] b(String s) {
        return Bytes.utf8(s);
    }

    private static String s(byte[] b) {
        return new String(b, java.nio.charset.StandardCharsets.UTF_8);
    }

    private Store open(Encodings bounds) {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.WRITE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).encodings(bounds).build(),
                LocalFileSystem.INSTANCE, clock);
        return store;
    }

    private void reopen(Encodings bounds) {
        store.close();
        open(bounds);
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private Map<String, String> fields(byte[] key) {
        Map<String, String> out = new HashMap<>();
        store.read(t -> {
            t.hgetAll(key).forEach(e -> out.put(s(e.getKey()), s(e.getValue())));
            return null;
        });
        return out;
    }

    private String encoding(String key) {
        return store.read(t -> t.encoding(b(key)));
    }

    private void fill(String key, int n) {
        store.execute(t -> {
            for (int i = 0; i < n; i++) {
                t.hset(b(key), b("f" + i), b("v" + i));
            }
            return null;
        }).await();
    }

    @Test
    void bigAndSmallHashesSurviveACheckpointAndTheLogAcrossARestart() throws Exception {
        open(Encodings.DEFAULTS);
        fill("small", 10);
        fill("big", 5_000);
        store.checkpoint().join();
        store.execute(t -> {
            t.hset(b("big"), b("f1"), b("changed"));
            t.hdel(b("big"), b("f2"));
            t.hset(b("small"), b("extra"), b("x"));
            return null;
        }).await();
        Map<String, String> big = fields(b("big"));
        reopen(Encodings.DEFAULTS);
        assertThat(store.recoveryStats().snapshotEntries()).isEqualTo(2);
        assertThat(fields(b("big"))).isEqualTo(big).hasSize(4_999).containsEntry("f1", "changed");
        assertThat(fields(b("small"))).hasSize(11).containsEntry("extra", "x");
        assertThat(encoding("small")).isEqualTo("listpack");
        assertThat(encoding("big")).isEqualTo("hashtable");
    }

    @Test
    void aRestartRebuildsEachHashByTheBoundsInForceThen() throws Exception {
        open(Encodings.DEFAULTS);
        fill("h", 100);
        store.checkpoint().join();
        assertThat(encoding("h")).isEqualTo("listpack");
        reopen(new Encodings(50, 64, 512, 128, 64, 128, 64, -2, 0, 3000));
        assertThat(encoding("h")).isEqualTo("hashtable");
        assertThat(fields(b("h"))).hasSize(100);
    }

    @Test
    void newBoundsApplyToTheNextWriteThatCrossesThem() {
        open(Encodings.DEFAULTS);
        fill("h", 10);
        store.encodings(new Encodings(10, 64, 512, 128, 64, 128, 64, -2, 0, 3000));
        assertThat(store.encodings().hashMaxListpackEntries()).isEqualTo(10);
        assertThat(encoding("h")).as("a stored value keeps its layout").isEqualTo("listpack");
        store.execute(t -> t.hset(b("h"), b("f0"), b("same count"))).await();
        assertThat(encoding("h")).isEqualTo("listpack");
        store.execute(t -> t.hset(b("h"), b("eleventh"), b("x"))).await();
        assertThat(encoding("h")).isEqualTo("hashtable");
        store.execute(t -> t.hset(b("long"), b("f"), b("x".repeat(65)))).await();
        assertThat(encoding("long")).isEqualTo("hashtable");
    }

    @Test
    void renameMovesAHashWithItsExpiryAndIsReplayed() {
        open(Encodings.DEFAULTS);
        fill("src", 3_000);
        fill("dst", 2);
        long at = clock.millis() + 60_000;
        List<Mutation> logged = new ArrayList<>();
        store.subscribe((lsn, ms) -> logged.addAll(ms));
        store.execute(t -> {
            t.expireAt(b("src"), at);
            return t.rename(b("src"), b("dst"));
        }).await();
        assertThat(logged).extracting(m -> m.getClass().getSimpleName()).containsExactly("ExpireAt", "Rename", "Delete");
        assertThat(fields(b("dst"))).hasSize(3_000).containsEntry("f7", "v7");
        assertThat(store.<Boolean>read(t -> t.exists(b("src")))).isFalse();
        reopen(Encodings.DEFAULTS);
        assertThat(fields(b("dst"))).hasSize(3_000);
        assertThat(store.<Long>read(t -> t.expireAt(b("dst")))).isEqualTo(at);
        assertThat(store.<Boolean>read(t -> t.exists(b("src")))).isFalse();
        assertThat(store.stats().volatileKeys()).isEqualTo(1);
    }

    @Test
    void renameOfAStringOrAMissingKeyAndToItself() {
        open(Encodings.DEFAULTS);
        store.set(b("s"), b("v")).await();
        assertThat(store.<Boolean>execute(t -> t.rename(b("s"), b("t"))).await()).isTrue();
        assertThat(store.get(b("t"))).isEqualTo(b("v"));
        assertThat(store.get(b("s"))).isNull();
        assertThat(store.<Boolean>execute(t -> t.rename(b("missing"), b("x"))).await()).isFalse();
        assertThat(store.<Boolean>execute(t -> t.rename(b("t"), b("t"))).await()).isTrue();
        assertThat(store.get(b("t"))).isEqualTo(b("v"));
    }

    @Test
    void aReadViewKeepsSeeingTheHashAndItsNameWhileItIsRenamedAndChanged() {
        open(Encodings.DEFAULTS);
        fill("h", 2_000);
        try (ReadView view = store.openReadView()) {
            store.execute(t -> {
                t.rename(b("h"), b("g"));
                t.hset(b("g"), b("f1"), b("new"));
                t.hdel(b("g"), b("f2"));
                return null;
            }).await();
            Map<String, String> seen = new HashMap<>();
            view.hgetAll(b("h")).forEach(e -> seen.put(s(e.getKey()), s(e.getValue())));
            assertThat(seen).hasSize(2_000).containsEntry("f1", "v1").containsEntry("f2", "v2");
            assertThat(view.hgetAll(b("g"))).isEmpty();
        }
        assertThat(fields(b("g"))).hasSize(1_999).containsEntry("f1", "new");
    }

    @Test
    void renameMovesTheEntryAndSharesTheContentsWithAnOpenView() {
        Keyspace ks = new Keyspace(16);
        for (int i = 0; i < 1_000; i++) {
            MutationApplier.apply(ks, new Mutation.HashPut(0, b("h"), b("f" + i), b("v")));
        }
        HashEntry before = (HashEntry) ks.get(b("h"));
        ks.rename(b("h"), b("g"));
        assertThat(ks.get(b("g"))).as("no view open: the entry itself moves").isSameAs(before);
        assertThat(ks.get(b("h"))).isNull();

        var view = ks.openView();
        ks.rename(b("g"), b("k"));
        HashEntry moved = (HashEntry) ks.get(b("k"));
        assertThat(moved).isNotSameAs(before);
        assertThat(moved.table()).as("the contents are shared, not copied").isSameAs(before.table());
        assertThat(view.get(b("g"))).isSameAs(before);
        assertThat(before.key).isEqualTo(b("g"));
        view.close();
    }

    @Test
    void cursorPagesThroughABigHashInTheStore() {
        open(Encodings.DEFAULTS);
        fill("h", 10_000);
        Map<String, String> seen = new HashMap<>();
        long cursor = 0;
        int pages = 0;
        do {
            long from = cursor;
            cursor = store.read(t -> t.hscan(b("h"), from, 100, (f, v) -> seen.put(s(f), s(v))));
            pages++;
        } while (cursor != 0);
        assertThat(seen).hasSize(10_000).containsEntry("f42", "v42");
        assertThat(pages).isBetween(90, 110);
        assertThat(store.<Long>read(t -> t.hscan(b("missing"), 0, 10, (f, v) -> { }))).isZero();
    }

    @Test
    void stringsAreNamedAsRedisNamesThem() {
        open(Encodings.DEFAULTS);
        Map<String, String> expected = new java.util.LinkedHashMap<>();
        expected.put("0", "int");
        expected.put("-1", "int");
        expected.put("9223372036854775807", "int");
        expected.put("-9223372036854775808", "int");
        expected.put("9223372036854775808", "embstr");
        expected.put("-9223372036854775809", "embstr");
        expected.put("007", "embstr");
        expected.put("-0", "embstr");
        expected.put("+1", "embstr");
        expected.put(" 1", "embstr");
        expected.put("", "embstr");
        expected.put("x".repeat(44), "embstr");
        expected.put("x".repeat(45), "raw");
        expected.put("1".repeat(21), "embstr");
        expected.forEach((value, name) -> {
            store.set(b("s"), b(value)).await();
            assertThat(encoding("s")).as(value).isEqualTo(name);
        });
    }
}
