package io.cairn.storage.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.Bytes;
import io.cairn.common.ManualClock;
import io.cairn.storage.io.LocalFileSystem;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** MEMORY USAGE's estimate: missing keys, growth with the data, and sampling as Redis samples. */
class MemoryEstimateTest {
    @TempDir
    Path dir;
    Store store;

    @BeforeEach
    void open() {
        store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).expiryCycle(Duration.ofHours(1))
                .checkpointInterval(Duration.ZERO).checkpointLogBytes(0).build(), LocalFileSystem.INSTANCE,
                new ManualClock(1_700_000_000_000L));
    }

    @AfterEach
    void close() {
        store.close();
    }

    private long usage(String key, int samples) {
        return store.read(t -> t.memoryUsage(Bytes.utf8(key), samples));
    }

    private static byte[][] values(int n, int length) {
        byte[][] out = new byte[n][];
        for (int i = 0; i < n; i++) {
            out[i] = Bytes.utf8(String.format("%0" + length + "d", i));
        }
        return out;
    }

    @Test
    void aMissingKeyHasNoEstimate() {
        assertThat(usage("missing", 5)).isEqualTo(-1);
    }

    @Test
    void aStringCostsItsRecordAndItsIndexShare() {
        store.execute(t -> {
            t.set(Bytes.utf8("k"), new byte[1000], 0);
            return null;
        }).await();
        // one array holding key, value and header, aligned, plus the index share
        assertThat(usage("k", 5)).isBetween(1000L + MemoryEstimate.INDEX_BYTES_PER_KEY + 16, 1000L + 64);
    }

    @Test
    void everyCollectionGrowsWithItsElements() {
        store.execute(t -> {
            t.sets().add(Bytes.utf8("ints"), values(100, 3));
            t.sets().add(Bytes.utf8("strs"), new byte[][] {Bytes.utf8("a"), Bytes.utf8("b")});
            t.lists().push(Bytes.utf8("list"), false, values(1000, 50), false);
            for (byte[] v : values(1000, 20)) {
                t.hset(Bytes.utf8("hash"), v, v);
                t.zadd(Bytes.utf8("zset"), v, 1.0);
            }
            return null;
        }).await();
        assertThat(usage("ints", 0)).isGreaterThan(100 * 8);
        assertThat(usage("list", 5)).isGreaterThan(1000 * 50);
        assertThat(usage("hash", 0)).isGreaterThan(1000 * 2 * 20);
        assertThat(usage("zset", 0)).isGreaterThan(1000 * 20);
        assertThat(usage("strs", 0)).isLessThan(usage("hash", 0));
    }

    @Test
    void samplingExtrapolatesTheFirstElementsToAll() {
        store.execute(t -> {
            for (byte[] v : values(500, 30)) {
                t.hset(Bytes.utf8("even"), v, v); // every field the same size: sampling is exact
            }
            t.hset(Bytes.utf8("skewed"), Bytes.utf8("small"), Bytes.utf8("x"));
            for (byte[] v : values(100, 60)) { // a small hash: one packed array, measured whole
                t.hset(Bytes.utf8("skewed"), v, v);
            }
            t.hset(Bytes.utf8("big"), Bytes.utf8("a"), Bytes.utf8("x"));
            for (byte[] v : values(600, 60)) { // past 512 fields: the trie, sampled in field order
                t.hset(Bytes.utf8("big"), v, v);
            }
            return null;
        }).await();
        assertThat(usage("even", 5)).isEqualTo(usage("even", 0));
        assertThat(usage("even", 1)).isEqualTo(usage("even", 0));
        // a packed hash is its array, whatever the samples (as Redis measures a listpack whole)
        assertThat(usage("skewed", 1)).isEqualTo(usage("skewed", 0)).isGreaterThan(100 * 2 * 60);
        // a sampled trie: a sample of one small field underestimates, all of them do not
        long all = usage("big", 0);
        assertThat(usage("big", 700)).isEqualTo(all);
        assertThat(usage("big", 5)).isNotEqualTo(all);
    }
}
