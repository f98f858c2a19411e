package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.cairn.it.server.DifferentialScript.Check;
import io.cairn.it.server.DifferentialScript.Step;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Objects;
import java.util.function.BiPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test: each script in {@code src/test/resources/differential/} records beside every
 * command the reply a real {@code redis-server} gave (format and checks: {@link DifferentialScript};
 * replies in {@link Reply}'s canonical text). It runs in two halves, each script from {@code
 * FLUSHALL} on two fresh connections:
 *
 * <ul>
 *   <li>{@link #cairnGivesTheRecordedReplies}, always: an in-process Cairn must give every recorded
 *       reply, or the {@code # cairn:} one where it deliberately differs;
 *   <li>{@link #redisStillGivesTheRecordedReplies}, when a {@code redis-server} is on {@code PATH}:
 *       a live Redis must still give them, which catches a recording error or a Redis version
 *       change. Without one this half is skipped and says why on stdout; with {@code CI=true} it
 *       fails instead.
 * </ul>
 *
 * A script reports every mismatch it finds (file:line, command, both replies), not only the first.
 * {@code -Ddifferential.trace=true} prints every reply; {@code -Ddifferential.only=NAME.txt} runs
 * one script. {@code -Ddifferential.record=true} makes the live half a recorder: it runs the scripts
 * of the source tree against Redis and rewrites each line's {@code # redis:} with Redis's reply
 * (keeping a recording that still matches, so sorted, random and approximate replies do not churn);
 * the Cairn half then checks against the new recordings. See {@code docs/dev/differential.md}.
 *
 * <p>The recordings come from Redis 7.0 (Debian 12's); Cairn targets 7.2, so scripts leave out or
 * skip what changed since (and say so in a comment).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisDifferentialTest {
    private static final String SCRIPTS = "differential";
    /** {@code -Ddifferential.trace=true} prints every command with its reply. */
    private static final boolean TRACE = Boolean.getBoolean("differential.trace");
    /** {@code -Ddifferential.only=zsets.txt} runs one script. */
    private static final String ONLY = System.getProperty("differential.only", "");
    /** {@code -Ddifferential.record=true} rewrites the recordings from a live Redis. */
    private static final boolean RECORD = Boolean.getBoolean("differential.record");
    /**
     * The scripts also run pipelined (each connection's consecutive commands sent at once, so
     * Cairn runs them as one batch): those without a blocking command, a client listing or a
     * subscription, whose replies do not depend on waiting for another connection.
     */
    private static final Set<String> PIPELINED = Set.of("acl.txt", "bitmaps.txt", "databases.txt", "dump-restore.txt",
            "errors.txt", "expire.txt", "functions.txt", "geo.txt", "hashes.txt", "hll.txt", "keys.txt",
            "lua-libs.txt", "maxmemory.txt", "resp3.txt", "sets.txt", "sort.txt", "strings.txt", "tls.txt", "transactions.txt",
            "zsets.txt", "zsets2.txt");
    /** The scripts in the source tree, which the recorder rewrites (Maven runs tests in the module's directory). */
    private static final Path SOURCE = Path.of("src", "test", "resources", SCRIPTS);

    /**
     * The scripts whose replies a server with every database on disk does not give, and why: it
     * refuses SWAPDB of a disk database, and maxmemory's eviction bounds the memory databases only.
     */
    private static final Set<String> NOT_ON_DISK = Set.of("databases.txt", "maxmemory.txt");

    @TempDir
    static Path dir;
    static TestServer cairn;
    /** The same server with every database on disk, its stage saved every few kilobytes. */
    static TestServer cairnOnDisk;
    static RedisServerProcess redis;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        cairnOnDisk = TestServer.start(Files.createDirectories(dir.resolve("cairn-disk")), "none",
                "storage", "disk", "disk-stage-size", "4096");
        if (RedisServerProcess.installed()) {
            redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
        } else if (RECORD) {
            throw new AssertionError("-Ddifferential.record=true needs Redis: " + RedisServerProcess.MISSING);
        } else {
            System.out.println("[cairn] RedisDifferentialTest: the live half is skipped, "
                    + RedisServerProcess.MISSING + "; Cairn is still checked against the recorded replies");
        }
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
        if (cairn != null) {
            cairn.close();
        }
        if (cairnOnDisk != null) {
            cairnOnDisk.close();
        }
    }

    static Stream<String> scripts() throws IOException, URISyntaxException {
        URL url = Objects.requireNonNull(RedisDifferentialTest.class.getClassLoader().getResource(SCRIPTS));
        try (Stream<Path> files = Files.list(Path.of(url.toURI()))) {
            List<String> names = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt"))
                    .filter(n -> ONLY.isEmpty() || n.equals(ONLY))
                    .sorted().toList();
            assertThat(names).as("scripts in " + url).isNotEmpty();
            return names.stream();
        }
    }

    @Order(1)
    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void redisStillGivesTheRecordedReplies(String script) throws IOException {
        RedisServerProcess.requireInstalled();
        String text = text(script);
        List<Step> steps = DifferentialScript.parse(script, text);
        List<Reply> replies = run(redis.port(), steps, "redis-server");
        if (RECORD) {
            record(script, text, steps, replies);
        } else {
            check(script, steps, replies, "redis", Step::redisMatches);
        }
    }

    @Order(2)
    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void cairnGivesTheRecordedReplies(String script) throws IOException {
        List<Step> steps = DifferentialScript.parse(script, text(script));
        check(script, steps, run(cairn.port(), steps, "Cairn"), "Cairn", Step::cairnMatches);
    }

    static Stream<String> pipelinedScripts() throws IOException, URISyntaxException {
        return scripts().filter(PIPELINED::contains);
    }

    /**
     * The same recordings, the commands sent pipelined: what one connection sends before the other
     * speaks goes in one write, and its replies are read after, so Cairn runs them in batches (one
     * store transaction for a run of data commands) and must still answer each as alone.
     */
    @Order(3)
    @ParameterizedTest(name = "{0}")
    @MethodSource("pipelinedScripts")
    void cairnGivesTheRecordedRepliesPipelined(String script) throws IOException {
        if (RECORD) {
            return; // the recorder rewrote the scripts from Redis; the one-at-a-time half checked them
        }
        List<Step> steps = DifferentialScript.parse(script, text(script));
        check(script, steps, runPipelined(cairn.port(), steps), "Cairn", Step::cairnMatches);
    }

    static Stream<String> diskScripts() throws IOException, URISyntaxException {
        return scripts().filter(s -> !NOT_ON_DISK.contains(s));
    }

    /** The same recordings against a server whose every database is a disk database. */
    @Order(4)
    @ParameterizedTest(name = "{0}")
    @MethodSource("diskScripts")
    void cairnOnDiskGivesTheRecordedReplies(String script) throws IOException {
        if (RECORD) {
            return;
        }
        List<Step> steps = DifferentialScript.parse(script, text(script));
        check(script, steps, run(cairnOnDisk.port(), steps, "Cairn on disk"), "Cairn on disk", Step::cairnMatches);
    }

    /** As {@link #run}, each run of one connection's steps sent at once and then read. */
    private static List<Reply> runPipelined(int port, List<Step> steps) throws IOException {
        List<Reply> replies = new ArrayList<>(steps.size());
        try (RespTextClient first = RespTextClient.connect(port);
                RespTextClient second = RespTextClient.connect(port)) {
            assertThat(first.call("FLUSHALL")).hasToString("+OK");
            awaitOnlyTheseTwoClients(first, second, "Cairn");
            int i = 0;
            while (i < steps.size()) {
                boolean onSecond = steps.get(i).secondConnection();
                RespTextClient c = onSecond ? second : first;
                int end = i;
                while (end < steps.size() && steps.get(end).secondConnection() == onSecond) {
                    c.sendOnly(steps.get(end).args());
                    end++;
                }
                c.flush();
                for (; i < end; i++) {
                    replies.add(c.read());
                }
            }
        }
        return replies;
    }

    /** The script from the class path; when recording, from the source tree the recorder rewrites. */
    private String text(String script) throws IOException {
        if (RECORD) {
            Path file = SOURCE.resolve(script);
            assertThat(file).as("the recorder runs in cairn-it's directory, as Maven does").isRegularFile();
            return Files.readString(file);
        }
        try (var in = getClass().getClassLoader().getResourceAsStream(SCRIPTS + "/" + script)) {
            return new String(Objects.requireNonNull(in, script).readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Waits until the server lists exactly the script's two connections: the second one registered
     * (a connect returns before the server has seen it) and the previous script's gone (a close is
     * seen after it returns), so that CLIENT LIST and INFO clients are the same on every run.
     */
    private static void awaitOnlyTheseTwoClients(RespTextClient first, RespTextClient second, String server)
            throws IOException {
        assertThat(second.call("PING")).hasToString("+PONG");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            String list = first.call("CLIENT", "LIST").toString();
            if (list.split("id=", -1).length - 1 == 2) {
                return;
            }
            assertThat(System.nanoTime()).as("%s never listed just the script's two clients: %s", server, list)
                    .isLessThan(deadline);
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // pacing the poll, not a wait for an outcome
        }
    }

    /** Runs every step on {@code port}, from FLUSHALL, and returns the replies in order. */
    private static List<Reply> run(int port, List<Step> steps, String server) throws IOException {
        List<Reply> replies = new ArrayList<>(steps.size());
        try (RespTextClient first = RespTextClient.connect(port);
                RespTextClient second = RespTextClient.connect(port)) {
            assertThat(first.call("FLUSHALL")).hasToString("+OK");
            awaitOnlyTheseTwoClients(first, second, server);
            for (Step step : steps) {
                Reply reply;
                try {
                    reply = (step.secondConnection() ? second : first).call(step.args());
                } catch (IOException e) {
                    throw new IOException(step.where() + "  " + step.source() + ": no reply from " + server, e);
                }
                if (TRACE) {
                    System.out.printf("%s  %s%n    %s: %s%n", step.where(), step.source(), server, reply);
                }
                replies.add(reply);
            }
        }
        return replies;
    }

    /** Fails with every step whose reply does not match, and every step that lacks a recording. */
    private static void check(String script, List<Step> steps, List<Reply> replies, String server,
            BiPredicate<Step, Reply> matches) {
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            Reply reply = replies.get(i);
            if (step.check() == Check.SKIP) {
                continue;
            }
            compared++;
            if (step.recorded() == null) {
                mismatches.add(step.where() + "  " + step.source() + "\n    nothing recorded ("
                        + DifferentialScript.RECORDING + " <reply>); record it with -Ddifferential.record=true");
            } else if (!matches.test(step, reply)) {
                String want = step.check() == Check.CAIRN && server.equals("Cairn")
                        ? "expected (# cairn:): " + step.expected()
                        : "recorded: " + step.recorded();
                mismatches.add("%s  %s%n    %s: %s%n    %s".formatted(step.where(), step.source(), server,
                        step.text(reply), want));
            }
        }
        if (!mismatches.isEmpty()) {
            fail("%s: %d of %d compared replies from %s differ:%n%s".formatted(script, mismatches.size(),
                    compared, server, String.join("\n", mismatches)));
        }
    }

    /** Writes Redis's replies into the script's recordings in the source tree. */
    private static void record(String script, String text, List<Step> steps, List<Reply> replies)
            throws IOException {
        String[] lines = text.split("\n", -1);
        int added = 0;
        int changed = 0;
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            Reply reply = replies.get(i);
            if (step.check() == Check.SKIP) {
                continue;
            }
            if (step.recorded() != null && DifferentialScript.pattern(step.recorded()) != null
                    && !step.redisMatches(reply)) {
                problems.add(step.where() + "  " + step.source() + ": Redis's " + step.text(reply)
                        + " no longer matches the pattern " + step.recorded() + "; edit it by hand");
                continue;
            }
            String recording;
            try {
                recording = step.recordingFor(reply);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
                continue;
            }
            if (!recording.equals(step.recorded())) {
                if (step.recorded() == null) {
                    added++;
                } else {
                    changed++;
                    System.out.printf("[cairn] %s  %s%n    was:  %s%n    now:  %s%n", step.where(), step.source(),
                            step.recorded(), recording);
                }
                lines[step.line() - 1] = DifferentialScript.withRecording(lines[step.line() - 1], recording);
            }
        }
        Files.writeString(SOURCE.resolve(script), String.join("\n", lines));
        System.out.printf("[cairn] recorded %s: %d added, %d changed%n", SOURCE.resolve(script), added, changed);
        if (!problems.isEmpty()) {
            fail(script + ": not recorded:\n" + String.join("\n", problems));
        }
    }
}
