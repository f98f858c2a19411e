package io.cairn.bench.cli;

import static picocli.CommandLine.Help.Visibility.NEVER;

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
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Option;

/**
 * YCSB's core workloads against each system and durability: for every workload a fresh server,
 * a load phase of {@code --records} records, then one run phase per client setting; with
 * {@code --load-once}, one server and one load per system and durability, and every workload's
 * run phases in turn on that data. Also the flow
 * of the {@code sweep} (one workload, many client counts) and {@code durability} (every
 * durability) scenarios, which differ only in their defaults ({@link BenchCommand}). Workload
 * {@value CoreWorkloads#RMW} is A with every update sent read-then-write, whatever
 * {@code --update-mode} says. After the load and after each run the server is read
 * ({@link ServerReadings}): its memory and disk, per record, and its own figures (Cairn's INFO,
 * vinyl's statistics).
 */
final class YcsbScenario extends MeasuredScenario {
    @Option(names = {"--workloads", "--workload"}, defaultValue = "a,b,c,d,e,f", paramLabel = "LIST",
            description = "YCSB core workloads, a to f, and rmw (a with each update read, then written)")
    String workloads;

    @Option(names = "--records", defaultValue = "200000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "records stored by the load phase")
    long records;

    @Option(names = "--field-count", defaultValue = "10", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "fields per record")
    long fieldCount;

    @Option(names = "--field-length", defaultValue = "100", paramLabel = "BYTES", converter = Values.WholeNumber.class,
            description = "bytes per field")
    long fieldLength;

    @Option(names = "--distribution", defaultValue = "", paramLabel = "NAME", showDefaultValue = NEVER,
            description = "override every workload's request distribution: uniform, zipfian or latest")
    String distribution;

    @Option(names = "--update-mode", defaultValue = "write", paramLabel = "MODE",
            description = "write (YCSB's update) or read-then-write (read the record first); rmw always reads first")
    String updateMode;

    @Option(names = "--load-clients", defaultValue = "16", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "clients of the load phase")
    long loadClients;

    YcsbScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        specs(0);
        UpdateMode.parse(updateMode);
        Values.range("--load-clients", loadClients, 1, 10_000);
    }

    /** Every workload asked for, checked. */
    private List<WorkloadSpec> specs(long operations) {
        long n = Values.range("--records", records, 1, Integer.MAX_VALUE);
        List<WorkloadSpec> specs = new ArrayList<>();
        for (String w : Values.names("--workloads", workloads)) {
            specs.add(spec(w, n, operations));
        }
        return specs;
    }

    @Option(names = "--load-once", description = "load each system once and run every workload on that data, in the "
            + "order given (as YCSB is run on a big data set; D and E insert records the workloads after them see)")
    boolean loadOnce;

    @Override
    void run(BenchRun bench) throws IOException, InterruptedException {
        if (loadOnce) {
            List<WorkloadSpec> specs = specs(bench.operations());
            for (Systems system : bench.systems()) {
                for (Durability d : bench.durabilities()) {
                    runAll(bench, system, d, specs, (int) loadClients);
                }
            }
            return;
        }
        for (WorkloadSpec spec : specs(bench.operations())) {
            for (Systems system : bench.systems()) {
                for (Durability d : bench.durabilities()) {
                    UpdateMode mode = spec.name().equals(CoreWorkloads.RMW) ? UpdateMode.READ_THEN_WRITE
                            : UpdateMode.parse(updateMode);
                    runOne(bench, system, d, spec, mode, (int) loadClients);
                }
            }
        }
    }

    private WorkloadSpec spec(String name, long records, long operations) {
        boolean core = name.length() == 1 && CoreWorkloads.NAMES.indexOf(name.charAt(0)) >= 0;
        if (!core && !name.equals(CoreWorkloads.RMW)) {
            throw new IllegalArgumentException("workload: " + name + " (expected: a, b, c, d, e, f or rmw)");
        }
        WorkloadSpec.Builder b = CoreWorkloads.named(name, records, Math.max(operations, 1)).toBuilder()
                .fieldCount((int) Values.range("--field-count", fieldCount, 1, 1000))
                .fieldLength((int) Values.range("--field-length", fieldLength, 1, 1 << 20));
        if (!distribution.isBlank()) {
            try {
                b.requestDistribution(Distribution.valueOf(distribution.trim().toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--distribution: " + distribution
                        + " (expected: uniform, zipfian or latest)", e);
            }
        }
        return b.build();
    }

    /** {@code --load-once}: one server and one load for every workload, which must agree on the records. */
    private void runAll(BenchRun bench, Systems system, Durability d, List<WorkloadSpec> specs, int loadClients)
            throws IOException, InterruptedException {
        String why = system.unsupported(d);
        boolean scans = specs.stream().anyMatch(sp -> sp.proportion(Operation.SCAN) > 0);
        if (why != null) {
            for (WorkloadSpec spec : specs) {
                for (ClientSettings cs : bench.clientSettings()) {
                    bench.unsupported(system.label(), d, spec.name(), "run", cs, why);
                }
            }
            return;
        }
        try (Peer peer = bench.start(system, d, scans)) {
            Set<Capability> caps = peer.protocol().capabilities();
            WorkloadSpec first = specs.getFirst();
            load(bench, peer, system, first, new YcsbOps(caps, UpdateMode.parse(updateMode), first), loadClients);
            InsertCounter inserts = new InsertCounter(first.recordCount());
            for (WorkloadSpec spec : specs) {
                why = YcsbOps.unsupported(caps, spec);
                if (why != null) {
                    for (ClientSettings cs : bench.clientSettings()) {
                        bench.unsupported(system.label(), d, spec.name(), "run", cs, why);
                    }
                    continue;
                }
                UpdateMode mode = spec.name().equals(CoreWorkloads.RMW) ? UpdateMode.READ_THEN_WRITE
                        : UpdateMode.parse(updateMode);
                runPhases(bench, peer, system, spec, new YcsbOps(caps, mode, spec), inserts);
            }
        }
    }

    private static void load(BenchRun bench, Peer peer, Systems system, WorkloadSpec spec, YcsbOps ops, int loadClients)
            throws IOException, InterruptedException {
        long seed = bench.seed();
        AtomicLong nextKey = new AtomicLong();
        bench.measure(peer, spec.name(), "load", ClientSettings.sync(loadClients), i -> {
            WorkloadStream stream = new WorkloadStream(spec, seed * 1_000_003 + i,
                    new InsertCounter(spec.recordCount()));
            return () -> ops.load(stream.insert(nextKey.getAndIncrement()));
        }, 0, spec.recordCount(), 0);
        bench.server(ServerReadings.read(bench.scenario(), peer, system, spec.name(), "load", loadClients,
                spec.recordCount()));
    }

    private static void runPhases(BenchRun bench, Peer peer, Systems system, WorkloadSpec spec, YcsbOps ops,
            InsertCounter inserts) throws IOException, InterruptedException {
        long seed = bench.seed();
        for (ClientSettings cs : bench.clientSettings()) {
            bench.measure(peer, spec.name(), "run", cs, i -> {
                WorkloadStream stream = new WorkloadStream(spec, seed * 7_919 + i, inserts);
                OpSource source = () -> ops.op(stream.next(), inserts);
                return source;
            }, bench.warmupNanos(), bench.operations(), bench.durationNanos());
            bench.server(ServerReadings.read(bench.scenario(), peer, system, spec.name(), "run", cs.clients(),
                    spec.recordCount()));
        }
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
            load(bench, peer, system, spec, ops, loadClients);
            runPhases(bench, peer, system, spec, ops, new InsertCounter(spec.recordCount()));
        }
    }
}
