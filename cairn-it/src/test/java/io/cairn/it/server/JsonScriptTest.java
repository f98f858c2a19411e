package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;

import io.cairn.it.server.DifferentialScript.Check;
import io.cairn.it.server.DifferentialScript.Step;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs the scripts in {@code src/test/resources/json/} against Cairn alone, over raw RESP, and
 * checks each reply against the one written beside the command ({@code # cairn: <reply>}), taken
 * from RedisJSON's documentation: there is no RedisJSON server to compare with, so unlike
 * {@link RedisDifferentialTest} every compared line states its expected reply. The format is
 * {@link DifferentialScript}'s; only the {@code cairn:} and {@code skip} markers are allowed.
 */
class JsonScriptTest {
    @TempDir
    Path dir;
    TestServer server;

    @BeforeEach
    void start() {
        server = TestServer.start(dir, "fsync");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"commands.txt", "resp3.txt"})
    void everyReplyIsTheDocumentedOne(String script) throws IOException {
        String text;
        try (var in = getClass().getClassLoader().getResourceAsStream("json/" + script)) {
            text = new String(Objects.requireNonNull(in, script).readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Step> steps = DifferentialScript.parse(script, text);
        List<String> mismatches = new ArrayList<>();
        try (RespTextClient first = RespTextClient.connect(server.port());
                RespTextClient second = RespTextClient.connect(server.port())) {
            for (Step step : steps) {
                assertThat(step.check()).as(step.where() + " needs '# cairn: <reply>' or '# skip'")
                        .isIn(Check.CAIRN, Check.SKIP);
                Reply reply = (step.secondConnection() ? second : first).call(step.args());
                if (step.check() == Check.CAIRN && !reply.toString().equals(step.expected())) {
                    mismatches.add(step.where() + "  " + step.source() + "\n    Cairn:    " + reply
                            + "\n    expected: " + step.expected());
                }
            }
        }
        if (!mismatches.isEmpty()) {
            fail("%s: %d of %d replies differ:%n%s".formatted(script, mismatches.size(), steps.size(),
                    String.join("\n", mismatches)));
        }
    }
}
