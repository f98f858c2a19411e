package io.cairn.bench.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * A scenario that measures servers: the {@link BenchOptions} every one has, plus its own options
 * (fields of the subclass). Running it checks every option before any server starts, runs the
 * scenario in a {@link BenchRun}, which starts the servers and collects the results, and writes
 * the report. A bad value ({@link IllegalArgumentException}) is a usage error (exit status 2); an
 * I/O failure exits 1, and so does a run with errors.
 *
 * <p>One instance parses and runs one command line, on the CLI thread.
 */
abstract class MeasuredScenario implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Spec
    CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Mixin
    BenchOptions common;

    MeasuredScenario(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /**
     * Checks this scenario's own options, before any server starts.
     *
     * @throws IllegalArgumentException naming the option, the value and the rule
     */
    abstract void check();

    /** Measures; {@link #check} has passed. */
    abstract void run(BenchRun bench) throws IOException, InterruptedException;

    @Override
    public final Integer call() {
        return ExitCodes.run(spec, err, () -> {
            common.check();
            check();
            BenchRun bench = new BenchRun(spec.name(), common, recorded(spec), out, err);
            run(bench);
            bench.finish("cairn bench " + spec.name() + ": " + spec.usageMessage().description()[0]);
            return bench.hadErrors() ? 1 : 0;
        });
    }

    /**
     * Every option of a parsed command with its value as text, given or defaulted, in declaration
     * order, named without the dashes: what the report records of the settings.
     */
    static Map<String, String> recorded(CommandSpec spec) {
        Map<String, String> all = new LinkedHashMap<>();
        for (OptionSpec o : spec.options()) {
            if (o.usageHelp() || o.versionHelp()) {
                continue;
            }
            var given = o.originalStringValues();
            String defaulted = o.defaultValueString();
            all.put(o.longestName().substring(2), !given.isEmpty() ? given.getLast() : defaulted == null ? "" : defaulted);
        }
        return all;
    }
}
