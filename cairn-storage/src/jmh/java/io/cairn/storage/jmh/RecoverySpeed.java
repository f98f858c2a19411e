package io.cairn.storage.jmh;

/*
 * Question: how many keys per second does opening a store recover, for 10,000,000 small keys
 * (16-byte key, 8-byte value), first by replaying the write-ahead log alone and then by loading
 * a checkpoint's snapshot?
 *
 * Expected answer: VISION.md asks for at least 1,000,000 keys/s. Log replay decodes each record
 * and applies each mutation to the hash and ordered indexes, so about 1 to 3 million mutations/s;
 * snapshot load does the same index work without the log framing, so somewhat faster. Each open
 * runs in a fresh JVM, as a server restart does (cold JIT included), with the store's default
 * settings (expectedKeys 1024, so the hash index grows while recovering).
 *
 * Usage: mvn -Pjmh -pl cairn-storage -am test-compile -Djmh.main=io.cairn.storage.jmh.RecoverySpeed [-Djmh.args=KEYS] (10000000)
 * The phases run as child JVMs with the same flags and class path:
 *   load <keys> <dir>        write the keys in WRITE mode, 100 sets per transaction, close
 *   open <keys> <dir>        open, print RecoveryStats, check the keys, close
 *   checkpoint <keys> <dir>  open, checkpoint, close
 */

import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.RecoveryStats;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.StoreConfig;
import io.cairn.storage.engine.WalMode;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

public final class RecoverySpeed {
    private static final int BATCH = 100;

    private RecoverySpeed() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3) {
            runPhase(args[0], Long.parseLong(args[1]), Path.of(args[2]));
            return;
        }
        long keys = args.length > 0 ? Long.parseLong(args[0]) : 10_000_000L;
        Path dir = BenchSupport.tempDir("cairn-recovery-");
        System.out.println("jvm flags: " + BenchSupport.jvmFlags() + "; dir " + dir);
        try {
            child("load", keys, dir);
            System.out.println("--- 1. recovery from the write-ahead log only");
            child("open", keys, dir);
            child("checkpoint", keys, dir);
            System.out.println("--- 2. recovery from the snapshot (checkpoint taken, log after it empty)");
            child("open", keys, dir);
        } finally {
            BenchSupport.deleteTree(dir);
        }
    }

    private static void child(String phase, long keys, Path dir) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command()
                .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), RecoverySpeed.class.getName(),
                phase, Long.toString(keys), dir.toString()));
        int rc = new ProcessBuilder(cmd).inheritIO().start().waitFor();
        if (rc != 0) {
            throw new IllegalStateException("phase " + phase + " exited with " + rc);
        }
    }

    private static StoreConfig config(Path dir) {
        // No automatic checkpoints: phase 1 must replay the whole log.
        return StoreConfig.builder(dir).walMode(WalMode.WRITE)
                .checkpointLogBytes(0).checkpointInterval(Duration.ZERO).build();
    }

    /** 16 distinct bytes per index: hex of a bijective 64-bit mix, so keys arrive in random order. */
    static byte[] key(long i) {
        long z = i + 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z = z ^ (z >>> 31);
        return String.format("%016x", z).getBytes(StandardCharsets.US_ASCII);
    }

    static byte[] value(long i) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(i).array();
    }

    private static void runPhase(String phase, long keys, Path dir) {
        switch (phase) {
            case "load" -> load(keys, dir);
            case "open" -> open(keys, dir);
            case "checkpoint" -> checkpoint(dir);
            default -> throw new IllegalArgumentException("phase: " + phase + " (expected: load, open or checkpoint)");
        }
    }

    private static void load(long keys, Path dir) {
        long t0 = System.nanoTime();
        try (Store s = Store.open(config(dir))) {
            Result<Void> last = null;
            for (long i = 0; i < keys; i += BATCH) {
                long from = i;
                last = s.execute(t -> {
                    for (long j = from; j < Math.min(from + BATCH, keys); j++) {
                        t.set(key(j), value(j), 0);
                    }
                    return null;
                });
            }
            if (last != null) {
                last.await();
            }
        }
        double sec = (System.nanoTime() - t0) / 1e9;
        System.out.printf("load: %d keys in %.1f s (%.0f keys/s, WRITE mode, %d sets per txn), on disk %s%n",
                keys, sec, keys / sec, BATCH, BenchSupport.mib(BenchSupport.treeBytes(dir)));
    }

    private static void open(long keys, Path dir) {
        long t0 = System.nanoTime();
        try (Store s = Store.open(config(dir))) {
            long wallMs = (System.nanoTime() - t0) / 1_000_000;
            RecoveryStats r = s.recoveryStats();
            System.out.println("open: " + r);
            System.out.printf("open: keys=%d keysPerSecond=%.0f totalMillis=%d (wall time of Store.open %d ms)%n",
                    r.keys(), r.keysPerSecond(), r.totalMillis(), wallMs);
            if (r.keys() != keys) {
                System.out.println("PROBLEM: recovered " + r.keys() + " keys (expected: " + keys + ")");
            }
            for (long i : new long[] {0, keys / 3, keys / 2, keys - 1}) {
                byte[] v = s.get(key(i));
                if (!Arrays.equals(v, value(i))) {
                    System.out.println("PROBLEM: key " + i + " has " + Arrays.toString(v) + " after recovery");
                }
            }
        }
    }

    private static void checkpoint(Path dir) {
        try (Store s = Store.open(config(dir))) {
            long t0 = System.nanoTime();
            CheckpointInfo info = s.checkpoint().join();
            System.out.printf("checkpoint: %s in %d ms; on disk now %s%n", info,
                    (System.nanoTime() - t0) / 1_000_000, BenchSupport.mib(BenchSupport.treeBytes(dir)));
        }
    }
}
