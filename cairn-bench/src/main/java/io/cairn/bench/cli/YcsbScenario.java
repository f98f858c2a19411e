package io.cairn.bench.cli;

import io.cairn.bench.driver.Capability;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpSource;
import io.cairn.bench.run.UpdateMode;
import io.cairn.bench.run.YcsbOps;
import io.cairn.bench.workload.CoreWorkloads;
import io.cairn.bench.workload.Distribution;
import io.cairn.bench.workload.InsertCounter;
import io.cairn.bench.workload.Operation;
import io.cairn.bench.workload.WorkloadSpec;
import io.cairn.bench.workload.WorkloadStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * YCSB's core workloads against each system and durability: for every workload a fresh server,
 * a load phase of {@code --records} records, then one run phase per client setting. Also the flow
 * of the {@code sweep} (one workload, many client counts) and {@code durability} (every
 * durability) scenarios, which differ only in their defaults.
 */
final class YcsbScenario {
    private YcsbScenario() {
    }

    static Options options(Map<String, String> defaults) {
        Options o = BenchRun.common(defaults);
        o.declare("workloads", defaults.getOrDefault("workloads", "a,b,c,d,e,f"), "YCSB core workloads, a to f");
        o.alias("workload", "workloads");
        o.declare("records", defaults.getOrDefault("records", "200000"), "records stored by the load phase");
        o.declare("field-count", "10", "fields per record");
        o.declare("field-length", "100", "bytes per field");
        o.declare("distribution", "", "override every workload's request distribution: uniform, zipfian or latest");
        o.declare("update-mode", "write", "write (YCSB's update) or read-then-write (read the record first)");
        o.declare("load-clients", "16", "clients of the load phase");
        return o;
    }

    static void run(BenchRun bench) throws IOException, InterruptedException {
        Options o = bench.options();
        long records = o.number("records", 1, Integer.MAX_VALUE);
        UpdateMode updateMode = UpdateMode.parse(o.string("update-mode"));
        List<WorkloadSpec> specs = new ArrayList<>();
        for (String w : o.list("workloads")) {
            specs.add(spec(o, w, records, bench.operations())); // every one checked before a server starts
        }
        int loadClients = (int) o.number("load-clients", 1, 10_000);
        for (WorkloadSpec spec : specs) {
            for (Systems system : bench.systems()) {
                for (Durability d : bench.durabilities()) {
                    runOne(bench, system, d, spec, updateMode, loadClients);
                }
            }
        }
    }

    static WorkloadSpec spec(Options o, String name, long records, long operations) {
        if (name.length() != 1 || CoreWorkloads.NAMES.indexOf(name.charAt(0)) < 0) {
            throw new IllegalArgumentException("workload: " + name + " (expected: a, b, c, d, e or f)");
        }
        WorkloadSpec.Builder b = CoreWorkloads.named(name, records, Math.max(operations, 1)).toBuilder()
                .fieldCount((int) o.number("field-count", 1, 1000))
                .fieldLength((int) o.number("field-length", 1, 1 << 20));
        String dist = o.string("distribution");
        if (!dist.isBlank()) {
            try {
                b.requestDistribution(Distribution.valueOf(dist.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--distribution: " + dist
                        + " (expected: uniform, zipfian or latest)", e);
            }
        }
        return b.build();
    }

    private static void runOne(BenchRun bench, Systems system, Durability d, WorkloadSpec spec,
            UpdateMode updateMode, int loadClients) throws IOException, InterruptedException {
        String why = system.unsupported(d);
        boolean scans = spec.proportion(Operation.SCAN) > 0;
        if (why != null) {
            for (ClientSettings cs : bench.clientSettings()) {
                bench.unsupported(system.label(), d, spec.name(), "run", cs, why);
            }
            return;
        }
        try (Peer peer = bench.start(system, d, scans)) {
            Set<Capability> caps = peer.protocol().capabilities();
            why = YcsbOps.unsupported(caps, spec);
            if (why != null) {
                for (ClientSettings cs : bench.clientSettings()) {
                    bench.unsupported(system.label(), d, spec.name(), "run", cs, why);
                }
                return;
            }
            YcsbOps ops = new YcsbOps(caps, updateMode, spec);
            long seed = bench.seed();
            AtomicLong nextKey = new AtomicLong();
            bench.measure(peer, spec.name(), "load", ClientSettings.sync(loadClients), i -> {
                WorkloadStream stream = new WorkloadStream(spec, seed * 1_000_003 + i,
                        new InsertCounter(spec.recordCount()));
                return () -> ops.load(stream.insert(nextKey.getAndIncrement()));
            }, 0, spec.recordCount(), 0);
            InsertCounter inserts = new InsertCounter(spec.recordCount());
            for (ClientSettings cs : bench.clientSettings()) {
                bench.measure(peer, spec.name(), "run", cs, i -> {
                    WorkloadStream stream = new WorkloadStream(spec, seed * 7_919 + i, inserts);
                    OpSource source = () -> ops.op(stream.next(), inserts);
                    return source;
                }, bench.warmupNanos(), bench.operations(), bench.durationNanos());
            }
        }
    }
}
