package io.cairn.bench.cli;

import static picocli.CommandLine.Help.Visibility.ALWAYS;
import static picocli.CommandLine.Help.Visibility.NEVER;

import io.cairn.bench.peer.CairnPeer;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.run.ClientModel;
import io.cairn.bench.run.ClientSettings;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Option;

/**
 * The options every measured scenario has (a picocli mixin), each with its default and help; a
 * scenario may give some other defaults ({@link BenchCommand}). The lists and ranges are read by
 * the methods here, which {@link #check} calls all before any server starts.
 *
 * <p>Filled by picocli, then read by the CLI thread only.
 */
final class BenchOptions {
    @Option(names = "--systems", defaultValue = "cairn,redis", paramLabel = "LIST",
            description = "systems to measure: cairn, cairn-disk, redis, tarantool, tarantool-vinyl, memcached")
    String systems;

    @Option(names = "--durability", defaultValue = "none", paramLabel = "LIST",
            description = "durabilities: none, write, fsync (each system's setting: docs/bench.md)")
    String durability;

    @Option(names = "--clients", defaultValue = "8", paramLabel = "LIST",
            description = "client counts, comma-separated; each is a separate run")
    String clients;

    @Option(names = "--model", defaultValue = "sync", paramLabel = "LIST",
            description = "client models, comma-separated: sync, multiplexed, pipeline")
    String model;

    @Option(names = "--connections", defaultValue = "4", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "connections shared by the clients in the multiplexed model (at most the clients)")
    long connections;

    @Option(names = "--pipeline", defaultValue = "16", paramLabel = "LIST",
            description = "requests in flight per client in the pipeline model, comma-separated")
    String pipeline;

    @Option(names = "--warmup", defaultValue = "2", paramLabel = "SECONDS", converter = Values.Decimal.class,
            description = "seconds run before measuring, not counted")
    double warmup;

    @Option(names = "--operations", defaultValue = "200000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "operations measured per run (all clients together)")
    long operations;

    @Option(names = "--duration", defaultValue = "0", paramLabel = "SECONDS", converter = Values.Decimal.class,
            description = "seconds measured per run instead of a count of operations (0: use --operations)")
    double duration;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "seed of the request streams: the same seed sends the same requests")
    long seed;

    @Option(names = "--out", defaultValue = "", paramLabel = "DIR", showDefaultValue = NEVER,
            description = "directory of the report (results.csv, results.json, report.html, charts);"
                    + " by default results/<scenario>-<time>")
    String out;

    @Option(names = "--price-per-month", defaultValue = "0", paramLabel = "PRICE", converter = Values.Decimal.class,
            description = "the machine's price per month; adds the cost per billion requests")
    double pricePerMonth;

    @Option(names = "--client-threads", defaultValue = "platform", paramLabel = "KIND",
            description = "platform or virtual threads for the clients")
    String clientThreads;

    @Option(names = "--cairn-jvm", defaultValue = CairnPeer.DEFAULT_JVM_OPTIONS, paramLabel = "OPTIONS",
            description = "JVM options of the Cairn server the bench starts")
    String cairnJvm;

    @Option(names = "--cairn-disk-cache", defaultValue = "256mb", paramLabel = "SIZE",
            description = "cairn-disk's block cache (the server's --disk-cache-size), beside its heap:"
                    + " bytes, or with k, kb, m, mb, g, gb")
    String cairnDiskCache;

    @Option(names = "--cairn-address", defaultValue = "", paramLabel = "HOST:PORT", showDefaultValue = NEVER,
            description = "host:port of a running Cairn to measure instead of starting one")
    String cairnAddress;

    @Option(names = "--redis-address", defaultValue = "", paramLabel = "HOST:PORT", showDefaultValue = NEVER,
            description = "host:port of a running Redis to measure instead of starting one")
    String redisAddress;

    @Option(names = "--tarantool-index", defaultValue = "tree", paramLabel = "KIND",
            description = "Tarantool's primary index: tree (scans work) or hash")
    String tarantoolIndex;

    @Option(names = "--tarantool-memory-mb", defaultValue = "2048", paramLabel = "MIB",
            converter = Values.WholeNumber.class,
            description = "Tarantool's memtx_memory, in MiB; tarantool-vinyl's vinyl_memory (its in-memory level)")
    long tarantoolMemoryMb;

    @Option(names = "--tarantool-vinyl-cache-mb", defaultValue = "256", paramLabel = "MIB",
            converter = Values.WholeNumber.class, description = "tarantool-vinyl's vinyl_cache (its tuple cache), in MiB")
    long tarantoolVinylCacheMb;

    @Option(names = "--memcached-memory-mb", defaultValue = "2048", paramLabel = "MIB",
            converter = Values.WholeNumber.class, description = "Memcached's -m, in MiB")
    long memcachedMemoryMb;

    @Option(names = "--memcached-threads", defaultValue = "2", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "Memcached's -t")
    long memcachedThreads;

    @Option(names = "--quiet", defaultValue = "false", arity = "1", paramLabel = "BOOL", showDefaultValue = ALWAYS,
            converter = Values.TrueFalse.class, description = "true: no progress line")
    boolean quiet;

    /**
     * Reads every option that needs it, so that a bad value is refused before any server starts:
     * the scenarios read some only after a load phase, and the price only at the end.
     *
     * @throws IllegalArgumentException naming the option, the value and the rule
     */
    void check() {
        systems();
        durabilities();
        clientSettings();
        warmupNanos();
        operations();
        peerOptions();
        Values.atLeast("--price-per-month", pricePerMonth, 0);
        if ((!cairnAddress.isBlank() || !redisAddress.isBlank()) && durabilities().size() > 1) {
            throw new IllegalArgumentException("--durability: " + durability
                    + " (expected: one durability with --cairn-address or --redis-address: a running"
                    + " server has the one it was started with)");
        }
    }

    List<Systems> systems() {
        return Systems.parse(Values.names("--systems", systems));
    }

    List<Durability> durabilities() {
        return Values.names("--durability", durability).stream().map(Durability::parse).toList();
    }

    List<ClientSettings> clientSettings() {
        boolean virtual = switch (clientThreads) {
            case "virtual" -> true;
            case "platform" -> false;
            default -> throw new IllegalArgumentException("--client-threads: " + clientThreads
                    + " (expected: platform or virtual)");
        };
        int shared = (int) Values.range("--connections", connections, 1, 100_000);
        List<ClientSettings> out = new ArrayList<>();
        for (String m : Values.names("--model", model)) {
            ClientModel clientModel = ClientModel.parse(m);
            for (int n : Values.counts("--clients", clients, 1, 100_000)) {
                if (clientModel == ClientModel.PIPELINE) {
                    for (int depth : Values.counts("--pipeline", pipeline, 1, 100_000)) {
                        out.add(new ClientSettings(clientModel, n, n, depth, virtual));
                    }
                } else {
                    out.add(new ClientSettings(clientModel, n, Math.min(shared, n), 1, virtual));
                }
            }
        }
        return out;
    }

    long warmupNanos() {
        return TimeUnit.MILLISECONDS.toNanos((long) (Values.atLeast("--warmup", warmup, 0) * 1000));
    }

    /** The operations per run, or 0 when {@code --duration} says how long instead. */
    long operations() {
        return durationNanos() > 0 ? 0 : Values.range("--operations", operations, 1, Long.MAX_VALUE / 2);
    }

    long durationNanos() {
        return TimeUnit.MILLISECONDS.toNanos((long) (Values.atLeast("--duration", duration, 0) * 1000));
    }

    Systems.PeerOptions peerOptions() {
        boolean hashIndex = switch (tarantoolIndex.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "hash" -> true;
            case "tree" -> false;
            default -> throw new IllegalArgumentException("--tarantool-index: " + tarantoolIndex
                    + " (expected: tree or hash)");
        };
        if (hashIndex && systems().contains(Systems.TARANTOOL_VINYL)) {
            throw new IllegalArgumentException("--tarantool-index: " + tarantoolIndex
                    + " (expected: tree with tarantool-vinyl: a vinyl space has TREE indexes only)");
        }
        return new Systems.PeerOptions(cairnJvm, Values.size("--cairn-disk-cache", cairnDiskCache), hashIndex,
                Values.range("--tarantool-memory-mb", tarantoolMemoryMb, 64, 1 << 20) << 20,
                Values.range("--tarantool-vinyl-cache-mb", tarantoolVinylCacheMb, 0, 1 << 20) << 20,
                (int) Values.range("--memcached-memory-mb", memcachedMemoryMb, 64, 1 << 20),
                (int) Values.range("--memcached-threads", memcachedThreads, 1, 256),
                address("--cairn-address", cairnAddress), address("--redis-address", redisAddress));
    }

    private static InetSocketAddress address(String option, String s) {
        if (s.isBlank()) {
            return null;
        }
        int colon = s.lastIndexOf(':');
        Long port = colon <= 0 ? null : Values.wholeNumber(s.substring(colon + 1));
        if (port == null || port < 1 || port > 65535) {
            throw new IllegalArgumentException(option + ": " + s + " (expected: host:port)");
        }
        return new InetSocketAddress(s.substring(0, colon), port.intValue());
    }
}
