package io.cairn.disk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.StoreClosedException;
import io.cairn.storage.engine.DiskEngine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@link DiskEngine} contract, on RocksDB. */
class RocksDbEngineTest {
    static final long CACHE = 8L << 20;

    @TempDir
    Path dir;
    DiskEngine engine;

    @BeforeEach
    void open() throws IOException {
        engine = RocksDbEngine.open(new DiskEngine.Settings(dir, CACHE));
    }

    @AfterEach
    void close() throws IOException {
        engine.close();
    }

    static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] b(int... bytes) {
        byte[] r = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            r[i] = (byte) bytes[i];
        }
        return r;
    }

    void save(long lsn, java.util.function.Consumer<DiskEngine.Batch> fill) throws IOException {
        DiskEngine.Batch batch = engine.batch();
        fill.accept(batch);
        engine.save(batch, lsn);
    }

    static List<String> keys(DiskEngine engine, int db, byte[] from, boolean exclusive) {
        List<String> keys = new ArrayList<>();
        engine.scan(db, from, exclusive, (k, v) -> keys.add(new String(k, StandardCharsets.ISO_8859_1)));
        return keys;
    }

    @Test
    void aNewEngineIsEmptyAtLsnZero() {
        assertThat(engine.savedLsn()).isZero();
        assertThat(engine.get(0, b("k"))).isNull();
        assertThat(engine.meta(0)).isNull();
        assertThat(keys(engine, 0, null, false)).isEmpty();
    }

    @Test
    void putsDeletesAndMetaAreReadBackAfterTheSave() throws IOException {
        save(3, batch -> {
            batch.put(0, b("a"), b("1"));
            batch.put(0, b("b"), b("2"));
            batch.put(1, b("a"), b("other db"));
            batch.meta(0, b("figures"));
        });
        assertThat(engine.savedLsn()).isEqualTo(3);
        assertThat(engine.get(0, b("a"))).isEqualTo(b("1"));
        assertThat(engine.get(1, b("a"))).isEqualTo(b("other db"));
        assertThat(engine.meta(0)).isEqualTo(b("figures"));
        assertThat(engine.meta(1)).isNull();

        save(4, batch -> {
            batch.delete(0, b("a"));
            batch.put(0, b("b"), b("3"));
            batch.meta(0, b("new figures"));
        });
        assertThat(engine.get(0, b("a"))).isNull();
        assertThat(engine.get(0, b("b"))).isEqualTo(b("3"));
        assertThat(engine.meta(0)).isEqualTo(b("new figures"));
        assertThat(engine.savedLsn()).isEqualTo(4);
    }

    @Test
    void clearRemovesOneDatabaseAndKeepsTheBatchsLaterPuts() throws IOException {
        save(1, batch -> {
            batch.put(2, b("x"), b("1"));
            batch.put(2, b("y"), b("1"));
            batch.put(3, b("x"), b("kept"));
            batch.put(1, b("x"), b("kept"));
        });
        save(2, batch -> {
            batch.clear(2);
            batch.put(2, b("z"), b("after the clear"));
        });
        assertThat(keys(engine, 2, null, false)).containsExactly("z");
        assertThat(engine.get(3, b("x"))).isEqualTo(b("kept"));
        assertThat(engine.get(1, b("x"))).isEqualTo(b("kept"));
    }

    @Test
    void aBatchsOperationsApplyInTheirOrder() throws IOException {
        save(1, batch -> {
            batch.put(0, b("k"), b("1"));
            batch.delete(0, b("k"));
            batch.put(0, b("j"), b("1"));
            batch.put(0, b("j"), b("2"));
        });
        assertThat(engine.get(0, b("k"))).isNull();
        assertThat(engine.get(0, b("j"))).isEqualTo(b("2"));
    }

    @Test
    void scansOrderKeysAsUnsignedBytes() throws IOException {
        save(1, batch -> {
            batch.put(0, b(0xFF), b("v"));
            batch.put(0, b(0x01), b("v"));
            batch.put(0, b(0x80), b("v"));
            batch.put(0, b(0x7F), b("v"));
            batch.put(0, b(0x01, 0x00), b("v"));
            batch.put(0, b(), b("empty key"));
        });
        List<byte[]> seen = new ArrayList<>();
        engine.scan(0, null, false, (k, v) -> seen.add(k));
        assertThat(seen).containsExactly(b(), b(0x01), b(0x01, 0x00), b(0x7F), b(0x80), b(0xFF));
        assertThat(engine.get(0, b())).isEqualTo(b("empty key"));
    }

    @Test
    void scansStartAtTheirKeyAndExclusiveScansSkipIt() throws IOException {
        save(1, batch -> {
            for (String k : List.of("a", "b", "c", "d")) {
                batch.put(0, b(k), b(k));
            }
        });
        assertThat(keys(engine, 0, b("b"), false)).containsExactly("b", "c", "d");
        assertThat(keys(engine, 0, b("b"), true)).containsExactly("c", "d");
        assertThat(keys(engine, 0, b("bb"), true)).containsExactly("c", "d");
        assertThat(keys(engine, 0, b("bb"), false)).containsExactly("c", "d");
        assertThat(keys(engine, 0, b("d"), true)).isEmpty();
        assertThat(keys(engine, 0, null, true)).containsExactly("a", "b", "c", "d");
    }

    @Test
    void scansStayInsideTheirDatabaseAndStopWhenTheVisitorSays() throws IOException {
        save(1, batch -> {
            batch.put(0, b(0xFF, 0xFF), b("db0"));
            batch.put(1, b("a"), b("db1"));
            batch.put(1, b("b"), b("db1"));
            batch.put(2, b(), b("db2"));
            batch.put(256, b("a"), b("db256"));
        });
        assertThat(keys(engine, 0, null, false)).hasSize(1);
        assertThat(keys(engine, 1, null, false)).containsExactly("a", "b");
        assertThat(keys(engine, 1, b("b"), true)).isEmpty();
        assertThat(keys(engine, 2, null, false)).containsExactly("");
        assertThat(keys(engine, 256, null, false)).containsExactly("a");
        assertThat(keys(engine, 3, null, false)).isEmpty();
        assertThat(keys(engine, DiskKeys.MAX_DB, null, false)).isEmpty();

        List<String> first = new ArrayList<>();
        engine.scan(1, null, false, (k, v) -> {
            first.add(new String(k, StandardCharsets.UTF_8));
            return false;
        });
        assertThat(first).containsExactly("a");
    }

    @Test
    void databaseNumbersOutsideTheRangeAreRefused() {
        assertThatThrownBy(() -> engine.get(-1, b("k"))).hasMessage("db: -1 (expected: 0..65534)");
        assertThatThrownBy(() -> engine.batch().put(65535, b("k"), b("v")))
                .hasMessage("db: 65535 (expected: 0..65534)");
    }

    @Test
    void aSnapshotDoesNotSeeLaterSavesAndIsReadFromAnyThread() throws Exception {
        save(1, batch -> {
            batch.put(0, b("a"), b("old"));
            batch.put(0, b("b"), b("old"));
        });
        try (DiskEngine.Snapshot snapshot = engine.snapshot()) {
            save(2, batch -> {
                batch.put(0, b("a"), b("new"));
                batch.delete(0, b("b"));
                batch.put(0, b("c"), b("new"));
                batch.clear(1);
            });
            assertThat(engine.get(0, b("a"))).isEqualTo(b("new"));
            byte[] fromOtherThread = CompletableFuture.supplyAsync(() -> snapshot.get(0, b("a"))).get();
            assertThat(fromOtherThread).isEqualTo(b("old"));
            List<String> seen = new ArrayList<>();
            snapshot.scan(0, null, false, (k, v) -> seen.add(new String(k, StandardCharsets.UTF_8)
                    + "=" + new String(v, StandardCharsets.UTF_8)));
            assertThat(seen).containsExactly("a=old", "b=old");
        }
    }

    @Test
    void savedLsnMetaAndDataSurviveCloseAndReopen() throws IOException {
        save(7, batch -> {
            batch.put(0, b("a"), b("1"));
            batch.put(5, b("z"), b("2"));
            batch.meta(5, b("m"));
        });
        engine.flush();
        engine.close();
        engine = RocksDbEngine.open(new DiskEngine.Settings(dir, CACHE));
        assertThat(engine.savedLsn()).isEqualTo(7);
        assertThat(engine.get(0, b("a"))).isEqualTo(b("1"));
        assertThat(engine.get(5, b("z"))).isEqualTo(b("2"));
        assertThat(engine.meta(5)).isEqualTo(b("m"));
    }

    @Test
    void aBatchIsSavedOnceAndOnlyByItsEngine(@TempDir Path other) throws IOException {
        DiskEngine.Batch batch = engine.batch();
        batch.put(0, b("k"), b("v"));
        engine.save(batch, 1);
        assertThatThrownBy(() -> batch.put(0, b("k"), b("v"))).hasMessage("batch already saved");
        try (DiskEngine second = RocksDbEngine.open(new DiskEngine.Settings(other, CACHE))) {
            assertThatThrownBy(() -> second.save(engine.batch(), 1)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void aClosedEngineRefusesReads() throws IOException {
        DiskEngine.Snapshot open = engine.snapshot();
        engine.close();
        assertThatThrownBy(() -> engine.get(0, b("k"))).isInstanceOf(StoreClosedException.class);
        assertThatThrownBy(() -> open.get(0, b("k"))).isInstanceOf(IllegalStateException.class);
        open.close();
        engine.close();
    }

    @Test
    void aSecondEngineOnTheSameDirectoryIsAnIoError() {
        assertThatThrownBy(() -> RocksDbEngine.open(new DiskEngine.Settings(dir, CACHE)))
                .isInstanceOf(IOException.class).hasMessageContaining("LOCK");
    }

    @Test
    void theProviderIsFoundWithServiceLoader() throws IOException {
        engine.close();
        DiskEngine.Provider provider = ServiceLoader.load(DiskEngine.Provider.class).findFirst().orElseThrow();
        assertThat(provider).isInstanceOf(RocksDbProvider.class);
        engine = provider.open(new DiskEngine.Settings(dir, CACHE));
        assertThat(engine.savedLsn()).isZero();
    }
}
