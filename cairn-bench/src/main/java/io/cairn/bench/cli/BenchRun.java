package io.cairn.bench.cli;

import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.report.Machine;
import io.cairn.bench.report.MemoryResult;
import io.cairn.bench.report.Report;
import io.cairn.bench.report.RunResult;
import io.cairn.bench.report.ServerResult;
import io.cairn.bench.run.ClientModel;
import io.cairn.bench.run.ClientSettings;
import io.cairn.bench.run.OpSource;
import io.cairn.bench.run.PhaseRunner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * What every measured scenario shares: starting peers as its common options say, running a
 * measured phase with a progress line, collecting results, and writing the report at the end.
 *
 * <p>Not thread-safe: one scenario runs on the CLI thread.
 */
final class BenchRun {
    private final String scenario;
    private final BenchOptions options;
    private final PrintStream out;
    private final PrintStream err;
    private final Systems.PeerOptions peerOptions;
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<RunResult> results = new ArrayList<>();
    private final List<MemoryResult> memory = new ArrayList<>();
    private final List<ServerResult> servers = new ArrayList<>();
    /** Whether some run had errors, recorded or not (a repeat that was not the median). */
    private boolean runErrors;
    private final Machine machine;
    private final boolean quiet;

    /**
     * @param options the common options, {@linkplain BenchOptions#check checked}
     * @param settings every option of the scenario as text, for the report
     */
    BenchRun(String scenario, BenchOptions options, Map<String, String> settings, PrintStream out, PrintStream err) {
        this.scenario = scenario;
        this.options = options;
        this.out = out;
        this.err = err;
        this.quiet = options.quiet;
        this.peerOptions = options.peerOptions();
        this.settings.putAll(settings);
        this.machine = MachineInfo.read();
    }

    /** The scenario's name, as results name it ({@code ycsb}, {@code sweep}, ...). */
    String scenario() {
        return scenario;
    }

    List<Systems> systems() {
        return options.systems();
    }

    List<Durability> durabilities() {
        return options.durabilities();
    }

    List<ClientSettings> clientSettings() {
        return options.clientSettings();
    }

    long warmupNanos() {
        return options.warmupNanos();
    }

    long operations() {
        return options.operations();
    }

    long durationNanos() {
        return options.durationNanos();
    }

    long seed() {
        return options.seed;
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
        RunResult r = run(peer, workload, phase, cs, sources, warmupNanos, operations, durationNanos);
        results.add(r);
        return r;
    }

    /**
     * Runs one measured phase and returns its result without recording it (the scenario records
     * the median of repeated runs); its errors still make the command fail.
     */
    RunResult run(Peer peer, String workload, String phase, ClientSettings cs,
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
        runErrors |= r.errors() > 0;
        status(String.format(Locale.ROOT, "%-40s %,12.0f ops/s  %,d errors", label, r.opsPerSecond(), r.errors()));
        return r;
    }

    /**
     * Runs operations for {@code nanos} to warm the server up, measuring and recording nothing;
     * what fails in it is not counted either (a pop test may empty its collection).
     */
    void warmUp(Peer peer, String workload, ClientSettings cs, IntFunction<OpSource> sources, long nanos)
            throws IOException, InterruptedException {
        status(String.format(Locale.ROOT, "warm-up %s %s/%s %.1f s, not measured", workload, peer.system(),
                peer.durability().label(), nanos / 1e9));
        new PhaseRunner(peer.address(), peer.protocol()).run(cs, sources, 0, 0, nanos, PhaseRunner.Progress.NONE);
    }

    /** Records a memory result, and says it on the status line. */
    void memory(MemoryResult m) {
        memory.add(m);
        status(m.isUnsupported()
                ? m.system() + " " + m.durability() + " " + m.type() + ": unsupported (" + m.unsupported() + ")"
                : String.format(Locale.ROOT, "%s/%s %s: RSS %,d -> %,d bytes, %.1f bytes per element", m.system(),
                        m.durability(), m.type(), m.rssBefore(), m.rssAfter(), m.rssPerElement()));
    }

    /** Records a server reading, and says it on the status line. */
    void server(ServerResult s) {
        servers.add(s);
        status(String.format(Locale.ROOT, "%s/%s %s %s: RSS %,d bytes (%.1f per record), disk %,d bytes (%.1f per record)",
                s.system(), s.durability(), s.workload(), s.phase(), s.rssBytes(), s.rssPerRecord(), s.diskBytes(),
                s.diskPerRecord()));
    }

    /** Whether any run had errors, including runs not recorded. */
    boolean hadErrors() {
        return runErrors || results.stream().anyMatch(r -> r.errors() > 0);
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

    /**
     * Writes results.csv, results.json, report.html and the charts (memory.csv and server.csv too);
     * prints the tables.
     */
    Path finish(String title) throws IOException {
        String dir = options.out;
        Path outDir = dir.isBlank()
                ? Path.of("results", scenario + "-" + machine.startedAt().replace(":", "").replace("-", "").substring(0, 15))
                : Path.of(dir);
        Report report = new Report(title, machine, settings, results, options.pricePerMonth, memory, servers);
        List<Path> files = io.cairn.bench.report.ReportWriter.writeAll(report, outDir);
        out.println(io.cairn.bench.report.TerminalTable.render(results));
        if (!memory.isEmpty()) {
            out.println(io.cairn.bench.report.TerminalTable.renderMemory(memory));
        }
        if (!servers.isEmpty()) {
            out.println(io.cairn.bench.report.TerminalTable.renderServers(servers));
        }
        out.println("wrote " + files.size() + " files to " + outDir.toAbsolutePath()
                + " (open report.html in a browser)");
        return outDir;
    }

    List<RunResult> results() {
        return results;
    }
}
