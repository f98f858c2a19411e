package io.cairn.storage.jmh;

/*
 * Question: how many fdatasync calls per second does the disk under java.io.tmpdir complete when
 * each follows a 100-byte append, as a one-writer write-ahead log does?
 *
 * Expected answer: whatever the disk does; a few hundred per second on a real SSD with a
 * volatile cache flushed on each sync, tens of thousands on a virtual disk whose host ignores
 * flushes. It is the reference for DurablePutBenchmark: one durable writer cannot beat it, and
 * group commit is what lets many writers exceed it.
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.FsyncRateProbe [-Djmh.args="SECONDS BYTES"] (5, 100)
 */

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

public final class FsyncRateProbe {
    private FsyncRateProbe() {
    }

    public static void main(String[] args) throws IOException {
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 5;
        int bytes = args.length > 1 ? Integer.parseInt(args[1]) : 100;
        Path dir = BenchSupport.tempDir("cairn-fsync-");
        Path file = dir.resolve("probe.log");
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer buf = ByteBuffer.wrap(BenchSupport.value(bytes));
            // Warm-up: one second, not counted.
            long warmEnd = System.nanoTime() + 1_000_000_000L;
            while (System.nanoTime() < warmEnd) {
                buf.rewind();
                ch.write(buf);
                ch.force(false);
            }
            long[] lat = new long[1 << 22];
            int n = 0;
            long start = System.nanoTime();
            long end = start + (long) (seconds * 1e9);
            long now = start;
            while (now < end && n < lat.length) {
                buf.rewind();
                ch.write(buf);
                ch.force(false);
                long t = System.nanoTime();
                lat[n++] = t - now;
                now = t;
            }
            double elapsed = (now - start) / 1e9;
            long[] sorted = Arrays.copyOf(lat, n);
            Arrays.sort(sorted);
            System.out.printf("dir=%s append=%d B + FileChannel.force(false), %d syncs in %.2f s%n",
                    dir, bytes, n, elapsed);
            System.out.printf("fsyncs/s=%.0f mean=%.3f ms p50=%.3f ms p99=%.3f ms max=%.3f ms%n",
                    n / elapsed, elapsed * 1000 / n, sorted[n / 2] / 1e6,
                    sorted[(int) Math.min(n - 1, (long) (n * 0.99))] / 1e6, sorted[n - 1] / 1e6);
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }
}
