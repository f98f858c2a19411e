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
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * redis-benchmark's single-command tests (SET, GET, HSET, INCR) over a random key space of
 * {@code --keyspace} keys (redis-benchmark's {@code -r}), values of {@code --value-size} bytes
 * ({@code -d}). Before the tests, every {@code key:N} is set and every {@code counter:N} set to 0,
 * so that GET always finds its key and INCR works on Memcached (which does not create counters);
 * HSET writes field {@code field0} of {@code hash:N} (Tarantool tuples are positional).
 */
final class SingleCommandScenario {
    private SingleCommandScenario() {
    }

    static final List<String> TESTS = List.of("set", "get", "hset", "incr");

    static Options options() {
        Options o = BenchRun.common(Map.of("clients", "50", "model", "pipeline", "pipeline", "1,16",
                "operations", "1000000"));
        o.declare("tests", "set,get,hset,incr", "the commands to test: set, get, hset, incr");
        o.declare("keyspace", "100000", "keys chosen from uniformly at random (redis-benchmark -r)");
        o.declare("value-size", "3", "bytes per value (redis-benchmark -d)");
        return o;
    }

    static void run(BenchRun bench) throws IOException, InterruptedException {
        Options o = bench.options();
        List<String> tests = o.list("tests");
        for (String t : tests) {
            if (!TESTS.contains(t)) {
                throw new IllegalArgumentException("test: " + t + " (expected: set, get, hset or incr)");
            }
        }
        int keyspace = (int) o.number("keyspace", 1, 100_000_000);
        byte[] value = new byte[(int) o.number("value-size", 1, 512 << 20)];
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
