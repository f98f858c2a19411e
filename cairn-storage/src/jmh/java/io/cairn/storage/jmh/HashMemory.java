package io.cairn.storage.jmh;

/*
 * Question: how much heap does one hash of 1,000,000 fields take per field ("field:0000123456",
 * 16 bytes, with 100-byte values), without a log (wal=none)?
 *
 * Expected answer: before the chunked layout a hash was a java.util.HashMap of ISO-8859-1 String
 * fields: per field a 32-byte map node, a table slot, a 24-byte String and the field's and value's
 * arrays (16-byte headers): about 116 + 16 + 100 + 1.3 * 4 = about 255 bytes. The trie of
 * hash-sorted chunks keeps the two arrays and 16 bytes of chunk slots (a hash and two references),
 * with up to a third spare: about 116 + 32 + 20 = about 170 bytes.
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.HashMemory
 *            -Djmh.jvm.args=-Xmx2g [-Djmh.args="FIELDS VALUE_BYTES"] (1000000, 100)
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

public final class HashMemory {
    private HashMemory() {
    }

    public static void main(String[] args) {
        int fields = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int valueBytes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path dir = BenchSupport.tempDir("cairn-hashmem-");
        byte[] value = BenchSupport.value(valueBytes);
        byte[] key = "big-hash".getBytes(StandardCharsets.US_ASCII);
        System.out.println("jvm flags: " + BenchSupport.jvmFlags());
        try (Store store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build())) {
            long heap0 = BenchSupport.heapUsedAfterGc();
            long t0 = System.nanoTime();
            for (int i = 0; i < fields; i += 1000) {
                int from = i;
                store.execute(t -> {
                    for (int j = from; j < Math.min(from + 1000, fields); j++) {
                        t.hset(key, BenchSupport.field(j), value.clone());
                    }
                    return null;
                });
            }
            long loadMs = (System.nanoTime() - t0) / 1_000_000;
            int count = store.read(t -> t.hlen(key));
            if (count != fields) {
                throw new IllegalStateException("loaded " + count + " fields (expected: " + fields + ")");
            }
            long heap1 = BenchSupport.heapUsedAfterGc();
            System.out.printf("%d fields (16-byte fields, %d-byte values) loaded in %d ms%n", fields, valueBytes, loadMs);
            System.out.printf("heap used: empty store %s, with the hash %s%n", BenchSupport.mib(heap0), BenchSupport.mib(heap1));
            System.out.printf("heap per field: %.1f bytes (payload %d bytes)%n", (heap1 - heap0) / (double) fields, 16 + valueBytes);
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }
}
