package io.cairn.storage.jmh;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Helpers shared by the benchmarks: key spelling, scratch directories, process memory. */
final class BenchSupport {
    private BenchSupport() {
    }

    /** {@code "key:000000123456"}: 16 bytes, as redis-benchmark's {@code key:__rand_int__}. */
    static byte[] key(long i) {
        byte[] k = "key:000000000000".getBytes(StandardCharsets.US_ASCII);
        for (int p = k.length - 1; p >= 4 && i > 0; p--) {
            k[p] = (byte) ('0' + i % 10);
            i /= 10;
        }
        return k;
    }

    /** {@code "field:0000123456"}: 16 bytes, a fresh array each call. */
    static byte[] field(long i) {
        byte[] f = "field:0000000000".getBytes(StandardCharsets.US_ASCII);
        for (int p = f.length - 1; p >= 6 && i > 0; p--) {
            f[p] = (byte) ('0' + i % 10);
            i /= 10;
        }
        return f;
    }

    /** The keys {@code key(0) .. key(n - 1)}. */
    static byte[][] keys(int n) {
        byte[][] ks = new byte[n][];
        for (int i = 0; i < n; i++) {
            ks[i] = key(i);
        }
        return ks;
    }

    /** A value of {@code n} printable bytes. */
    static byte[] value(int n) {
        byte[] v = new byte[n];
        for (int i = 0; i < n; i++) {
            v[i] = (byte) ('a' + i % 26);
        }
        return v;
    }

    /** A fresh directory under {@code java.io.tmpdir}. */
    static Path tempDir(String prefix) {
        try {
            return Files.createTempDirectory(Path.of(System.getProperty("java.io.tmpdir")), prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes {@code dir} and everything under it; missing is fine. */
    static void deleteTree(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Total bytes of the files under {@code dir}. */
    static long treeBytes(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> {
                try {
                    return Files.size(p);
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Resident set size of this process in bytes, from {@code /proc/self/status} (VmRSS), or -1. */
    static long rssBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    String[] f = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(f[0]) * 1024; // reported in kB
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }

    /** Heap in use after a few full collections, in bytes. */
    static long heapUsedAfterGc() {
        var mem = ManagementFactory.getMemoryMXBean();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            used = Math.min(used, mem.getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    /** The JVM flags this process was started with, for the report. */
    static String jvmFlags() {
        return String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments());
    }

    static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }
}
