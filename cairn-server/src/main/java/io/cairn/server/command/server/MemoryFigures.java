package io.cairn.server.command.server;

import io.cairn.server.ServerContext;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One reading of the memory figures INFO memory and MEMORY STATS share, from the JVM and the store:
 * {@code used} is heap in use (live data and garbage not yet collected), {@code peak} the sum of
 * the heap pools' peaks (each pool's own peak, so at least the true peak), {@code startup} the heap
 * in use once the server had started, {@code rss} the process's resident set (/proc), 0 where the
 * system does not say.
 */
record MemoryFigures(long used, long committed, long max, long peak, long startup, long rss, long totalSystem,
                     long keys) {

    static MemoryFigures read(ServerContext s, long keys) {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        long peak = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP && p.getPeakUsage() != null) {
                peak += p.getPeakUsage().getUsed();
            }
        }
        return new MemoryFigures(heap.getUsed(), heap.getCommitted(), heap.getMax(), Math.max(peak, heap.getUsed()),
                s.identity().startupHeapBytes(), procBytes("/proc/self/status", "VmRSS:"),
                procBytes("/proc/meminfo", "MemTotal:"), keys);
    }

    /** CONFIG RESETSTAT: the heap pools' peaks start again from what they hold now. */
    static void resetPeak() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    /** Heap in use past what the server held at start: what the data and the clients cost. */
    long net() {
        return Math.max(0, used - startup);
    }

    double peakPercentage() {
        return peak == 0 ? 0 : used * 100.0 / peak;
    }

    double fragmentation() {
        return used == 0 ? 0 : (double) rss / used;
    }

    private static long procBytes(String file, String field) {
        try {
            for (String l : Files.readAllLines(Path.of(file))) {
                if (l.startsWith(field)) {
                    return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return 0;
        }
        return 0;
    }
}
