package io.cairn.bench.cli;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.driver.Command;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.report.RunResult;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpRun;
import io.cairn.bench.run.OpSource;
import io.cairn.bench.workload.KeyNames;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * redis-benchmark's tests: the single commands SET, GET, HSET, INCR over a random key space of
 * {@code --keyspace} keys (redis-benchmark's {@code -r}), values of {@code --value-size} bytes
 * ({@code -d}), and the data-type tests of {@link DataTypeTest} (lists, sets, sorted sets, and
 * ZRANK on a sorted set of {@code --elements} members). Before the single commands, every
 * {@code key:N} is set and every {@code counter:N} set to 0, so that GET always finds its key and
 * INCR works on Memcached (which does not create counters); HSET writes field {@code field0} of
 * {@code hash:N} (Tarantool tuples are positional). A data-type test runs only on a server that
 * speaks Redis's protocol and knows its commands ({@code COMMAND INFO}); elsewhere it is
 * unsupported, with the reason.
 *
 * <p>Each test runs {@code --repeat} times per client setting, each run from the same starting
 * state; the result recorded is the median run ({@link RunResult#median}).
 */
final class SingleCommandScenario extends MeasuredScenario {
    static final List<String> STRING_TESTS = List.of("set", "get", "hset", "incr");
    static final List<String> TESTS = Stream.concat(STRING_TESTS.stream(),
            Arrays.stream(DataTypeTest.values()).map(DataTypeTest::label)).toList();

    @Option(names = "--tests", defaultValue = "set,get,hset,incr", paramLabel = "LIST",
            description = "the tests: set, get, hset, incr, lpush, rpush, lpop, rpop, sadd, spop, zadd, zpopmin,"
                    + " lrange_100, lrange_300, lrange_500, lrange_600, zrank")
    String tests;

    @Option(names = "--keyspace", defaultValue = "100000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "keys and members chosen from uniformly at random (redis-benchmark -r)")
    long keyspace;

    @Option(names = "--value-size", defaultValue = "3", paramLabel = "BYTES", converter = Values.WholeNumber.class,
            description = "bytes per value (redis-benchmark -d)")
    long valueSize;

    @Option(names = "--elements", defaultValue = "1000000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "members of the sorted set the zrank test reads")
    long elements;

    @Option(names = "--repeat", defaultValue = "1", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "runs per test and client setting; the median run is reported")
    long repeat;

    SingleCommandScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        List<String> list = tests();
        Values.range("--keyspace", keyspace, 1, 100_000_000);
        Values.range("--value-size", valueSize, 1, 512 << 20);
        Values.range("--elements", elements, 1, 100_000_000);
        Values.range("--repeat", repeat, 1, 100);
        if (common.durationNanos() > 0) {
            for (String t : list) {
                DataTypeTest d = DataTypeTest.of(t);
                if (d != null && d.pops()) {
                    throw new IllegalArgumentException("--duration: " + common.duration + " (expected: 0 with " + t
                            + ": a pop test pops exactly the elements filled for --operations)");
                }
            }
        }
    }

    private List<String> tests() {
        List<String> list = Values.names("--tests", tests);
        for (String t : list) {
            if (!TESTS.contains(t)) {
                throw new IllegalArgumentException("test: " + t + " (expected: "
                        + String.join(", ", TESTS.subList(0, TESTS.size() - 1)) + " or " + TESTS.getLast() + ")");
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
                try (Peer peer = bench.start(system, d, false);
                        RespSetup setup = peer.protocol().capabilities().contains(Capability.RESP_COMMANDS)
                                ? RespSetup.connect(peer.address()) : null) {
                    if (tests.stream().anyMatch(STRING_TESTS::contains)) {
                        preload(bench, peer, keyspace, value);
                    }
                    Set<Capability> caps = peer.protocol().capabilities();
                    for (String t : tests) {
                        DataTypeTest dataType = DataTypeTest.of(t);
                        String unsupported = dataType == null ? unsupported(t, caps) : unsupported(dataType, setup);
                        if (unsupported != null) {
                            for (ClientSettings cs : bench.clientSettings()) {
                                bench.unsupported(system.label(), d, t, "run", cs, unsupported);
                            }
                            continue;
                        }
                        if (dataType != null && dataType.fill() == DataTypeTest.Fill.ELEMENTS_ONCE) {
                            dataType.prepare(setup, true, 0, elements, value, bench.seed());
                        }
                        for (ClientSettings cs : bench.clientSettings()) {
                            measure(bench, peer, setup, t, dataType, cs, keyspace, value);
                        }
                    }
                }
            }
        }
    }

    /** Runs one test at one client setting {@code --repeat} times and records the median. */
    private void measure(BenchRun bench, Peer peer, RespSetup setup, String test, DataTypeTest dataType,
            ClientSettings cs, int keyspace, byte[] value) throws IOException, InterruptedException {
        long seed = bench.seed();
        long operations = bench.operations();
        IntFunction<OpSource> sources = dataType == null
                ? i -> source(test, new SplittableRandom(seed * 31 + i), keyspace, value)
                : i -> dataType.source(new SplittableRandom(seed * 31 + i),
                        dataType == DataTypeTest.ZRANK ? elements : keyspace, value);
        List<RunResult> runs = new ArrayList<>();
        for (int r = 0; r < repeat; r++) {
            long warmup = bench.warmupNanos();
            if (dataType != null) {
                dataType.prepare(setup, false, operations, elements, value, seed);
                if (dataType.pops() && warmup > 0) {
                    bench.warmUp(peer, test, cs, sources, warmup);
                    dataType.prepare(setup, false, operations, elements, value, seed);
                    warmup = 0;
                }
            }
            runs.add(bench.run(peer, test, "run", cs, sources, warmup, operations, bench.durationNanos()));
        }
        bench.record(RunResult.median(runs));
    }

    private static String unsupported(String test, Set<Capability> caps) {
        return switch (test) {
            case "hset" -> caps.contains(Capability.SET_FIELD) ? null : "no hashes";
            case "incr" -> caps.contains(Capability.INCREMENT) ? null : "no counters";
            default -> null;
        };
    }

    /** Why the server cannot run a data-type test, or null: no Redis protocol, or a command it does not know. */
    private static String unsupported(DataTypeTest test, RespSetup setup) throws IOException {
        if (setup == null) {
            return test.withoutRedisCommands();
        }
        List<String> unknown = setup.unknown(test.commands());
        return unknown.isEmpty() ? null : "no " + String.join(", ", unknown) + " (COMMAND INFO)";
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
