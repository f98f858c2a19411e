package io.cairn.bench.cli;

import io.cairn.bench.corpus.Language;
import io.cairn.bench.corpus.WordSource;
import io.cairn.bench.peer.Installed;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cairn bench peers install|status}: Debian's peers, and the word lists of
 * {@code cairn bench corpus}, installed where missing. Starts no server.
 */
final class PeersCommand implements Callable<Integer> {
    static final Map<String, String> PACKAGES = Map.of("redis-server", "redis-server",
            "redis-cli", "redis-tools", "tarantool", "tarantool", "memcached", "memcached");

    private final PrintStream out;
    private final PrintStream err;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Parameters(arity = "0..1", defaultValue = "status", paramLabel = "install|status",
            description = "status: what is installed (the default); install: apt-get install what is missing")
    private String verb;

    PeersCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() {
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
            case "install" -> install();
            default -> throw new ParameterException(spec.commandLine(),
                    "unknown verb '" + verb + "' (expected: install or status)");
        };
    }

    private int install() {
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
