package io.cairn.cli;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code cairn cluster local}: a replicated group of local nodes in this process, in the
 * foreground, for trying replication out. Node {@code nI} serves clients on {@code port + I - 1}
 * and Raft on {@code port + 100 + I - 1}, with its data in {@code DIR/nI}; exactly what {@code
 * cairn server --node-id nI --raft-port ... --peers ...} would start on each machine. Ctrl-C
 * stops them all.
 */
@Command(name = "cluster", description = "Replicated groups: cairn cluster local runs one on this machine.")
final class ClusterCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "cairn cluster: a subcommand is needed (local)");
    }

    @Command(name = "local", sortOptions = false, showDefaultValues = true,
            description = "Runs a group of NODES local nodes in the foreground (Ctrl-C stops them all).")
    static final class Local implements Callable<Integer> {
        @Spec
        private CommandSpec spec;

        @Option(names = {"-h", "--help"}, usageHelp = true, description = "print this help and exit")
        private boolean help;

        @Option(names = "--nodes", defaultValue = "3", description = "how many nodes (1 to 9; 3 or 5 for a majority that survives failures)")
        private int nodes;

        @Option(names = "--port", defaultValue = "7001", description = "client port of the first node; node I uses port + I - 1, and port + 100 + I - 1 for Raft")
        private int port;

        @Option(names = "--dir", defaultValue = "./cluster", description = "directory holding one data directory per node (DIR/n1, DIR/n2, ...)")
        private Path dir;

        @Option(names = "--bind", defaultValue = "127.0.0.1", description = "address every node listens on")
        private String bind;

        @Option(names = "--wal", defaultValue = "fsync", description = "how each node's Raft log reaches disk before it counts toward the majority: fsync, write or none")
        private String wal;

        private final PrintStream out;
        private final PrintStream err;

        Local(PrintStream out, PrintStream err) {
            this.out = out;
            this.err = err;
        }

        @Override
        public Integer call() {
            if (nodes < 1 || nodes > 9) {
                throw new ParameterException(spec.commandLine(), "--nodes: " + nodes + " (expected: 1 to 9)");
            }
            if (port < 1 || port + 100 + nodes - 1 > 65535) {
                throw new ParameterException(spec.commandLine(), "--port: " + port + " (expected: 1 to " + (65535 - 100 - nodes + 1) + ")");
            }
            List<String> peers = new ArrayList<>();
            for (int i = 1; i <= nodes; i++) {
                peers.add("n" + i + "=" + bind + ":" + (port + 100 + i - 1) + ":" + (port + i - 1));
            }
            List<CairnServer> servers = new ArrayList<>();
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> closeAll(servers)));
            for (int i = 1; i <= nodes; i++) {
                ServerConfig config;
                try {
                    config = new ServerConfig.Builder().set("port", Integer.toString(port + i - 1)).set("bind", bind)
                            .set("dir", dir.resolve("n" + i).toString()).set("wal", wal).set("node-id", "n" + i)
                            .set("peers", String.join(",", peers)).build();
                } catch (IllegalArgumentException e) {
                    throw new ParameterException(spec.commandLine(), e.getMessage(), e);
                }
                try {
                    synchronized (servers) {
                        servers.add(CairnServer.start(config));
                    }
                } catch (RuntimeException e) {
                    err.println("cairn cluster local: node n" + i + " cannot start: " + e.getMessage());
                    err.flush();
                    closeAll(servers);
                    return 1;
                }
                out.printf(Locale.ROOT, "node n%d: clients on %s:%d, Raft on %s:%d, data in %s%n", i, bind, port + i - 1,
                        bind, port + 100 + i - 1, dir.resolve("n" + i).toAbsolutePath());
                out.flush();
            }
            out.printf(Locale.ROOT, "group of %d: %s; ROLE on any node names the leader; Ctrl-C stops them all%n",
                    nodes, String.join(",", peers));
            out.flush();
            for (CairnServer s : List.copyOf(servers)) {
                try {
                    s.awaitClose();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
            out.println("cluster stopped");
            return 0;
        }

        private static void closeAll(List<CairnServer> servers) {
            List<CairnServer> all;
            synchronized (servers) {
                all = List.copyOf(servers);
            }
            all.parallelStream().forEach(CairnServer::close);
        }
    }
}
