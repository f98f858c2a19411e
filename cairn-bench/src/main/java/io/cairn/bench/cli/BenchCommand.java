package io.cairn.bench.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.BiFunction;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cairn bench <scenario> [--option value ...]}: the benchmark suite's command line, a
 * picocli command whose subcommands are the scenarios (the table below: name, description, the
 * options' defaults that differ) and the tools {@code corpus} and {@code peers}. Each scenario is
 * documented, with every option, in {@code docs/bench.md}; {@code --help} after a scenario lists its
 * options with their defaults. The {@code cairn} command of cairn-cli adds this tree as
 * {@code cairn bench}.
 */
@Command(name = "bench", synopsisHeading = "usage: ", commandListHeading = "%nscenarios and tools:%n",
        customSynopsis = {"cairn bench <scenario> [--option value ...]", "       cairn bench peers install|status"},
        description = {"the benchmark suite: Cairn beside Redis, Tarantool, Memcached and others", "",
            "Measures Cairn beside its peers on this machine and writes a report; '--help' after",
            "a scenario lists its options. 'peers install' installs the peers' and the corpus",
            "word lists' Debian packages."},
        footer = {"", "docs/bench.md describes each scenario, every option and how to read the report."})
public final class BenchCommand implements Callable<Integer> {
    private final PrintStream err;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    private BenchCommand(PrintStream err) {
        this.err = err;
    }

    /**
     * A subcommand: its name, one line of description, how its command object is made (given
     * stdout and stderr), and the defaults it gives to options that have other defaults elsewhere.
     */
    private record Subcommand(String name, String description, BiFunction<PrintStream, PrintStream, Object> command,
            Map<String, String> defaults) {
    }

    private static final List<Subcommand> SUBCOMMANDS = List.of(
            new Subcommand("ycsb", "YCSB core workloads A-F: load, then run at each client count",
                    YcsbScenario::new, Map.of("durability", "none,fsync", "clients", "8,64")),
            new Subcommand("sweep", "one workload at growing client counts, to see where throughput saturates",
                    YcsbScenario::new, Map.of("workloads", "a", "records", "100000",
                            "clients", "1,2,4,8,16,32,64,128,256,512,1024", "duration", "5", "warmup", "1")),
            new Subcommand("redis-benchmark", "redis-benchmark's tests: SET, GET, HSET, INCR over a random key space,"
                    + " lists, sets and sorted sets",
                    SingleCommandScenario::new, Map.of("clients", "50", "model", "pipeline", "pipeline", "1,16",
                            "operations", "1000000")),
            new Subcommand("durability", "the cost of none / write / fsync: YCSB load and workload A at each",
                    YcsbScenario::new, Map.of("systems", "cairn,redis,tarantool", "durability", "none,write,fsync",
                            "workloads", "a", "records", "100000", "clients", "1,16,64", "duration", "5", "warmup", "1")),
            new Subcommand("memory", "memory per element of one collection (list, set, sorted set, hash) of N elements",
                    MemoryScenario::new, Map.of("clients", "4", "model", "pipeline", "pipeline", "64",
                            "cairn-jvm", MemoryScenario.JVM_OPTIONS)),
            new Subcommand("documents", "a document of N elements written as one record against N single keys",
                    DocumentsScenario::new, Map.of("operations", "20000")),
            new Subcommand("ingest-query", "articles ingested with search indexes on, then searches, facets, deep pages,"
                    + " updates and deletes; Cairn beside PostgreSQL and embedded Lucene",
                    IngestQueryScenario::new, Map.of("systems", "cairn", "durability", "fsync", "operations", "2000")),
            new Subcommand("corpus", "writes Wikipedia-like articles in 13 languages as JSONL (no server)",
                    CorpusCommand::new, Map.of()),
            new Subcommand("peers", "installs or lists the peers and the corpus word lists (Debian packages)",
                    PeersCommand::new, Map.of()));

    /** {@code cairn bench} with every scenario and tool, writing to {@code out} and {@code err}. */
    public static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine bench = new CommandLine(new BenchCommand(err));
        for (Subcommand s : SUBCOMMANDS) {
            CommandLine sub = new CommandLine(s.command().apply(out, err));
            sub.setCommandName(s.name());
            sub.getCommandSpec().usageMessage()
                    .description(s.description(), "")
                    .synopsisHeading("usage: ")
                    .abbreviateSynopsis(true)
                    .sortOptions(false)
                    .showDefaultValues(true);
            if (!s.defaults().isEmpty()) {
                sub.setDefaultValueProvider(new Defaults(s.defaults()));
            }
            bench.addSubcommand(s.name(), sub);
        }
        bench.setOut(new PrintWriter(out, true, out.charset()));
        bench.setErr(new PrintWriter(err, true, err.charset()));
        bench.setOverwrittenOptionsAllowed(true); // the last of a repeated option wins
        return bench;
    }

    /** {@code cairn bench} alone: the usage on stderr, and exit status 2. */
    @Override
    public Integer call() {
        spec.commandLine().usage(err);
        return spec.exitCodeOnInvalidInput();
    }

    /** A scenario's own defaults, by option name without the dashes; the declared default otherwise. */
    private record Defaults(Map<String, String> byName) implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(ArgSpec argSpec) {
            return argSpec instanceof OptionSpec o ? byName.get(o.longestName().substring(2)) : null;
        }
    }
}
