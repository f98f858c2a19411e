package io.cairn.it.server;

import io.cairn.testkit.DebianPackages;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real {@code redis-server} child process on 127.0.0.1 and a free port, with persistence off and
 * its files in a directory the test owns. The binary is the first {@code redis-server} on {@code
 * PATH}. Tests that use it are skipped, saying why, when there is none, but fail in CI
 * ({@code CI=true}), where {@code .ci/run} installs it ({@link DebianPackages}). {@link #close()}
 * stops the process and waits for it.
 */
final class RedisServerProcess implements AutoCloseable {
    /** Why a test cannot use redis-server here, as the skip message says it. */
    static final String MISSING = "no redis-server on PATH (apt-get install redis-server)";

    /** The first executable {@code redis-server} on {@code PATH}, if any. */
    static final Optional<Path> BINARY = Stream.of(System.getenv().getOrDefault("PATH", "")
            .split(File.pathSeparator)).filter(d -> !d.isEmpty()).map(d -> Path.of(d, "redis-server"))
            .filter(Files::isExecutable).findFirst();

    private final Process process;
    private final int port;

    private RedisServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static boolean installed() {
        return BINARY.isPresent();
    }

    /** Skips the calling test when redis-server is missing (fails it when {@code CI=true}). */
    static void requireInstalled() {
        DebianPackages.assumeInstalled(installed(), "redis-server", "redis-server on PATH");
    }

    /** Starts redis-server in {@code dir}; retries on another port if the free one was taken meanwhile. */
    static RedisServerProcess start(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("redis-server.log");
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            Process p = new ProcessBuilder(BINARY.orElseThrow().toString(), "--port", Integer.toString(port),
                    "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir.toString(),
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
