package io.cairn.bench.peer;

import io.cairn.bench.driver.Command;
import io.cairn.bench.driver.Connection;
import io.cairn.bench.driver.Protocol;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A peer the bench started as a child process: a free port on 127.0.0.1, a temporary directory of
 * its own (its data and its log, {@code peer.log}), ready once a connection answers, and on
 * {@link #close} stopped (SIGTERM, then SIGKILL after a grace period) and its directory removed.
 *
 * <p>Thread-safe; {@link #close} is idempotent.
 */
public final class ProcessPeer implements Peer {
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final String LOG = "peer.log";

    private final String system;
    private final Durability durability;
    private final InetSocketAddress address;
    private final Protocol protocol;
    private final Process process;
    private final Path dir;
    private final Map<String, String> settings;
    private final String version;
    private boolean closed;

    /**
     * Peers not closed yet: a shutdown hook stops them when the bench's JVM exits early (Ctrl-C,
     * SIGTERM), so no server outlives the bench.
     */
    private static final java.util.Set<ProcessPeer> LIVE = java.util.concurrent.ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> LIVE.forEach(ProcessPeer::close), "peer-reaper"));
    }

    private ProcessPeer(String system, Durability durability, InetSocketAddress address,
            Protocol protocol, Process process, Path dir, Map<String, String> settings,
            String version) {
        this.system = system;
        this.durability = durability;
        this.address = address;
        this.protocol = protocol;
        this.process = process;
        this.dir = dir;
        this.settings = settings;
        this.version = version;
    }

    /** How to start one system: its command line, given the port and its directory. */
    public interface Launch {
        List<String> command(int port, Path dir) throws IOException;
    }

    /**
     * Starts {@code launch}'s command on a free port in a new directory under the system's temporary
     * directory, and waits until {@code probe} succeeds on a new connection.
     *
     * @param probe a command whose reply shows the server is ready; an error reply is not ready
     * @throws IOException when the process exits or does not answer within a minute; the message
     *     includes the end of its log
     */
    public static ProcessPeer start(String system, Durability durability, Protocol protocol,
            Launch launch, Command probe, Map<String, String> settings,
            String version) throws IOException {
        Path dir = Files.createTempDirectory("cairn-bench-" + system + "-");
        int port;
        List<String> command;
        Path log = dir.resolve(LOG);
        Process process;
        try {
            port = freePort();
            command = launch.command(port, dir);
            process = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException | RuntimeException e) {
            deleteTree(dir); // no process yet, so close() cannot remove it
            throw e;
        }
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        Map<String, String> all = new LinkedHashMap<>(settings);
        all.put("command", String.join(" ", command));
        ProcessPeer peer = new ProcessPeer(system, durability, address, protocol, process, dir,
                Collections.unmodifiableMap(all), version);
        LIVE.add(peer);
        try {
            peer.awaitReady(probe, log);
            return peer;
        } catch (IOException | RuntimeException e) {
            peer.close();
            throw e;
        }
    }

    private void awaitReady(Command probe, Path log) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        IOException last = null;
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException(system + " exited with status " + process.exitValue()
                        + " before it was ready; its log ends:\n" + tail(log));
            }
            try (Connection c = protocol.connect(address, 1000)) {
                c.send(probe);
                c.flush();
                if (!c.receive().isError()) {
                    return;
                }
            } catch (IOException e) {
                last = e;
            }
            try {
                Thread.sleep(50); // polling a child process that gives no readiness signal
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while waiting for " + system, e);
            }
        }
        throw new IOException(system + " did not answer on " + address + " within "
                + START_TIMEOUT.toSeconds() + " s (last: " + last + "); its log ends:\n" + tail(log));
    }

    /** The last lines of a log file, for error messages. */
    static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    /** A port free on 127.0.0.1 at the time of the call. */
    public static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Override
    public String system() {
        return system;
    }

    @Override
    public Durability durability() {
        return durability;
    }

    @Override
    public InetSocketAddress address() {
        return address;
    }

    @Override
    public Protocol protocol() {
        return protocol;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public Map<String, String> settings() {
        return settings;
    }

    @Override
    public long pid() {
        return process.pid();
    }

    /** The peer's own directory (its data and {@code peer.log}); gone after {@link #close}. */
    public Path dir() {
        return dir;
    }

    /**
     * Bytes of every regular file under the peer's directory except its log ({@code peer.log}):
     * its data, its write-ahead log and (for Tarantool) its few-hundred-byte init script.
     */
    public long dataBytes() throws IOException {
        Path log = dir.resolve(LOG);
        return ProcessMemory.du(dir) - (Files.exists(log) ? Files.size(log) : 0);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        LIVE.remove(this);
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteTree(dir);
    }

    static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // best effort: the directory is under the system's temporary directory
        }
    }

    @Override
    public String toString() {
        return system + "(" + durability.label() + ")@" + address.getPort();
    }
}
