package io.cairn.it.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.it.server.DifferentialScript.Check;
import io.cairn.it.server.DifferentialScript.Step;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The script format of {@link DifferentialScript} and the canonical text {@link Reply#parse} reads back. */
class DifferentialScriptTest {

    private static Step step(String line) {
        return DifferentialScript.parse("t.txt", line).getFirst();
    }

    private static Reply bulks(String... values) {
        return Reply.aggregate('*', List.of(values).stream().map(v -> Reply.scalar('$', v)).toList());
    }

    @Test
    void aLineCarriesItsCommandACheckAndTheRecording() {
        Step s = step("HGETALL \"a # b\"  # sortpairs  # redis: *[$\"f\", $\"1\"]");
        assertThat(s.args()).map(a -> new String(a, StandardCharsets.UTF_8)).containsExactly("HGETALL", "a # b");
        assertThat(s.source()).isEqualTo("HGETALL \"a # b\"");
        assertThat(s.check()).isEqualTo(Check.SORT_PAIRS);
        assertThat(s.recorded()).isEqualTo("*[$\"f\", $\"1\"]");
        assertThat(s.where()).isEqualTo("t.txt:1");
    }

    @Test
    void aDocumentedDifferenceRecordsBothReplies() {
        Step s = step("SELECT 1  # cairn: -ERR DB index is out of range  # redis: +OK");
        assertThat(s.check()).isEqualTo(Check.CAIRN);
        assertThat(s.expected()).isEqualTo("-ERR DB index is out of range");
        assertThat(s.recorded()).isEqualTo("+OK");
        assertThat(s.cairnMatches(Reply.scalar('-', "ERR DB index is out of range"))).isTrue();
        assertThat(s.cairnMatches(Reply.scalar('+', "OK"))).isFalse();
        assertThat(s.redisMatches(Reply.scalar('+', "OK"))).isTrue();
        assertThat(s.redisMatches(Reply.scalar('-', "ERR DB index is out of range"))).isFalse();
    }

    @Test
    void aLineWithoutARecordingMatchesNothingUnlessSkipped() {
        assertThat(step("GET k").recorded()).isNull();
        assertThat(step("GET k").redisMatches(Reply.scalar('$', null))).isFalse();
        assertThat(step("INFO  # skip names the server").redisMatches(Reply.scalar('$', "x"))).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET k  # skip random  # redis: $-1", "GET k  # bogus  # redis: $-1",
        "GET k  # redis:", "GET k  # redis: $\"unterminated", "GET k  # redis: *[+OK",
        "TTL k  # approx 1  # redis: :<int>", "HRANDFIELD h 2  # len  # redis: *[<any>]", "GET k  #",
        "@conn2 # redis: +OK"})
    void aMalformedLineIsRefusedWithItsPlace(String line) {
        assertThatThrownBy(() -> DifferentialScript.parse("t.txt", "\n" + line))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("t.txt:2: ");
    }

    @Test
    void checksCompareTheWayTheirMarkerSays() {
        assertThat(step("SMEMBERS s  # sort  # redis: *[$\"a\", $\"b\"]").redisMatches(bulks("b", "a"))).isTrue();
        assertThat(step("SMEMBERS s  # sort  # redis: *[$\"a\", $\"b\"]").redisMatches(bulks("b", "c"))).isFalse();
        assertThat(step("SMEMBERS s  # redis: *[$\"a\", $\"b\"]").redisMatches(bulks("b", "a"))).isFalse();
        Step len = step("HRANDFIELD h -2  # len  # redis: *[$\"a\", $\"a\"]");
        assertThat(len.redisMatches(bulks("b", "c"))).isTrue();
        assertThat(len.redisMatches(bulks("b"))).isFalse();
        assertThat(len.redisMatches(Reply.aggregate('~', List.of(Reply.scalar('$', "b"), Reply.scalar('$', "c")))))
                .isFalse();
        Step approx = step("TTL k  # approx 2  # redis: :1000");
        assertThat(approx.redisMatches(Reply.scalar(':', "998"))).isTrue();
        assertThat(approx.redisMatches(Reply.scalar(':', "997"))).isFalse();
        assertThat(approx.redisMatches(Reply.scalar('$', "1000"))).isFalse();
    }

    @Test
    void wildcardsMatchIntegersAndAnyText() {
        Step id = step("CLIENT ID  # redis: :<int>");
        assertThat(id.redisMatches(Reply.scalar(':', "17"))).isTrue();
        assertThat(id.redisMatches(Reply.scalar(':', "-3"))).isTrue();
        assertThat(id.redisMatches(Reply.scalar(':', "1.5"))).isFalse();
        assertThat(id.redisMatches(Reply.scalar('$', "17"))).isFalse();
        Step info = step("INFO  # redis: $\"# Server\\r\\n<any>\\r\\n\"");
        assertThat(info.cairnMatches(Reply.scalar('$', "# Server\\r\\nredis_version:7.2.0\\r\\n"))).isTrue();
        assertThat(info.cairnMatches(Reply.scalar('$', "# Clients\\r\\n"))).isFalse();
        // regex characters in the literal part are literal
        assertThat(step("TIME  # redis: *[$\"<int>\", $\"<int>\"]").redisMatches(bulks("1796167883", "140736")))
                .isTrue();
    }

    @Test
    void trailingSpacesOfAReplyAreNotCompared() {
        Step s = step("NOSUCH  # redis: -ERR unknown command 'NOSUCH', with args beginning with:");
        assertThat(s.redisMatches(Reply.scalar('-', "ERR unknown command 'NOSUCH', with args beginning with: ")))
                .isTrue();
    }

    @Test
    void theRecorderKeepsARecordingThatStillMatchesAndSortsANewOne() {
        Step len = step("HRANDFIELD h -2  # len  # redis: *[$\"a\", $\"a\"]");
        assertThat(len.recordingFor(bulks("b", "c"))).isEqualTo("*[$\"a\", $\"a\"]");
        assertThat(len.recordingFor(bulks("b"))).isEqualTo("*[$\"b\"]");
        assertThat(step("SMEMBERS s  # sort").recordingFor(bulks("b", "a"))).isEqualTo("*[$\"a\", $\"b\"]");
        assertThat(step("CLIENT ID  # redis: :<int>").recordingFor(Reply.scalar(':', "9"))).isEqualTo(":<int>");
        assertThatThrownBy(() -> step("GET k").recordingFor(Reply.scalar('$', "<int>")))
                .hasMessageContaining("wildcard");
    }

    @Test
    void withRecordingReplacesOrAppendsTheRecordingOnly() {
        assertThat(DifferentialScript.withRecording("SET k \"# redis: no\"", "+OK"))
                .isEqualTo("SET k \"# redis: no\"  # redis: +OK");
        assertThat(DifferentialScript.withRecording("@conn2 TTL k  # approx 1  # redis: :5", ":6"))
                .isEqualTo("@conn2 TTL k  # approx 1  # redis: :6");
        assertThat(DifferentialScript.withRecording("SELECT 1  # cairn: -ERR x", "+OK"))
                .isEqualTo("SELECT 1  # cairn: -ERR x  # redis: +OK");
    }

    @ParameterizedTest
    @ValueSource(strings = {"+OK", "-ERR syntax error, or: worse", ":-1", "$-1", "*-1", "_", ",1.5", "#t", "(123",
        "$\"a\\\"b\\\\c\\r\\n\\x00\"", "=\"txt:x\"", "*[]", "%{}",
        "*[+OK, -ERR x, :1, $-1, *-1, _, *[$\"a\", ~[$\"b\"]], >[$\"m\"]]",
        "%{$\"k\": %{$\"a\": :1, $\"b\": *[,2, #f]}, $\"n\": _}"})
    void canonicalTextReadsBackToTheSameText(String text) {
        assertThat(Reply.parse(text)).hasToString(text);
    }

    @Test
    void parsedRepliesHaveTheirTypesAndElements() {
        Reply r = Reply.parse("%{$\"a\": :1, $\"b\": *[$\"x, y\", +OK]}");
        assertThat(r.type()).isEqualTo('%');
        assertThat(r.items()).hasSize(4);
        assertThat(r.items().get(3).items()).containsExactly(Reply.scalar('$', "x, y"), Reply.scalar('+', "OK"));
    }
}
