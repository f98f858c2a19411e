package io.cairn.storage.jmh;

/*
 * Question: how much memory does the engine use per key for 1,000,000 string keys
 * ("key:000000123456", 16 bytes) with 100-byte values, without a log (wal=none)?
 *
 * Expected answer: heap about 200 bytes per key (116 bytes of key and value, plus array headers,
 * the entry object and the hash and ordered index slots), so roughly 200 MB of heap for the
 * million keys. RSS follows the heap the JVM has committed, not only what is live; VISION.md asks
 * for RSS at or below Redis's (about 150 to 200 MB for the same data with jemalloc). Both are
 * reported against an empty store opened in the same process as the baseline.
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.MemoryPerKey [-Djmh.args="KEYS VALUE_BYTES"] (1000000, 100)
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.nio.file.Path;

public final class MemoryPerKey {
    private MemoryPerKey() {
    }

    public static void main(String[] args) {
        int keys = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int valueBytes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path dir = BenchSupport.tempDir("cairn-mem-");
        byte[] value = BenchSupport.value(valueBytes);
        System.out.println("jvm flags: " + BenchSupport.jvmFlags());
        try (Store store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build())) {
            long heap0 = BenchSupport.heapUsedAfterGc();
            long rss0 = BenchSupport.rssBytes();
            System.out.printf("empty store: heap used %s, RSS %s%n", BenchSupport.mib(heap0), BenchSupport.mib(rss0));

            long t0 = System.nanoTime();
            for (int i = 0; i < keys; i += 1000) {
                int from = i;
                store.execute(t -> {
                    for (int j = from; j < Math.min(from + 1000, keys); j++) {
                        t.set(BenchSupport.key(j), value, 0);
                    }
                    return null;
                });
            }
            long loadMs = (System.nanoTime() - t0) / 1_000_000;
            long count = store.stats().keys();
            if (count != keys) {
                throw new IllegalStateException("loaded " + count + " keys (expected: " + keys + ")");
            }
            long heap1 = BenchSupport.heapUsedAfterGc();
            long rss1 = BenchSupport.rssBytes();
            System.out.printf("%d keys (%d-byte keys, %d-byte values) loaded in %d ms%n", keys, 16, valueBytes, loadMs);
            System.out.printf("loaded store: heap used %s, RSS %s%n", BenchSupport.mib(heap1), BenchSupport.mib(rss1));
            System.out.printf("heap per key: %.1f bytes (payload %d bytes)%n", (heap1 - heap0) / (double) keys, 16 + valueBytes);
            System.out.printf("RSS per key over the empty store: %.1f bytes; RSS total %s%n",
                    (rss1 - rss0) / (double) keys, BenchSupport.mib(rss1));
            // Spot check that the data is there.
            byte[] v = store.get(BenchSupport.key(keys / 2));
            if (v == null || v.length != valueBytes) {
                throw new IllegalStateException("key " + (keys / 2) + " missing after load");
            }
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }
}
