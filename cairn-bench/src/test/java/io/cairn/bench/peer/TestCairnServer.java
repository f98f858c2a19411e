package io.cairn.bench.peer;

import io.cairn.server.CairnServer;
import io.cairn.server.ServerConfig;
import io.cairn.server.ServerContext;

/**
 * A stand-in for the {@code cairn} command in the bench's tests (the pom names it in
 * {@code cairn.main}, see {@link CairnPeer}): {@code version}, and {@code server --name value ...}
 * with the server's own settings table, until the process is stopped. The real command line is
 * cairn-cli's, which is built after this module because it contains the bench.
 */
public final class TestCairnServer {
    private TestCairnServer() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length == 1 && args[0].equals("version")) {
            System.out.println("cairn " + ServerContext.VERSION);
            return;
        }
        if (args.length == 0 || !args[0].equals("server") || args.length % 2 == 0) {
            throw new IllegalArgumentException("expected: version | server --<setting> <value> ...");
        }
        ServerConfig.Builder b = new ServerConfig.Builder();
        for (int i = 1; i < args.length; i += 2) {
            b.set(args[i].substring(2), args[i + 1]);
        }
        CairnServer server = CairnServer.start(b.build());
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(server::close));
        server.awaitClose();
    }
}
