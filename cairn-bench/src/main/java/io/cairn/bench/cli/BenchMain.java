package io.cairn.bench.cli;

import io.cairn.bench.corpus.Language;
import io.cairn.bench.corpus.MissingWordListException;
import io.cairn.bench.corpus.WordSource;
import io.cairn.bench.peer.Installed;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code cairn bench <scenario> [--option value ...]}: the benchmark suite's command line. Each
 * scenario is documented, with every option, in {@code docs/bench.md}; {@code --help} after a
 * scenario lists its options with their defaults.
 */
public final class BenchMain {
    private BenchMain() {
    }

    /** A scenario: its name, one line of description, its options, and how it runs. */
    private record Scenario(String name, String description, java.util.function.Supplier<Options> options,
            Body body) {
        /** Lets a measured scenario's body be a method reference (a sealed {@link Body} cannot be one). */
        Scenario(String name, String description, java.util.function.Supplier<Options> options, Measured body) {
            this(name, description, options, (Body) body);
        }
    }

    /** How a scenario runs: measured against servers, or a tool that makes something. */
    private sealed interface Body permits Measured, Tool {
    }

    /** Measures servers: runs in a {@link BenchRun}, which starts them and writes the report. */
    @FunctionalInterface
    private non-sealed interface Measured extends Body {
        void run(BenchRun bench) throws IOException, InterruptedException;
    }

    /** Starts no server and writes no report (such as {@code corpus}); answers the exit status. */
    @FunctionalInterface
    private non-sealed interface Tool extends Body {
        int run(Options options, PrintStream out, PrintStream err) throws IOException, InterruptedException;
    }

    private static final List<Scenario> SCENARIOS = List.of(
            new Scenario("ycsb", "YCSB core workloads A-F: load, then run at each client count",
                    () -> YcsbScenario.options(Map.of("durability", "none,fsync", "clients", "8,64")),
                    YcsbScenario::run),
            new Scenario("sweep", "one workload at growing client counts, to see where throughput saturates",
                    () -> YcsbScenario.options(Map.of("workloads", "a", "records", "100000",
                            "clients", "1,2,4,8,16,32,64,128,256,512,1024", "duration", "5", "warmup", "1")),
                    YcsbScenario::run),
            new Scenario("redis-benchmark", "single commands (SET, GET, HSET, INCR) over a random key space",
                    SingleCommandScenario::options, SingleCommandScenario::run),
            new Scenario("durability", "the cost of none / write / fsync: YCSB load and workload A at each",
                    () -> YcsbScenario.options(Map.of("systems", "cairn,redis,tarantool",
                            "durability", "none,write,fsync", "workloads", "a", "records", "100000",
                            "clients", "1,16,64", "duration", "5", "warmup", "1")),
                    YcsbScenario::run),
            new Scenario("documents", "a document of N elements written as one record against N single keys",
                    DocumentsScenario::options, DocumentsScenario::run),
            new Scenario("ingest-query", "articles ingested with search indexes on, then searches, facets, deep pages,"
                    + " updates and deletes; Cairn beside PostgreSQL and embedded Lucene",
                    IngestQueryScenario::options, IngestQueryScenario::run),
            new Scenario("corpus", "writes Wikipedia-like articles in 13 languages as JSONL (no server)",
                    CorpusCommand::options, (Tool) CorpusCommand::run));

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
            usage(args.length == 0 ? err : out);
            return args.length == 0 ? 2 : 0;
        }
        if (args[0].equals("peers")) {
            return Peers.run(Arrays.copyOfRange(args, 1, args.length), out, err);
        }
        Scenario scenario = SCENARIOS.stream().filter(s -> s.name().equals(args[0])).findFirst().orElse(null);
        if (scenario == null) {
            err.println("cairn bench: unknown scenario '" + args[0] + "'");
            usage(err);
            return 2;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        Options options = scenario.options().get();
        if (Arrays.asList(rest).contains("--help") || Arrays.asList(rest).contains("-h")) {
            describe(scenario, options, out);
            return 0;
        }
        try {
            options.parse(rest);
            switch (scenario.body()) {
                case Tool tool -> {
                    return tool.run(options, out, err);
                }
                case Measured measured -> {
                    BenchRun bench = new BenchRun(scenario.name(), options, out, err);
                    measured.run(bench);
                    bench.finish("cairn bench " + scenario.name() + ": " + scenario.description());
                    return bench.results().stream().anyMatch(r -> r.errors() > 0) ? 1 : 0;
                }
            }
        } catch (IllegalArgumentException e) {
            err.println("cairn bench " + scenario.name() + ": " + e.getMessage());
            return 2;
        } catch (IOException | UncheckedIOException | MissingWordListException e) {
            err.println("cairn bench " + scenario.name() + ": " + e.getMessage());
            return 1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("cairn bench " + scenario.name() + ": interrupted");
            return 130;
        }
    }

    private static void usage(PrintStream out) {
        out.println("usage: cairn bench <scenario> [--option value ...]   (--help after a scenario lists its options)");
        out.println("       cairn bench peers install|status   (the peers' and the corpus word lists' Debian packages)");
        out.println();
        out.println("scenarios:");
        for (Scenario s : SCENARIOS) {
            out.printf(Locale.ROOT, "  %-16s %s%n", s.name(), s.description());
        }
        out.println();
        out.println("docs/bench.md describes each scenario, every option and how to read the report.");
    }

    private static void describe(Scenario s, Options options, PrintStream out) {
        out.println("cairn bench " + s.name() + ": " + s.description());
        out.println();
        for (Options.Option o : options.declared()) {
            out.printf(Locale.ROOT, "  --%-22s %-14s %s%n", o.name(),
                    o.defaultValue().isEmpty() ? "\"\"" : o.defaultValue(), o.help());
        }
    }

    /**
     * {@code cairn bench peers install|status}: Debian's peers, and the word lists of
     * {@code cairn bench corpus}, installed where missing.
     */
    static final class Peers {
        static final Map<String, String> PACKAGES = Map.of("redis-server", "redis-server",
                "redis-cli", "redis-tools", "tarantool", "tarantool", "memcached", "memcached");

        private Peers() {
        }

        static int run(String[] args, PrintStream out, PrintStream err) {
            String verb = args.length == 0 ? "status" : args[0];
            return switch (verb) {
                case "status" -> {
                    for (String program : List.of("redis-server", "redis-cli", "tarantool", "memcached")) {
                        out.printf(Locale.ROOT, "  %-14s %s%n", program, Installed.find(program)
                                .map(p -> p + "  " + Installed.version(program, program.equals("memcached") ? "-V" : "--version"))
                                .orElse("not installed (package " + PACKAGES.get(program) + ")"));
                    }
                    out.printf(Locale.ROOT, "  %-14s %s%n", "postgres", io.cairn.bench.search.SearchBench.postgresInstalled()
                            ? "/usr/lib/postgresql/15/bin/postgres  (package postgresql)"
                            : "not installed (package postgresql: PostgreSQL 15, the reference of ingest-query)");
                    out.println("word lists of cairn bench corpus:");
                    for (Language l : Language.values()) {
                        WordSource source = l.source();
                        out.printf(Locale.ROOT, "  %-14s %s%n", l.code() + " " + l.englishName(), wordListInstalled(l)
                                ? "/" + source.files().getFirst() + "  (package " + source.debianPackage() + ")"
                                : "not installed (package " + source.debianPackage() + ")");
                    }
                    yield 0;
                }
                case "install" -> install(out, err);
                default -> {
                    err.println("cairn bench peers: unknown verb '" + verb + "' (expected: install or status)");
                    yield 2;
                }
            };
        }

        private static int install(PrintStream out, PrintStream err) {
            List<String> missing = new ArrayList<>();
            for (String program : List.of("redis-server", "redis-cli", "tarantool", "memcached")) {
                if (Installed.find(program).isEmpty() && !missing.contains(PACKAGES.get(program))) {
                    missing.add(PACKAGES.get(program));
                }
            }
            if (!io.cairn.bench.search.SearchBench.postgresInstalled()) {
                missing.add("postgresql");
            }
            for (Language l : Language.values()) {
                if (!wordListInstalled(l) && !missing.contains(l.source().debianPackage())) {
                    missing.add(l.source().debianPackage());
                }
            }
            if (missing.isEmpty()) {
                out.println("all peers and word lists are installed");
                return 0;
            }
            boolean root = "root".equals(System.getProperty("user.name"));
            List<String> prefix = root ? List.of() : List.of("sudo");
            try {
                exec(concat(prefix, List.of("apt-get", "update")), out);
                exec(concat(prefix, concat(List.of("env", "DEBIAN_FRONTEND=noninteractive", "apt-get",
                        "install", "-y"), missing)), out);
                out.println("installed: " + String.join(" ", missing));
                return 0;
            } catch (IOException e) {
                err.println("cairn bench peers install: " + e.getMessage());
                return 1;
            }
        }

        /** True when every file of the language's word list is there (the corpus's own check is {@code WordLists.load}). */
        private static boolean wordListInstalled(Language language) {
            return language.source().files().stream().allMatch(f -> Files.isRegularFile(Path.of("/", f)));
        }

        private static List<String> concat(List<String> a, List<String> b) {
            List<String> c = new ArrayList<>(a);
            c.addAll(b);
            return c;
        }

        private static void exec(List<String> command, PrintStream out) throws IOException {
            out.println("$ " + String.join(" ", command));
            try {
                int status = new ProcessBuilder(command).inheritIO().start().waitFor();
                if (status != 0) {
                    throw new IOException(String.join(" ", command) + " exited with status " + status);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }
    }
}
