package io.cairn.bench.cli;

import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.report.Machine;
import io.cairn.bench.report.Report;
import io.cairn.bench.report.RunResult;
import io.cairn.bench.run.ClientModel;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpSource;
import io.cairn.bench.run.PhaseRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * What every scenario shares: the common options, starting peers, running a measured phase with a
 * progress line, collecting results, and writing the report at the end.
 *
 * <p>Not thread-safe: one scenario runs on the CLI thread.
 */
final class BenchRun {
    private final String scenario;
    private final Options options;
    private final PrintStream out;
    private final PrintStream err;
    private final Systems.PeerOptions peerOptions;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<RunResult> results = new ArrayList<>();
    private final Machine machine;
    private final boolean quiet;

    BenchRun(String scenario, Options options, PrintStream out, PrintStream err) {
        this.scenario = scenario;
        this.options = options;
        this.out = out;
        this.err = err;
        this.quiet = switch (options.string("quiet")) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("--quiet: " + options.string("quiet") + " (expected: true or false)");
        };
        this.peerOptions = new Systems.PeerOptions(options.string("cairn-jvm"),
                parseIndex(options.string("tarantool-index")),
                options.number("tarantool-memory-mb", 64, 1 << 20) << 20,
                (int) options.number("memcached-memory-mb", 64, 1 << 20),
                (int) options.number("memcached-threads", 1, 256),
                address(options.string("cairn-address")), address(options.string("redis-address")));
        // Read the other common options now too, so that a bad value is refused before any server
        // starts: the scenarios read some only after a load phase, and the price only at the end.
        systems();
        durabilities();
        clientSettings();
        warmupNanos();
        operations();
        seed();
        options.decimal("price-per-month", 0);
        if ((peerOptions.cairnAddress() != null || peerOptions.redisAddress() != null)
                && durabilities().size() > 1) {
            throw new IllegalArgumentException("--durability: " + options.string("durability")
                    + " (expected: one durability with --cairn-address or --redis-address: a running"
                    + " server has the one it was started with)");
        }
        this.settings.putAll(options.all());
        this.machine = MachineInfo.read();
    }

    /** Declares the options every scenario has; {@code defaults} overrides per scenario. */
    static Options common(Map<String, String> defaults) {
        Options o = new Options();
        String[][] rows = {
            {"systems", "cairn,redis", "systems to measure: cairn, redis, tarantool, memcached"},
            {"durability", "none", "durabilities: none, write, fsync (see docs/bench.md for each system's setting)"},
            {"clients", "8", "client counts, comma-separated; each is a separate run"},
            {"model", "sync", "client models, comma-separated: sync, multiplexed, pipeline"},
            {"connections", "4", "connections shared by the clients in the multiplexed model (at most the clients)"},
            {"pipeline", "16", "requests in flight per client in the pipeline model, comma-separated"},
            {"warmup", "2", "seconds run before measuring, not counted"},
            {"operations", "200000", "operations measured per run (all clients together)"},
            {"duration", "0", "seconds measured per run instead of a count of operations (0: use --operations)"},
            {"seed", "1", "seed of the request streams: the same seed sends the same requests"},
            {"out", "", "directory for results.csv, results.json, report.html and charts (default: results/<scenario>-<time>)"},
            {"price-per-month", "0", "the machine's price per month; adds the cost per billion requests"},
            {"client-threads", "platform", "platform or virtual threads for the clients"},
            {"cairn-jvm", io.cairn.bench.peer.CairnPeer.DEFAULT_JVM_OPTIONS, "JVM options of the Cairn server the bench starts"},
            {"cairn-address", "", "host:port of a running Cairn to measure instead of starting one"},
            {"redis-address", "", "host:port of a running Redis to measure instead of starting one"},
            {"tarantool-index", "tree", "Tarantool's primary index: tree (scans work) or hash"},
            {"tarantool-memory-mb", "2048", "Tarantool's memtx_memory, in MiB"},
            {"memcached-memory-mb", "2048", "Memcached's -m, in MiB"},
            {"memcached-threads", "2", "Memcached's -t"},
            {"quiet", "false", "true: no progress line"},
        };
        for (String[] r : rows) {
            o.declare(r[0], defaults.getOrDefault(r[0], r[1]), r[2]);
        }
        return o;
    }

    private static boolean parseIndex(String s) {
        return switch (s.trim().toLowerCase(Locale.ROOT)) {
            case "hash" -> true;
            case "tree" -> false;
            default -> throw new IllegalArgumentException("--tarantool-index: " + s + " (expected: tree or hash)");
        };
    }

    private static InetSocketAddress address(String s) {
        if (s.isBlank()) {
            return null;
        }
        int colon = s.lastIndexOf(':');
        if (colon <= 0) {
            throw new IllegalArgumentException("address: " + s + " (expected: host:port)");
        }
        int port = (int) Options.parseNumber("address", s.substring(colon + 1), 1, 65535);
        return new InetSocketAddress(s.substring(0, colon), port);
    }

    List<Systems> systems() {
        return Systems.parse(options.list("systems"));
    }

    List<Durability> durabilities() {
        return options.list("durability").stream().map(Durability::parse).toList();
    }

    List<ClientSettings> clientSettings() {
        List<ClientSettings> out = new ArrayList<>();
        boolean virtual = switch (options.string("client-threads")) {
            case "virtual" -> true;
            case "platform" -> false;
            default -> throw new IllegalArgumentException("--client-threads: " + options.string("client-threads")
                    + " (expected: platform or virtual)");
        };
        int connections = (int) options.number("connections", 1, 100_000);
        for (String m : options.list("model")) {
            ClientModel model = ClientModel.parse(m);
            for (int clients : options.numbers("clients", 1, 100_000)) {
                if (model == ClientModel.PIPELINE) {
                    for (int depth : options.numbers("pipeline", 1, 100_000)) {
                        out.add(new ClientSettings(model, clients, clients, depth, virtual));
                    }
                } else {
                    out.add(new ClientSettings(model, clients, Math.min(connections, clients), 1, virtual));
                }
            }
        }
        return out;
    }

    long warmupNanos() {
        return TimeUnit.MILLISECONDS.toNanos((long) (options.decimal("warmup", 0) * 1000));
    }

    long operations() {
        return durationNanos() > 0 ? 0 : options.number("operations", 1, Long.MAX_VALUE / 2);
    }

    long durationNanos() {
        return TimeUnit.MILLISECONDS.toNanos((long) (options.decimal("duration", 0) * 1000));
    }

    long seed() {
        return options.number("seed", Long.MIN_VALUE, Long.MAX_VALUE);
    }

    Options options() {
        return options;
    }

    /** Starts a system, or returns null after recording why it cannot run at {@code d}. */
    Peer start(Systems system, Durability d, boolean scans) throws IOException {
        status("starting " + system.label() + " (" + d.label() + ")");
        Peer peer = system.start(d, scans, peerOptions);
        settings.put(system.label() + ".version", peer.version());
        peer.settings().forEach((k, v) -> settings.put(system.label() + "." + k, v));
        return peer;
    }

    /** Runs one measured phase and records its result. */
    RunResult measure(Peer peer, String workload, String phase, ClientSettings cs,
            IntFunction<OpSource> sources, long warmupNanos, long operations, long durationNanos)
            throws IOException, InterruptedException {
        String label = String.format(Locale.ROOT, "%s %s %s/%s %s c=%d%s", phase, workload,
                peer.system(), peer.durability().label(), cs.model().label(), cs.clients(),
                cs.model() == ClientModel.PIPELINE ? " P=" + cs.pipeline() : "");
        long total = operations;
        PhaseRunner.Progress progress = quiet ? PhaseRunner.Progress.NONE
                : (elapsed, done, rate) -> progress(phase, peer, workload + " c=" + cs.clients(), elapsed,
                        done, total, rate);
        completedAtStart = -1;
        PhaseRunner.Outcome o = new PhaseRunner(peer.address(), peer.protocol())
                .run(cs, sources, warmupNanos, operations, durationNanos, progress);
        endProgress();
        RunResult r = new RunResult(scenario, peer.system(), peer.durability().label(), workload, phase,
                cs.model().label(), cs.clients(), cs.connections(), cs.pipeline(), o.seconds(),
                o.operations(), o.opsPerSecond(), o.meter().stats(), o.meter().timeline(),
                o.meter().errorSamples(), null);
        results.add(r);
        status(String.format(Locale.ROOT, "%-40s %,12.0f ops/s  %,d errors", label, r.opsPerSecond(), r.errors()));
        return r;
    }

    /** Records a result measured outside {@link #measure} (the ingest-query scenario's own runner). */
    void record(RunResult r) {
        results.add(r);
    }

    /** Adds a line to the report's settings (versions, sizes measured along the way). */
    void setting(String key, String value) {
        settings.put(key, value);
    }

    void unsupported(String system, Durability d, String workload, String phase, ClientSettings cs, String why) {
        results.add(RunResult.unsupported(scenario, system, d.label(), workload, phase, cs.model().label(),
                cs.clients(), why));
        status(system + " " + d.label() + " " + workload + ": unsupported (" + why + ")");
    }

    private boolean progressShown;
    private long completedAtStart = -1;

    private void progress(String phase, Peer peer, String workload, double elapsed, long done, long total,
            double rate) {
        String line;
        if (elapsed < 0) {
            line = String.format(Locale.ROOT, "[%s] %s/%s %s  warm-up, %.0f s left", phase, peer.system(),
                    peer.durability().label(), workload, -elapsed);
        } else {
            if (completedAtStart < 0) {
                completedAtStart = done;
            }
            line = io.cairn.bench.report.TerminalTable.progressLine(phase,
                    peer.system() + "/" + peer.durability().label(), workload, elapsed,
                    done - completedAtStart, total, rate);
        }
        if (System.console() != null) {
            err.print("\r" + line + "\033[K");
            progressShown = true;
        } else if (elapsed >= 0 && Math.round(elapsed) % 10 == 0 && Math.round(elapsed) > 0) {
            err.println(line);
        }
    }

    private void endProgress() {
        if (progressShown) {
            err.print("\r\033[K");
            progressShown = false;
        }
    }

    void status(String line) {
        err.println("bench: " + line);
    }

    /** Writes results.csv, results.json, report.html and the charts; prints the table. */
    Path finish(String title) throws IOException {
        String dir = options.string("out");
        Path outDir = dir.isBlank()
                ? Path.of("results", scenario + "-" + machine.startedAt().replace(":", "").replace("-", "").substring(0, 15))
                : Path.of(dir);
        Report report = new Report(title, machine, settings, results, options.decimal("price-per-month", 0));
        List<Path> files = io.cairn.bench.report.ReportWriter.writeAll(report, outDir);
        out.println(io.cairn.bench.report.TerminalTable.render(results));
        out.println("wrote " + files.size() + " files to " + outDir.toAbsolutePath()
                + " (open report.html in a browser)");
        return outDir;
    }

    List<RunResult> results() {
        return results;
    }
}
