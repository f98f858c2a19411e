package io.cairn.it.server;

import io.cairn.testkit.DebianPackages;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real {@code memcached} (Debian's memcached 1.6) child process on 127.0.0.1 and a free port,
 * TCP only. Tests that use it are skipped, saying why, when it is missing (failed under
 * {@code CI=true}, where {@code .ci/run} installs it). {@link #close()} stops it and waits.
 */
final class MemcachedProcess implements AutoCloseable {
    static final Optional<Path> BINARY = Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "memcached")).filter(Files::isExecutable).findFirst()
            .or(() -> Optional.of(Path.of("/usr/bin/memcached")).filter(Files::isExecutable));

    private final Process process;
    final int port;

    private MemcachedProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    static void requireInstalled() {
        DebianPackages.assumeInstalled(BINARY.isPresent(), "memcached", "memcached (the server, /usr/bin/memcached)");
    }

    /** Starts memcached with {@code item_size_max} 1 MiB (its default, as Cairn's); retries on another port if needed. */
    static MemcachedProcess start(Path dir) throws IOException, InterruptedException {
        Path log = dir.resolve("memcached.log");
        for (int attempt = 1; ; attempt++) {
            int port = freePort();
            List<String> cmd = new ArrayList<>(List.of(BINARY.orElseThrow().toString(), "-p", Integer.toString(port),
                    "-l", "127.0.0.1", "-U", "0", "-m", "64", "-I", "1m"));
            if ("root".equals(System.getProperty("user.name"))) {
                cmd.addAll(List.of("-u", "root")); // memcached refuses to run as root without naming a user
            }
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (p.isAlive() && System.nanoTime() < deadline) {
                try {
                    new Socket("127.0.0.1", port).close();
                    return new MemcachedProcess(p, port);
                } catch (IOException notYet) {
                    p.waitFor(20, TimeUnit.MILLISECONDS);
                }
            }
            p.destroyForcibly().waitFor();
            if (attempt == 3) {
                throw new IOException("memcached did not start: " + Files.readString(log));
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
        }
    }
}
