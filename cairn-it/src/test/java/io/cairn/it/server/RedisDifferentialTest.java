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
import java.util.Objects;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Differential test: runs each script in {@code src/test/resources/differential/} against an
 * in-process Cairn and a real {@code redis-server} child process, and compares the replies line by
 * line. The script format and its markers are described in {@link DifferentialScript}; replies are
 * compared in {@link Reply}'s canonical text. Each script starts from {@code FLUSHALL} on fresh
 * connections. A script reports every mismatch it finds (file:line, command, both replies), not
 * only the first. {@code -Ddifferential.trace=true} prints every reply; {@code
 * -Ddifferential.only=NAME.txt} runs one script.
 *
 * <p>The installed Redis may be older than the 7.2 Cairn targets; scripts leave out or skip what
 * changed since (and say so in a comment).
 */
class RedisDifferentialTest {
    private static final String SCRIPTS = "differential";
    /** {@code -Ddifferential.trace=true} prints every command with both replies. */
    private static final boolean TRACE = Boolean.getBoolean("differential.trace");
    /** {@code -Ddifferential.only=zsets.txt} runs one script. */
    private static final String ONLY = System.getProperty("differential.only", "");

    @TempDir
    static Path dir;
    static TestServer cairn;
    static RedisServerProcess redis;

    @BeforeAll
    static void start() throws IOException, InterruptedException {
        RedisServerProcess.requireInstalled();
        cairn = TestServer.start(Files.createDirectories(dir.resolve("cairn")), "none");
        redis = RedisServerProcess.start(Files.createDirectories(dir.resolve("redis")));
    }

    @AfterAll
    static void stop() {
        if (redis != null) {
            redis.close();
        }
        if (cairn != null) {
            cairn.close();
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

    @ParameterizedTest(name = "{0}")
    @MethodSource("scripts")
    void cairnRepliesAsRedisDoes(String script) throws IOException {
        String text;
        try (var in = getClass().getClassLoader().getResourceAsStream(SCRIPTS + "/" + script)) {
            text = new String(Objects.requireNonNull(in).readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Step> steps = DifferentialScript.parse(script, text);
        List<String> mismatches = new ArrayList<>();
        int compared = 0;
        try (RespTextClient redis1 = RespTextClient.connect(redis.port());
                RespTextClient redis2 = RespTextClient.connect(redis.port());
                RespTextClient cairn1 = RespTextClient.connect(cairn.port());
                RespTextClient cairn2 = RespTextClient.connect(cairn.port())) {
            assertThat(redis1.call("FLUSHALL")).hasToString("+OK");
            assertThat(cairn1.call("FLUSHALL")).hasToString("+OK");
            for (Step step : steps) {
                Reply fromRedis = call(step.secondConnection() ? redis2 : redis1, step, "redis-server");
                Reply fromCairn = call(step.secondConnection() ? cairn2 : cairn1, step, "Cairn");
                if (step.check() != Check.SKIP) {
                    compared++;
                }
                String problem = compare(step, fromRedis, fromCairn);
                if (TRACE) {
                    System.out.printf("%s  %s%n    redis: %s%n    Cairn: %s%n", step.where(), step.source(),
                            fromRedis, fromCairn);
                }
                if (problem != null) {
                    mismatches.add(step.where() + "  " + step.source() + "\n    " + problem);
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("%s: %d of %d compared replies differ:%n%s".formatted(script, mismatches.size(), compared,
                    String.join("\n", mismatches)));
        }
    }

    private static Reply call(RespTextClient client, Step step, String server) throws IOException {
        try {
            return client.call(step.args());
        } catch (IOException e) {
            throw new IOException(step.where() + "  " + step.source() + ": no reply from " + server, e);
        }
    }

    /** Returns null when the replies agree under the step's check, else what differs. */
    private static String compare(Step step, Reply fromRedis, Reply fromCairn) {
        String redisText = fromRedis.toString();
        String cairnText = fromCairn.toString();
        boolean same = switch (step.check()) {
            case SKIP -> true;
            case EXACT -> redisText.equals(cairnText);
            case SORT -> fromRedis.sorted().toString().equals(fromCairn.sorted().toString());
            case SORT_PAIRS -> fromRedis.sortedPairs().toString().equals(fromCairn.sortedPairs().toString());
            case SCAN -> fromRedis.scanPageSorted(false).toString().equals(fromCairn.scanPageSorted(false).toString());
            case SCAN_PAIRS ->
                fromRedis.scanPageSorted(true).toString().equals(fromCairn.scanPageSorted(true).toString());
            case LEN -> fromRedis.type() == fromCairn.type()
                    && Objects.equals(size(fromRedis), size(fromCairn));
            case APPROX -> fromRedis.type() == ':' && fromCairn.type() == ':'
                    ? Math.abs(Long.parseLong(fromRedis.text()) - Long.parseLong(fromCairn.text()))
                            <= step.tolerance()
                    : redisText.equals(cairnText);
            case CAIRN -> cairnText.equals(step.expected());
        };
        if (same) {
            return null;
        }
        return step.check() == Check.CAIRN
                ? "Cairn: " + cairnText + "\n    expected (# cairn:): " + step.expected() + "\n    redis: " + redisText
                : "redis: " + redisText + "\n    Cairn: " + cairnText;
    }

    private static Integer size(Reply r) {
        return r.items() == null ? null : r.items().size();
    }
}
