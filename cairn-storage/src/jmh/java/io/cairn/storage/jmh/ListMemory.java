package io.cairn.storage.jmh;

/*
 * Question: how much heap does one list of 1,000,000 elements take per element, for 20-byte
 * elements ("element:000000123456", as ./cairn bench memory writes them) and 100-byte ones, built
 * by RPUSH (each chunk filled at its tail) and by LPUSH (at its head), without a log (wal=none)?
 * Redis 7.2 keeps such a list in 8 KiB listpacks: 22 bytes an element for 20-byte strings (a
 * 1-byte header and a 1-byte back-length), 103 for 100-byte ones, plus a 32-byte quicklist node
 * per listpack; ./cairn bench memory measured 22.7 bytes of RSS an element.
 *
 * Expected answer: with a chunk holding one Java array per element (byte[][]), about 45 bytes for
 * 20-byte elements (a 16-byte array header, 20 bytes rounded up to 24, a 4-byte slot and the
 * slack of the slot array); with each chunk's elements packed in one byte[] (a length before and
 * after each), about 22 and 102 bytes: the payload and two framing bytes, the chunk objects and
 * the B-tree above them a fraction of a byte. (Measured, commits b84971a and after: 44.4 / 44.9
 * bytes before, 20.8 / 21.5 after for 20-byte elements by RPUSH / LPUSH; 125.2 / 125.1 before,
 * 102.2 / 102.2 after for 100-byte ones.)
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.ListMemory
 *            -Djmh.jvm.args=-Xmx2g [-Djmh.args="ELEMENTS SIZE..."] (1000000, 20 100)
 */

import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

public final class ListMemory {
    private static final byte[] KEY = "big-list".getBytes(StandardCharsets.US_ASCII);
    private static final int BATCH = 1000;

    private ListMemory() {
    }

    public static void main(String[] args) {
        int elements = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
        int[] sizes = args.length > 1 ? new int[args.length - 1] : new int[] {20, 100};
        for (int i = 1; i < args.length; i++) {
            sizes[i - 1] = Integer.parseInt(args[i]);
        }
        System.out.println("jvm flags: " + BenchSupport.jvmFlags());
        for (int size : sizes) {
            for (boolean left : new boolean[] {false, true}) {
                measure(elements, size, left);
            }
        }
    }

    /** {@code "element:000000123456"} padded with letters to {@code size} bytes (at least 20). */
    static byte[] element(long i, int size) {
        byte[] e = new byte[Math.max(20, size)];
        byte[] head = "element:000000000000".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(head, 0, e, 0, head.length);
        for (int p = 19; p >= 8 && i > 0; p--) {
            e[p] = (byte) ('0' + i % 10);
            i /= 10;
        }
        for (int p = 20; p < e.length; p++) {
            e[p] = (byte) ('a' + p % 26);
        }
        return e;
    }

    private static void measure(int elements, int size, boolean left) {
        Path dir = BenchSupport.tempDir("cairn-listmem-");
        try (Store store = Store.open(StoreConfig.builder(dir).walMode(WalMode.NONE).build())) {
            long heap0 = BenchSupport.heapUsedAfterGc();
            long t0 = System.nanoTime();
            for (int i = 0; i < elements; i += BATCH) {
                int from = i;
                store.execute(t -> {
                    int n = Math.min(BATCH, elements - from);
                    byte[][] values = new byte[n][];
                    for (int j = 0; j < n; j++) {
                        values[j] = element(from + j, size);
                    }
                    t.lists().push(KEY, left, values, false);
                    return null;
                });
            }
            long loadMs = (System.nanoTime() - t0) / 1_000_000;
            int count = store.read(t -> t.lists().length(KEY));
            if (count != elements) {
                throw new IllegalStateException("loaded " + count + " elements (expected: " + elements + ")");
            }
            long heap1 = BenchSupport.heapUsedAfterGc();
            System.out.printf("%s %d elements of %d bytes in %d ms: heap %s -> %s, %.1f bytes per element%n",
                    left ? "LPUSH" : "RPUSH", elements, size, loadMs, BenchSupport.mib(heap0), BenchSupport.mib(heap1),
                    (heap1 - heap0) / (double) elements);
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }
}
