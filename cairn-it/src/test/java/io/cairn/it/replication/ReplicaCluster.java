package io.cairn.it.replication;

import io.cairn.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisException;

/**
 * N nodes of one replicated Cairn group, each {@code cairn server} in a child JVM (the test JVM's
 * own java binary and class path, as {@code ServerCrashTest} starts one) on free loopback ports,
 * each in its own directory under one temporary folder; and the faults a nemesis injects into
 * them: SIGKILL, SIGSTOP/SIGCONT, restart on the same directory, restart on an empty one.
 *
 * <p>Readiness and leadership are waited for by polling (PING, ROLE and a probe SET), never by
 * fixed sleeps. {@link #close} kills every child, paused or not, and deletes the folder; a
 * shutdown hook kills them too should the test JVM exit without closing.
 *
 * <p>Thread-safety: the fault methods ({@link #kill9}, {@link #pause}, {@link #resume},
 * {@link #restart}, {@link #wipeAndRestart}) are meant for one nemesis thread; {@link #leader},
 * {@link #masterPort} and the getters may be called from any thread.
 */
final class ReplicaCluster implements AutoCloseable {
    /** How long a child JVM may take to answer PING: a cold JVM on a loaded 2-core machine is slow. */
    private static final Duration START_TIMEOUT = Duration.ofMinutes(2);
    /** Socket timeout of the harness's own probes (ROLE, PING): a paused node must not hold them long. */
    private static final int PROBE_TIMEOUT_MILLIS = 300;
    /** The key {@link #leader} writes to check that a master takes writes; no workload uses it. */
    static final String PROBE_KEY = "cairn-it:probe";

    /** One node: its ports and directory are fixed for the cluster's life; its process changes on restart. */
    static final class Node {
        final String id;
        final int port;
        final int raftPort;
        final Path dir;
        final Path log;
        private volatile Process process;
        private volatile boolean paused;
        private volatile long pid = -1;

        Node(String id, int port, int raftPort, Path dir, Path log) {
            this.id = id;
            this.port = port;
            this.raftPort = raftPort;
            this.dir = dir;
            this.log = log;
        }

        boolean running() {
            Process p = process;
            return p != null && p.isAlive();
        }

        boolean paused() {
            return paused;
        }

        long pid() {
            return pid;
        }

        @Override
        public String toString() {
            return id + "(:" + port + ")";
        }
    }

    private final Path base;
    private final List<Node> nodes;
    private final String peers;
    private final Thread reaper = new Thread(this::killAll, "replica-cluster-reaper");
    private long probes;

    private ReplicaCluster(Path base, List<Node> nodes) {
        this.base = base;
        this.nodes = List.copyOf(nodes);
        StringBuilder sb = new StringBuilder();
        for (Node n : nodes) {
            sb.append(sb.isEmpty() ? "" : ",").append(n.id).append("=127.0.0.1:").append(n.raftPort).append(':').append(n.port);
        }
        this.peers = sb.toString();
    }

    /** Starts {@code size} nodes (n1, n2, ...) and waits until each answers PING and one of them leads. */
    static ReplicaCluster start(int size) throws Exception {
        if (size < 1) {
            throw new IllegalArgumentException("size: " + size + " (expected: > 0)");
        }
        Path base = Files.createTempDirectory("cairn-replicas");
        int[] ports = freePorts(2 * size);
        List<Node> nodes = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            String id = "n" + (i + 1);
            nodes.add(new Node(id, ports[2 * i], ports[2 * i + 1], base.resolve(id), base.resolve(id + ".log")));
        }
        ReplicaCluster c = new ReplicaCluster(base, nodes);
        Runtime.getRuntime().addShutdownHook(c.reaper);
        try {
            for (Node n : nodes) {
                c.launch(n); // all JVMs boot at once, then each is waited for
            }
            for (Node n : nodes) {
                c.awaitReady(n);
            }
            c.leader(START_TIMEOUT);
            return c;
        } catch (Throwable t) {
            c.printLogs();
            c.close();
            throw t;
        }
    }

    List<Node> nodes() {
        return nodes;
    }

    /** The client ports of every node, in order. */
    List<Integer> ports() {
        return nodes.stream().map(n -> n.port).toList();
    }

    // ------------------------------------------------------------------ processes

    private void launch(Node n) throws IOException {
        Files.createDirectories(n.dir);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // C1 only: on 2 cores, three or five JVMs compiling at full tier starve each other's Raft
        // heartbeats past the election timeout during warm-up.
        Process p = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "server",
                "--port", Integer.toString(n.port), "--bind", "127.0.0.1", "--dir", n.dir.toString(),
                "--io-threads", "1", "--node-id", n.id, "--raft-port", Integer.toString(n.raftPort), "--peers", peers)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(n.log.toFile())).start();
        n.process = p;
        n.pid = p.pid();
        n.paused = false;
    }

    /** Waits until {@code n} answers PING (it has opened its store and joined the group's Raft server). */
    void awaitReady(Node n) throws InterruptedException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            Process p = n.process;
            if (p == null || !p.isAlive()) {
                throw new AssertionError(n + " exited" + (p == null ? "" : " with " + p.exitValue()) + ":\n" + logTail(n, 40));
            }
            try (Jedis j = new Jedis("127.0.0.1", n.port, 2_000)) {
                if ("PONG".equals(j.ping())) {
                    return;
                }
            } catch (JedisException e) {
                Thread.sleep(50); // the child gives no readiness signal but its answers: poll them
            }
        }
        throw new AssertionError(n + " did not answer PING within " + START_TIMEOUT + ":\n" + logTail(n, 40));
    }

    /** SIGKILL: the node stops at once (paused or not), losing nothing it has fsynced. */
    void kill9(Node n) throws InterruptedException {
        Process p = n.process;
        if (p != null) {
            p.destroyForcibly();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError(n + " survived SIGKILL for 30 s");
            }
        }
        n.paused = false;
    }

    /** SIGSTOP: the node's JVM freezes with its sockets open; peers and clients see silence. */
    void pause(Node n) throws Exception {
        signal(n, "-STOP");
        n.paused = true;
    }

    /** SIGCONT: a paused node runs on, its clocks and timers jumping ahead. */
    void resume(Node n) throws Exception {
        signal(n, "-CONT");
        n.paused = false;
    }

    private static void signal(Node n, String signal) throws Exception {
        if (!n.running()) {
            throw new IllegalStateException(n + " is not running (expected: a live process to signal)");
        }
        Process kill = new ProcessBuilder("kill", signal, Long.toString(n.pid)).redirectErrorStream(true).start();
        String out = new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (kill.waitFor() != 0) {
            throw new IllegalStateException("kill " + signal + " " + n.pid + ": " + out.strip());
        }
    }

    /** Kills {@code n} if it runs, starts it again on the same directory and waits until it answers. */
    void restart(Node n) throws Exception {
        kill9(n);
        launch(n);
        awaitReady(n);
    }

    /** Kills {@code n}, deletes its directory and starts it empty: it must catch up from the others' log. */
    void wipeAndRestart(Node n) throws Exception {
        kill9(n);
        deleteTree(n.dir);
        launch(n);
        awaitReady(n);
    }

    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
        try {
            deleteTree(base);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void killAll() {
        for (Node n : nodes) {
            Process p = n.process;
            if (p != null) {
                p.destroyForcibly(); // SIGKILL ends a stopped process too
            }
        }
        for (Node n : nodes) {
            Process p = n.process;
            if (p != null) {
                try {
                    p.waitFor(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    // ------------------------------------------------------------------ roles

    /**
     * Waits until exactly one running, unpaused node answers ROLE {@code master} and takes a probe
     * SET, and returns it.
     *
     * @throws AssertionError when none does within {@code timeout}
     */
    Node leader(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String last = "no node answered ROLE";
        while (System.nanoTime() < deadline) {
            List<Node> masters = new ArrayList<>();
            for (Node n : nodes) {
                if (n.running() && !n.paused && "master".equals(role(n.port))) {
                    masters.add(n);
                }
            }
            if (masters.size() == 1) {
                Node m = masters.getFirst();
                try (Jedis j = new Jedis("127.0.0.1", m.port, 2_000)) {
                    j.set(PROBE_KEY, Long.toString(++probes));
                    return m;
                } catch (JedisException e) {
                    last = m + " says master but refused the probe write: " + e.getMessage();
                }
            } else {
                last = masters.isEmpty() ? "no node says master" : "several say master: " + masters;
            }
            Thread.sleep(20); // an election is under way: poll again
        }
        throw new AssertionError("no leader within " + timeout + ": " + last + "\n" + logTails(15));
    }

    /** The nodes other than {@code leader} that run. */
    List<Node> followers(Node leader) {
        return nodes.stream().filter(n -> n != leader && n.running()).toList();
    }

    /**
     * The client port of a node answering ROLE {@code master}, asking every node in turn (a
     * client's discovery: it knows nothing of pauses, and pays a short timeout on a frozen node);
     * -1 when none does.
     */
    int masterPort() {
        for (Node n : nodes) {
            if ("master".equals(role(n.port))) {
                return n.port;
            }
        }
        return -1;
    }

    /** The first word of ROLE on {@code port}, or null when it does not answer in time. */
    static String role(int port) {
        List<Object> r = roleReply(port);
        return r == null || r.isEmpty() ? null : text(r.getFirst());
    }

    private static List<Object> roleReply(int port) {
        try (Jedis j = new Jedis("127.0.0.1", port, PROBE_TIMEOUT_MILLIS)) {
            return j.role();
        } catch (JedisException e) {
            return null;
        }
    }

    /**
     * Waits until {@code n} has applied every entry the leader had committed when the wait began
     * (ROLE's offsets: a master's commit index, a slave's applied index).
     */
    void awaitCaughtUp(Node n, Duration timeout) throws InterruptedException {
        Node leader = leader(timeout);
        if (leader == n) {
            return;
        }
        List<Object> lr = roleReply(leader.port);
        long target = lr == null ? Long.MAX_VALUE : ((Number) lr.get(1)).longValue();
        long deadline = System.nanoTime() + timeout.toNanos();
        long applied = -1;
        while (System.nanoTime() < deadline) {
            List<Object> r = roleReply(n.port);
            if (r != null && r.size() >= 5 && "slave".equals(text(r.getFirst()))) {
                applied = ((Number) r.get(4)).longValue();
                if (applied >= target) {
                    return;
                }
            }
            Thread.sleep(20); // it is replaying or receiving the log: poll again
        }
        throw new AssertionError(n + " applied index " + applied + " did not reach the leader's commit index "
                + target + " within " + timeout + "; now " + roles() + ":\n" + logTail(n, 30) + "\n" + threadDump(n)
                + (leader.running() ? "\n" + threadDump(leader) : ""));
    }

    static String text(Object o) {
        return o instanceof byte[] b ? new String(b, StandardCharsets.UTF_8) : String.valueOf(o);
    }

    // ------------------------------------------------------------------ diagnostics

    /** The last {@code lines} lines of {@code n}'s output, over all its runs. */
    String logTail(Node n, int lines) {
        try {
            List<String> all = Files.readAllLines(n.log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(no log: " + e + ")";
        }
    }

    String logTails(int lines) {
        StringBuilder sb = new StringBuilder();
        for (Node n : nodes) {
            sb.append("---- ").append(n).append(n.running() ? n.paused ? " paused" : " running" : " down")
                    .append(", last ").append(lines).append(" lines of ").append(n.log).append('\n')
                    .append(logTail(n, lines)).append('\n');
        }
        return sb.toString();
    }

    /** ROLE of every node, for a failure's message. */
    String roles() {
        StringBuilder sb = new StringBuilder();
        for (Node n : nodes) {
            List<Object> r = n.paused ? null : roleReply(n.port);
            sb.append(n.id).append('=').append(r == null ? "-" : r.stream().map(ReplicaCluster::text).toList()).append(' ');
        }
        return sb.toString().strip();
    }

    /** The threads of {@code n}'s JVM (jcmd Thread.print), for a node that hangs. */
    static String threadDump(Node n) {
        try {
            Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(n.pid), "Thread.print").redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            p.waitFor(30, TimeUnit.SECONDS);
            return "---- threads of " + n + "\n" + out;
        } catch (IOException | InterruptedException e) {
            return "(no thread dump of " + n + ": " + e + ")";
        }
    }

    void printLogs() {
        System.err.println(logTails(60));
    }

    // ------------------------------------------------------------------ ports and files

    /** {@code count} distinct free loopback ports (all held open at once while picked, so none repeats). */
    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
