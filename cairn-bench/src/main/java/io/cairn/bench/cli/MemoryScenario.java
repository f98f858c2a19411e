package io.cairn.bench.cli;

import io.cairn.bench.driver.Command;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.peer.ProcessMemory;
import io.cairn.bench.report.MemoryResult;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpRun;
import io.cairn.resp.RespValue;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Option;

/**
 * What one collection costs in memory: for each system, durability and type, a freshly started
 * server, its resident memory read, one collection of {@code --elements} elements loaded (one
 * element per command, pipelined; the load is a measured phase), then its memory read again.
 * Element {@code i} is redis-benchmark's {@code element:<i in 12 digits>}, padded with {@code x} to
 * {@code --value-size} bytes; a list holds the elements ({@code RPUSH mylist}), a set and a sorted
 * set hold them as members ({@code SADD myset}, {@code ZADD myzset} with a random score), a hash as
 * fields, each with a value of {@code --value-size} bytes ({@code HSET myhash}), a stream as entries
 * of one field {@code f} whose value is the element ({@code XADD mystream * f}).
 *
 * <p>Each reading is the server process's VmRSS (from {@code /proc/<pid>/status}) and its own
 * figure of live data: on Cairn, after a full collection ({@code jcmd <pid> GC.run}; Cairn has no
 * {@code DEBUG} command for it), the Java heap used; on Redis, which needs no collection,
 * {@code INFO memory}'s {@code used_memory}. A JVM gives memory back to the system after a
 * collection in the background, so VmRSS is read until it stops falling.
 */
final class MemoryScenario extends MeasuredScenario {
    static final List<String> TYPES = List.of("list", "set", "zset", "hash", "stream");
    /**
     * The Cairn JVM's options by default here: no fixed heap and no pre-touch (with
     * {@link io.cairn.bench.peer.CairnPeer#DEFAULT_JVM_OPTIONS}' {@code -Xms2g -XX:+AlwaysPreTouch}
     * the resident memory is 2 GiB whatever the data), and a heap that a full collection shrinks
     * to near what is live, so that the resident memory follows the data.
     */
    static final String JVM_OPTIONS = "-Xms64m -Xmx8g -XX:+UseG1GC -XX:MinHeapFreeRatio=10 -XX:MaxHeapFreeRatio=20";
    /** The length of {@code element:} and 12 digits: the shortest element. */
    static final int SHORTEST_ELEMENT = 20;
    private static final long SETTLE_MILLIS = 200;
    private static final int SETTLE_READINGS = 50;

    @Option(names = "--types", defaultValue = "list,set,zset,hash,stream", paramLabel = "LIST",
            description = "collection types: list, set, zset, hash, stream")
    String types;

    @Option(names = "--elements", defaultValue = "1000000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "elements in the collection")
    long elements;

    @Option(names = "--value-size", defaultValue = "20", paramLabel = "BYTES", converter = Values.WholeNumber.class,
            description = "bytes per element (at least 20, element:NNNNNNNNNNNN), and per value of a hash")
    long valueSize;

    MemoryScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        types();
        Values.range("--elements", elements, 1, 100_000_000);
        Values.range("--value-size", valueSize, SHORTEST_ELEMENT, 1 << 20);
        if (common.clientSettings().size() != 1) {
            throw new IllegalArgumentException("--clients: " + common.clients
                    + " (expected: one client setting: the load runs once per collection)");
        }
        if (!common.cairnAddress.isBlank() || !common.redisAddress.isBlank()) {
            throw new IllegalArgumentException("--" + (common.cairnAddress.isBlank() ? "redis" : "cairn")
                    + "-address: given (expected: none: the memory scenario starts each server itself,"
                    + " to read its process's memory)");
        }
    }

    private List<String> types() {
        List<String> list = Values.names("--types", types);
        for (String t : list) {
            if (!TYPES.contains(t)) {
                throw new IllegalArgumentException("type: " + t + " (expected: list, set, zset, hash or stream)");
            }
        }
        return list;
    }

    @Override
    void run(BenchRun bench) throws IOException, InterruptedException {
        ClientSettings cs = bench.clientSettings().getFirst();
        int size = (int) valueSize;
        for (Systems system : bench.systems()) {
            for (Durability d : bench.durabilities()) {
                for (String type : types()) {
                    String why = system.unsupported(d);
                    if (why == null && !system.isCairn() && system != Systems.REDIS) {
                        why = "no " + (type.equals("zset") ? "sorted set" : type) + "s";
                    }
                    if (why != null) {
                        unsupported(bench, system, d, type, cs, why);
                        continue;
                    }
                    measure(bench, system, d, type, cs, size);
                }
            }
        }
    }

    private void unsupported(BenchRun bench, Systems system, Durability d, String type, ClientSettings cs,
            String why) {
        bench.unsupported(system.label(), d, type, "load", cs, why);
        bench.memory(MemoryResult.unsupported("memory", system.label(), d.label(), type, elements, (int) valueSize,
                why));
    }

    /** One fresh server, one collection. */
    private void measure(BenchRun bench, Systems system, Durability d, String type, ClientSettings cs, int size)
            throws IOException, InterruptedException {
        Load load = Load.of(type);
        try (Peer peer = bench.start(system, d, false); RespSetup setup = RespSetup.connect(peer.address())) {
            List<String> unknown = setup.unknown(List.of(load.command(), load.sizeCommand()));
            if (!unknown.isEmpty()) {
                unsupported(bench, system, d, type, cs, "no " + String.join(", ", unknown) + " (COMMAND INFO)");
                return;
            }
            boolean jvm = system.isCairn();
            Reading before = read(peer.pid(), jvm, setup);
            byte[] value = new byte[size];
            Arrays.fill(value, (byte) 'x');
            AtomicLong next = new AtomicLong();
            long seed = bench.seed();
            bench.measure(peer, type, "load", cs, i -> {
                SplittableRandom random = new SplittableRandom(seed * 31 + i);
                return () -> OpRun.single(type, load.command(next.getAndIncrement(), size, value, random, elements));
            }, 0, elements, 0);
            long held = setup.integer(load.sizeCommand(), load.key());
            if (held != elements) {
                unsupported(bench, system, d, type, cs, "not measured: the load left " + held + " of " + elements
                        + " elements (" + load.sizeCommand() + ")");
                return;
            }
            Reading after = read(peer.pid(), jvm, setup);
            bench.memory(new MemoryResult("memory", system.label(), d.label(), type, elements, size, before.rss,
                    after.rss, before.live, after.live, jvm ? "heap used after GC.run" : "used_memory",
                    !jvm ? "none" : before.collected && after.collected ? "jcmd GC.run" : "none (jcmd failed)",
                    null));
        }
    }

    private record Reading(long rss, long live, boolean collected) {
    }

    private static Reading read(long pid, boolean jvm, RespSetup setup) throws IOException, InterruptedException {
        if (!jvm) {
            return new Reading(ProcessMemory.rss(pid), usedMemory(setup), false);
        }
        boolean collected = ProcessMemory.collect(pid);
        long live = ProcessMemory.heapUsed(pid);
        return new Reading(settledRss(pid), live, collected);
    }

    /** VmRSS once it has stopped falling: a JVM uncommits what a collection freed in the background. */
    private static long settledRss(long pid) throws InterruptedException {
        long last = ProcessMemory.rss(pid);
        for (int i = 0; i < SETTLE_READINGS; i++) {
            Thread.sleep(SETTLE_MILLIS); // no signal says when the JVM has given its memory back
            long now = ProcessMemory.rss(pid);
            if (now >= last) {
                return now;
            }
            last = now;
        }
        return last;
    }

    private static long usedMemory(RespSetup setup) throws IOException {
        String info = RespValue.textOf(setup.call("INFO", "memory"));
        for (String line : info.split("\r?\n")) {
            if (line.startsWith("used_memory:")) {
                return Long.parseLong(line.substring("used_memory:".length()).trim());
            }
        }
        return -1;
    }

    /** How one type is loaded and counted: the command and key, and the command that says its size. */
    private record Load(String type, String command, String key, String sizeCommand) {
        static Load of(String type) {
            return switch (type) {
                case "list" -> new Load(type, "RPUSH", "mylist", "LLEN");
                case "set" -> new Load(type, "SADD", "myset", "SCARD");
                case "zset" -> new Load(type, "ZADD", "myzset", "ZCARD");
                case "hash" -> new Load(type, "HSET", "myhash", "HLEN");
                case "stream" -> new Load(type, "XADD", "mystream", "XLEN");
                default -> throw new IllegalArgumentException("type: " + type);
            };
        }

        /** The command that adds element {@code i}. */
        Command command(long i, int size, byte[] value, SplittableRandom random, long elements) {
            byte[] element = element(i, size);
            List<byte[]> args = new ArrayList<>(5);
            args.add(command.getBytes(StandardCharsets.US_ASCII));
            args.add(key.getBytes(StandardCharsets.US_ASCII));
            switch (type) {
                case "zset" -> {
                    args.add(Long.toString(random.nextLong(elements)).getBytes(StandardCharsets.US_ASCII));
                    args.add(element);
                }
                case "hash" -> {
                    args.add(element);
                    args.add(value);
                }
                case "stream" -> { // an entry of one field, its ID from the server's clock
                    args.add(new byte[] {'*'});
                    args.add(new byte[] {'f'});
                    args.add(element);
                }
                default -> args.add(element);
            }
            return new Command.Call(key, args);
        }
    }

    /** {@code element:<i in 12 digits>}, padded with {@code x} to {@code size} bytes. */
    static byte[] element(long i, int size) {
        byte[] name = DataTypeTest.element(i);
        if (size <= name.length) {
            return name;
        }
        byte[] padded = Arrays.copyOf(name, size);
        Arrays.fill(padded, name.length, size, (byte) 'x');
        return padded;
    }
}
