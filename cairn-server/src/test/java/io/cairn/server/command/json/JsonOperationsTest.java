package io.cairn.server.command.json;

import static io.cairn.server.command.CommandHarness.bulk;
import static io.cairn.server.command.CommandHarness.bytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.common.InvalidRequestException;
import io.cairn.document.SetCondition;
import io.cairn.document.json.JsonParser;
import io.cairn.document.path.JsonPath;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandHarness;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.WrongTypeException;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The JSON operations without sockets: paths and values parsed before the lock, the document's refusals inside it. */
class JsonOperationsTest {
    private final CommandHarness h = new CommandHarness("json-max-bytes", "1kb");

    @AfterEach
    void close() {
        h.close();
    }

    @Test
    void setParsesItsOptionsPathAndValueBeforeTheLock() {
        assertParseError("ERR syntax error", "JSON.SET", "d", "$", "1", "NX", "XX");
        assertParseError("expected value at line 1, column 1 (offset 0)", "JSON.SET", "d", "$", "]");
        assertParseError("unexpected end of input, expected value at line 1, column 6 (offset 5)",
                "JSON.SET", "d", "$", "{\"a\":");
        assertParseError("document size: 1102 bytes (expected: <= 1024)", "JSON.SET", "d", "$", "\"" + "x".repeat(1100) + "\"");
        Operation op = h.parse("JSON.SET", "d", "$", "{\"a\":[1]}", "nx");
        assertThat(op).isInstanceOfSatisfying(JsonOperations.Set.class, s -> {
            assertThat(s.condition()).isEqualTo(SetCondition.IF_ABSENT);
            assertThat(s.path().text()).isEqualTo("$");
        });
        assertThat(h.run(op)).isEqualTo(RespValue.OK);
        assertThat(h.run(op)).isEqualTo(RespValue.NULL); // NX against the document now there
        assertThat(h.exec("JSON.GET", "d", "$.a")).isEqualTo(bulk("[[1]]"));
    }

    @Test
    void theDocumentRefusesWhatOnlyTheDataCanTell() {
        assertThatThrownBy(() -> h.exec("JSON.SET", "new", "$.a", "1")).hasMessage("ERR new objects must be created at the root");
        h.exec("JSON.SET", "d", "$", "{\"n\":1,\"s\":\"x\"}");
        assertThatThrownBy(() -> h.exec("JSON.NUMINCRBY", "d", ".s", "1"))
                .hasMessage("ERR Path '.s' does not exist or does not contains a number");
        assertThatThrownBy(() -> h.exec("JSON.ARRAPPEND", "d", ".n", "1")).hasMessage("ERR Path '.n' does not exist or not an array");
        String half = "\"" + "x".repeat(600) + "\"";
        h.exec("JSON.SET", "d", "$.big", half);
        assertThatThrownBy(() -> h.exec("JSON.SET", "d", "$.big2", half)).hasMessageStartingWith("ERR document size: ");
        assertThat(h.exec("JSON.GET", "d", "$.big")).isEqualTo(bulk("[" + half + "]")); // unchanged
        h.exec("SET", "plain", "v");
        assertThatThrownBy(() -> h.exec("JSON.GET", "plain")).isInstanceOf(WrongTypeException.class);
        assertThat(h.exec("JSON.MGET", "d", "plain", "nosuch", "$.n"))
                .isEqualTo(RespValue.array(List.of(bulk("[1]"), RespValue.NULL, RespValue.NULL)));
    }

    @Test
    void argumentsThatNeedNoDocumentAreRefusedBeforeTheLock() {
        assertParseError("ERR bad input number", "JSON.NUMINCRBY", "d", "$", "\"1\"");
        assertParseError("WRONGTYPE wrong type of path value - expected string but found integer",
                "JSON.STRAPPEND", "d", "$", "1");
        assertParseError("ERR wrong number of arguments for 'json.strappend' command",
                "JSON.STRAPPEND", "d", "$", "\"a\"", "extra");
        assertParseError("ERR wrong number of arguments for 'json.type' command", "JSON.TYPE", "d", "$", "extra");
        assertParseError("ERR wrong number of arguments for 'json.get' command", "JSON.GET", "d", "INDENT");
        assertParseError("ERR FORMAT argument is not supported on RESP2", "JSON.GET", "d", "FORMAT", "STRING");
    }

    @Test
    void readsAnswerInTheShapeOfTheProtocolTheyWereParsedFor() {
        h.exec("JSON.SET", "d", "$", "{\"a\":[1,2],\"o\":{\"k\":1},\"i\":1}");
        assertThat(h.exec("JSON.TYPE", "d", "$.a")).isEqualTo(RespValue.array(List.of(bulk("array"))));
        assertThat(h.run(new JsonOperations.Read(JsonOperations.PathRead.TYPE, bytes("d"), JsonPath.parse("$.a"),
                h.server().jsonLimits(), 3))).isEqualTo(RespValue.array(List.of(RespValue.array(List.of(bulk("array"))))));
        assertThat(h.exec("JSON.ARRLEN", "d", "$.a")).isEqualTo(RespValue.array(List.of(RespValue.integer(2))));
        assertThat(h.exec("JSON.OBJKEYS", "d", ".o")).isEqualTo(RespValue.array(List.of(bulk("k"))));
        assertThat(h.exec("JSON.NUMINCRBY", "d", "$.i", "2")).isEqualTo(bulk("[3]"));
        h.protocol(3);
        assertThat(h.exec("JSON.NUMINCRBY", "d", "$.i", "0.5"))
                .isEqualTo(RespValue.array(List.of(new RespValue.DoubleReply(3.5))));
        assertThat(h.run(new JsonOperations.ArrAppend(bytes("d"), JsonPath.parse("$.a"),
                List.of(JsonParser.parse("3")), h.server().jsonLimits()))).isEqualTo(RespValue.array(List.of(RespValue.integer(3))));
        assertThat(h.exec("JSON.DEL", "d", "$.o")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("JSON.FORGET", "d")).isEqualTo(RespValue.ONE);
        assertThat(h.exec("EXISTS", "d")).isEqualTo(RespValue.ZERO);
    }

    private void assertParseError(String message, String... args) {
        assertThatThrownBy(() -> h.parse(args)).isInstanceOf(InvalidRequestException.class).hasMessage(message);
    }
}
