package io.cairn.cli;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import io.cairn.server.ServerContext;
import io.cairn.storage.engine.RecoveryStats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cairn server}: its options are {@link ServerConfig.Key}'s table, one {@code --name value}
 * per setting (added by {@link #commandLine}), plus {@code --config FILE}. The settings are the
 * defaults, overlaid by the file, overlaid by the options given; a bad value is refused before
 * anything starts. Then the server runs until it is shut down ({@code SHUTDOWN} or a signal).
 *
 * <p>One instance parses and runs one command line.
 */
@Command(name = "server", sortOptions = false, showDefaultValues = true, synopsisHeading = "usage: ",
        customSynopsis = "cairn server [--config FILE] [--<setting> <value> ...]",
        description = {"serves the Redis protocol (and, with --http-port, the HTTP API) on one data directory", "",
            "Every setting also works in the config file as '<setting> <value>' (one a line, # comments,"
                + " as redis.conf); an option given here overrides the file.", ""})
final class ServerCommand implements Callable<Integer> {
    private final PrintStream out;
    private final PrintStream err;

    @Spec
    private CommandSpec spec;

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
    private boolean help;

    @Option(names = "--config", paramLabel = "FILE", description = "a redis.conf-style file of settings, read first")
    private Path config;

    private ServerCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    /** The command with one option per setting, in the table's order. */
    static CommandLine commandLine(PrintStream out, PrintStream err) {
        CommandLine cl = new CommandLine(new ServerCommand(out, err));
        CommandSpec spec = cl.getCommandSpec();
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            String[] names = k.alias == null ? new String[] {"--" + k.name} : new String[] {"--" + k.name, "--" + k.alias};
            spec.addOption(OptionSpec.builder(names)
                    .paramLabel(k.type.label())
                    .description(k.doc)
                    .defaultValue(k.defaultValue)
                    .showDefaultValue(k.defaultValue.isEmpty() ? CommandLine.Help.Visibility.NEVER
                            : CommandLine.Help.Visibility.ALWAYS)
                    .type(String.class)
                    .build());
        }
        spec.optionsCaseInsensitive(true); // as the file's names, and redis.conf's
        return cl;
    }

    /**
     * The settings of a parsed command line: the defaults, then {@code --config}'s file, then the
     * options given (the last of a repeated one).
     *
     * @throws ParameterException for a bad value or an unreadable file
     */
    ServerConfig config() {
        ServerConfig.Builder b = new ServerConfig.Builder();
        try {
            if (config != null) {
                b.file(config);
            }
            for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
                String name = o.longestName().substring(2);
                if (ServerConfig.Key.of(name) != null) {
                    b.set(name, o.getValue());
                }
            }
            return b.build();
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage(), e);
        } catch (NoSuchFileException e) {
            throw new ParameterException(spec.commandLine(), "--config: " + config + " (expected: a file; there is none)", e);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--config: " + config + " cannot be read: " + e, e);
        }
    }

    /** The settings {@code cairn server args} would run with; for tests. */
    static ServerConfig parse(String... args) {
        CommandLine cl = commandLine(System.out, System.err);
        cl.setOverwrittenOptionsAllowed(true);
        cl.parseArgs(args);
        return ((ServerCommand) cl.getCommand()).config();
    }

    @Override
    public Integer call() {
        ServerConfig config = config();
        long t0 = System.nanoTime();
        CairnServer server;
        try {
            server = CairnServer.start(config);
        } catch (RuntimeException e) {
            err.println("cairn server: cannot start: " + e.getMessage());
            return 1;
        }
        long startMs = (System.nanoTime() - t0) / 1_000_000;
        RecoveryStats r = server.store().recoveryStats();
        out.printf(Locale.ROOT, "Cairn %s (Redis protocol %s compatible), Java %s, %s transport%n",
                ServerContext.VERSION, ServerContext.REDIS_COMPAT_VERSION, Runtime.version(),
                server.nativeTransport() ? "epoll" : "nio");
        out.printf(Locale.ROOT, "listening on %s:%s, data directory %s, wal=%s%n",
                config.bind(), server.port() == 0 ? "- (port 0: TLS only)" : Integer.toString(server.port()),
                config.dir().toAbsolutePath(), config.wal().name().toLowerCase(Locale.ROOT));
        if (server.tlsPort() != 0) {
            out.printf(Locale.ROOT, "TLS on %s:%d (%s)%n", config.bind(), server.tlsPort(), server.tlsProvider());
        }
        if (server.httpPort() != 0) {
            out.printf(Locale.ROOT, "HTTP API on %s://%s:%d/%n", config.tls().http() ? "https" : "http", config.bind(), server.httpPort());
        }
        if (server.memcachedPort() != 0) {
            out.printf(Locale.ROOT, "memcached protocol on %s:%d (database %d)%n", config.bind(), server.memcachedPort(),
                    config.memcachedDatabase());
        }
        if (config.replicated()) {
            out.printf(Locale.ROOT, "node %s of the group %s: its store is rebuilt from the group's Raft log in %s; ready in %d ms%n",
                    config.nodeId(), config.peers(), config.dir().resolve("raft").toAbsolutePath(), startMs);
        } else {
            out.printf(Locale.ROOT, "recovered %d keys in %d ms (snapshot %s: %d keys; log: %d records, %d mutations%s); ready in %d ms%n",
                    r.keys(), r.totalMillis(), r.snapshot() == null ? "none" : r.snapshot(), r.snapshotEntries(),
                    r.walRecords(), r.walMutations(), r.truncated() == null ? "" : "; torn tail cut: " + r.truncated(), startMs);
        }
        out.flush();
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(server::close));
        try {
            server.awaitClose();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.println("Cairn stopped; log flushed.");
        return 0;
    }
}
