package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.MemcachedProtocol;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Starts Debian's {@code memcached} for a benchmark: TCP on 127.0.0.1 only ({@code -U 0}), up to
 * 4096 connections, the given memory and worker threads. Memcached keeps nothing on disk, so it runs
 * with {@link Durability#NONE} only. As root it runs as root ({@code -u root}), which it otherwise
 * refuses.
 *
 * <p>Stateless; the peers it starts are {@link ProcessPeer}s.
 */
public final class MemcachedPeer {
    public static final String BINARY = "memcached";
    /** Memcached's default worker threads. */
    public static final int DEFAULT_THREADS = 4;
    /** A key the readiness probe reads; it is never written. */
    static final String PROBE_KEY = "cairn-bench:probe";

    private MemcachedPeer() {
    }

    /**
     * Starts {@code memcached} from the PATH and waits until it answers.
     *
     * @param memoryMegabytes the item memory ({@code -m}); when it fills, Memcached evicts, so size it
     *     to hold the whole data set
     * @param threads worker threads ({@code -t})
     * @throws IllegalArgumentException for a durability other than NONE, or a non-positive size
     * @throws IOException when memcached is not installed, exits or does not answer
     */
    public static ProcessPeer start(Durability durability, int memoryMegabytes, int threads)
            throws IOException {
        Objects.requireNonNull(durability, "durability");
        if (durability != Durability.NONE) {
            throw new IllegalArgumentException("durability: " + durability.label()
                    + " (expected: none; Memcached keeps nothing on disk)");
        }
        if (memoryMegabytes <= 0) {
            throw new IllegalArgumentException("memoryMegabytes: " + memoryMegabytes + " (expected: > 0)");
        }
        if (threads <= 0) {
            throw new IllegalArgumentException("threads: " + threads + " (expected: > 0)");
        }
        Path binary = Installed.require(BINARY);
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("memory_mb", Integer.toString(memoryMegabytes));
        settings.put("threads", Integer.toString(threads));
        settings.put("max_connections", "4096");
        settings.put("udp", "off");
        ProcessPeer.Launch launch = (port, dir) -> command(binary, port, memoryMegabytes, threads);
        return ProcessPeer.start("memcached", durability, new MemcachedProtocol(), launch,
                new Command.GetValue(PROBE_KEY), settings, Installed.version(BINARY, "-V"));
    }

    static List<String> command(Path binary, int port, int memoryMegabytes, int threads) {
        List<String> c = new ArrayList<>(List.of(binary.toString(), "-l", "127.0.0.1",
                "-p", Integer.toString(port), "-U", "0", "-m", Integer.toString(memoryMegabytes),
                "-c", "4096", "-t", Integer.toString(threads)));
        if ("root".equals(System.getProperty("user.name"))) {
            c.addAll(List.of("-u", "root"));
        }
        return c;
    }
}
