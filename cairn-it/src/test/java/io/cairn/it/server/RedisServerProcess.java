package io.cairn.it.server;

import io.cairn.testkit.DebianPackages;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real {@code redis-server} child process on 127.0.0.1 and a free port, with persistence off and
 * its files in a directory the test owns. Tests that use it are skipped, saying why, when
 * redis-server is missing, but fail in CI ({@code CI=true}), where {@code .ci/run} installs it
 * ({@link DebianPackages}). {@link #close()} stops the process and waits for it.
 */
final class RedisServerProcess implements AutoCloseable {
    static final String BINARY = "/usr/bin/redis-server";

    private final Process process;
    private final int port;

    private RedisServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static void requireInstalled() {
        DebianPackages.assumeInstalled(new java.io.File(BINARY).canExecute(), "redis-server", BINARY);
    }

    /** Starts redis-server in {@code dir}; retries on another port if the free one was taken meanwhile. */
    static RedisServerProcess start(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("redis-server.log");
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Process p = new ProcessBuilder(BINARY, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--dir", dir.toString(),
                    "--enable-debug-command", "yes")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (p.isAlive() && System.nanoTime() < deadline) {
                try {
                    new Socket("127.0.0.1", port).close();
                    return new RedisServerProcess(p, port);
                } catch (IOException notYet) {
                    Thread.sleep(20); // redis-server gives no readiness signal but its port: poll it
                }
            }
            stop(p);
            if (attempt == 3) {
                throw new IOException("redis-server did not start on port " + port + "; its log:\n"
                        + Files.readString(log));
            }
        }
    }

    int port() {
        return port;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static void stop(Process p) throws InterruptedException {
        p.destroy();
        if (!p.waitFor(10, TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Override
    public void close() {
        try {
            stop(process);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
