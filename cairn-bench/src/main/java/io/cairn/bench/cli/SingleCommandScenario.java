package io.cairn.bench.cli;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpRun;
import io.cairn.bench.run.OpSource;
import io.cairn.bench.workload.KeyNames;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Option;

/**
 * redis-benchmark's single-command tests (SET, GET, HSET, INCR) over a random key space of
 * {@code --keyspace} keys (redis-benchmark's {@code -r}), values of {@code --value-size} bytes
 * ({@code -d}). Before the tests, every {@code key:N} is set and every {@code counter:N} set to 0,
 * so that GET always finds its key and INCR works on Memcached (which does not create counters);
 * HSET writes field {@code field0} of {@code hash:N} (Tarantool tuples are positional).
 */
final class SingleCommandScenario extends MeasuredScenario {
    static final List<String> TESTS = List.of("set", "get", "hset", "incr");

    @Option(names = "--tests", defaultValue = "set,get,hset,incr", paramLabel = "LIST",
            description = "the commands to test: set, get, hset, incr")
    String tests;

    @Option(names = "--keyspace", defaultValue = "100000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "keys chosen from uniformly at random (redis-benchmark -r)")
    long keyspace;

    @Option(names = "--value-size", defaultValue = "3", paramLabel = "BYTES", converter = Values.WholeNumber.class,
            description = "bytes per value (redis-benchmark -d)")
    long valueSize;

    SingleCommandScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        tests();
        Values.range("--keyspace", keyspace, 1, 100_000_000);
        Values.range("--value-size", valueSize, 1, 512 << 20);
    }

    private List<String> tests() {
        List<String> list = Values.names("--tests", tests);
        for (String t : list) {
            if (!TESTS.contains(t)) {
                throw new IllegalArgumentException("test: " + t + " (expected: set, get, hset or incr)");
            }
        }
        return list;
    }

    @Override
    void run(BenchRun bench) throws IOException, InterruptedException {
        List<String> tests = tests();
        int keyspace = (int) this.keyspace;
        byte[] value = new byte[(int) valueSize];
        Arrays.fill(value, (byte) 'x');
        for (Systems system : bench.systems()) {
            for (Durability d : bench.durabilities()) {
                String why = system.unsupported(d);
                if (why != null) {
                    for (String t : tests) {
                        for (ClientSettings cs : bench.clientSettings()) {
                            bench.unsupported(system.label(), d, t, "run", cs, why);
                        }
                    }
                    continue;
                }
                try (Peer peer = bench.start(system, d, false)) {
                    preload(bench, peer, keyspace, value);
                    Set<Capability> caps = peer.protocol().capabilities();
                    for (String t : tests) {
                        String unsupported = unsupported(t, caps);
                        for (ClientSettings cs : bench.clientSettings()) {
                            if (unsupported != null) {
                                bench.unsupported(system.label(), d, t, "run", cs, unsupported);
                                continue;
                            }
                            long seed = bench.seed();
                            bench.measure(peer, t, "run", cs, i -> source(t, new SplittableRandom(seed * 31 + i),
                                    keyspace, value), bench.warmupNanos(), bench.operations(), bench.durationNanos());
                        }
                    }
                }
            }
        }
    }

    private static String unsupported(String test, Set<Capability> caps) {
        return switch (test) {
            case "hset" -> caps.contains(Capability.SET_FIELD) ? null : "no hashes";
            case "incr" -> caps.contains(Capability.INCREMENT) ? null : "no counters";
            default -> null;
        };
    }

    private static void preload(BenchRun bench, Peer peer, int keyspace, byte[] value)
            throws IOException, InterruptedException {
        AtomicLong next = new AtomicLong();
        byte[] zero = "0".getBytes(StandardCharsets.US_ASCII);
        bench.measure(peer, "preload", "load", new ClientSettings(io.cairn.bench.run.ClientModel.PIPELINE, 8, 8, 64, false),
                i -> () -> {
                    long n = next.getAndIncrement();
                    return new OpRun("set", List.of(new Command.SetValue("key:" + n, value),
                            new Command.SetValue("counter:" + n, zero)), null, null);
                }, 0, keyspace, 0);
    }

    private static OpSource source(String test, SplittableRandom random, int keyspace, byte[] value) {
        return switch (test) {
            case "set" -> () -> OpRun.single("set", new Command.SetValue("key:" + random.nextInt(keyspace), value));
            case "get" -> () -> OpRun.single("get", new Command.GetValue("key:" + random.nextInt(keyspace)));
            case "hset" -> () -> OpRun.single("hset",
                    new Command.SetField("hash:" + random.nextInt(keyspace), KeyNames.fieldName(0), value));
            case "incr" -> () -> OpRun.single("incr", new Command.Increment("counter:" + random.nextInt(keyspace)));
            default -> throw new IllegalArgumentException(test);
        };
    }
}
