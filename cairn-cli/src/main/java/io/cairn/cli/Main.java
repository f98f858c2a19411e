package io.cairn.cli;

import io.cairn.cli.load.LoadMain;
import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import io.cairn.server.ServerContext;
import io.cairn.storage.engine.RecoveryStats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/** Entry point of the runnable jar. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0 || args[0].equals("help") || args[0].equals("--help") || args[0].equals("-h")) {
            usage(out);
            return args.length == 0 ? 2 : 0;
        }
        return switch (args[0]) {
            case "server" -> server(Arrays.copyOfRange(args, 1, args.length), out, err);
            case "load" -> LoadMain.run(Arrays.copyOfRange(args, 1, args.length), System.in, out, err,
                    System.console() != null && System.console().isTerminal());
            case "version", "--version" -> {
                out.println("cairn " + ServerContext.VERSION);
                yield 0;
            }
            default -> {
                err.println("cairn: unknown command '" + args[0] + "'");
                usage(err);
                yield 2;
            }
        };
    }

    private static void usage(PrintStream out) {
        out.println("usage: cairn server [--port 6379] [--bind 127.0.0.1] [--dir ./data] [--wal none|write|fsync]");
        out.println("                    [--http-port 0]");
        out.println("                    [--config FILE] [--<setting> <value> ...]");
        out.println("       cairn load (--index idx | --prefix p) [--format jsonl|json-dir|xml-dir|csv] [...] PATH");
        out.println("                  (cairn load --help for all options)");
        out.println("       cairn version");
        out.println();
        out.println("settings (also valid in the config file as '<setting> <value>'):");
        for (ServerConfig.Key k : ServerConfig.Key.values()) {
            out.printf(Locale.ROOT, "  %-28s %-10s %s%n", k.name, k.defaultValue.isEmpty() ? "\"\"" : k.defaultValue, k.doc);
        }
    }

    /** Parses {@code --config FILE} first, then {@code --key value} pairs over it. */
    static ServerConfig parse(String[] args) throws IOException {
        ServerConfig.Builder b = new ServerConfig.Builder();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--config")) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException("--config needs a file");
                }
                b.file(Path.of(args[i + 1]));
            }
        }
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.length() == 2) {
                throw new IllegalArgumentException("unexpected argument: " + a + " (expected: --<setting> <value>)");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(a + " needs a value");
            }
            String value = args[++i];
            if (!a.equals("--config")) {
                b.set(a.substring(2), value);
            }
        }
        return b.build();
    }

    private static int server(String[] args, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            usage(out);
            return 0;
        }
        ServerConfig config;
        try {
            config = parse(args);
        } catch (IllegalArgumentException | IOException e) {
            err.println("cairn: " + e.getMessage());
            return 2;
        }
        long t0 = System.nanoTime();
        CairnServer server;
        try {
            server = CairnServer.start(config);
        } catch (RuntimeException e) {
            err.println("cairn: cannot start: " + e.getMessage());
            return 1;
        }
        long startMs = (System.nanoTime() - t0) / 1_000_000;
        RecoveryStats r = server.store().recoveryStats();
        out.printf(Locale.ROOT, "Cairn %s (Redis protocol %s compatible), Java %s, %s transport%n",
                ServerContext.VERSION, ServerContext.REDIS_COMPAT_VERSION, Runtime.version(),
                server.nativeTransport() ? "epoll" : "nio");
        out.printf(Locale.ROOT, "listening on %s:%d, data directory %s, wal=%s%n",
                config.bind(), server.port(), config.dir().toAbsolutePath(), config.wal().name().toLowerCase(Locale.ROOT));
        if (server.httpPort() != 0) {
            out.printf(Locale.ROOT, "HTTP API on http://%s:%d/%n", config.bind(), server.httpPort());
        }
        out.printf(Locale.ROOT, "recovered %d keys in %d ms (snapshot %s: %d keys; log: %d records, %d mutations%s); ready in %d ms%n",
                r.keys(), r.totalMillis(), r.snapshot() == null ? "none" : r.snapshot(), r.snapshotEntries(),
                r.walRecords(), r.walMutations(), r.truncated() == null ? "" : "; torn tail cut: " + r.truncated(), startMs);
        out.flush();
        Thread hook = Thread.ofPlatform().unstarted(() -> {
            server.close();
        });
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            server.awaitClose();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        out.println("Cairn stopped; log flushed.");
        return 0;
    }
}
