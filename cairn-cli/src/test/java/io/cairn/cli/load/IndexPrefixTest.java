package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.resp.RespValue;
import io.cairn.resp.testing.ScriptedRespServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --index}: the prefix comes from {@code FT.INFO}'s RediSearch reply, read from a fake server
 * (Cairn's own FT.* is not there yet).
 */
@Timeout(60)
class IndexPrefixTest {
    /** FT.INFO idx as RediSearch answers it over RESP2, trimmed to a few fields. */
    static final String FT_INFO = "*6\r\n$10\r\nindex_name\r\n$3\r\nidx\r\n"
            + "$13\r\nindex_options\r\n*0\r\n"
            + "$16\r\nindex_definition\r\n*6\r\n$8\r\nkey_type\r\n$4\r\nJSON\r\n"
            + "$8\r\nprefixes\r\n*2\r\n$4\r\ndoc:\r\n$6\r\nother:\r\n$13\r\ndefault_score\r\n$1\r\n1\r\n";

    @TempDir
    Path dir;

    private static RespValue bulk(String s) {
        return RespValue.bulk(s);
    }

    private static RespValue array(RespValue... items) {
        return RespValue.array(List.of(items));
    }

    @Test
    void theFirstPrefixOfTheDefinitionIsTaken() throws Exception {
        RespValue info = array(bulk("index_name"), bulk("i"), bulk("index_definition"),
                array(bulk("key_type"), bulk("JSON"), bulk("prefixes"), array(bulk("a:"), bulk("b:"))));
        assertThat(IndexPrefix.fromInfo("i", info)).isEqualTo("a:");
    }

    @Test
    void aReplyWithoutPrefixesOrAnErrorIsAClearFailure() {
        assertThatThrownBy(() -> IndexPrefix.fromInfo("i", RespValue.error("Unknown index name")))
                .isInstanceOf(IOException.class).hasMessage("FT.INFO i: Unknown index name");
        assertThatThrownBy(() -> IndexPrefix.fromInfo("i", array(bulk("index_name"), bulk("i"))))
                .hasMessageContaining("no index_definition");
        RespValue empty = array(bulk("index_definition"), array(bulk("prefixes"), array()));
        assertThatThrownBy(() -> IndexPrefix.fromInfo("i", empty)).hasMessageContaining("has no prefixes");
    }

    @Test
    void loadWithAnIndexUsesItsPrefix() throws Exception {
        try (ScriptedRespServer fake = new ScriptedRespServer(c -> c.getFirst().equals("FT.INFO")
                ? (c.get(1).equals("idx") ? FT_INFO : "-Unknown index name\r\n") : ScriptedRespServer.acknowledge(c))) {
            Path f = Files.writeString(dir.resolve("in.jsonl"), "{\"id\":\"x\"}\n{\"id\":\"y\"}\n");
            LoadMainTest.Run r = LoadMainTest.run(InputStream.nullInputStream(), "--port", Integer.toString(fake.port()),
                    "--password", "pw", "--index", "idx", "--key-field", "id", "--connections", "1", f.toString());

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(fake.commands()).contains(List.of("FT.INFO", "idx"), List.of("AUTH", "pw"),
                    List.of("JSON.SET", "doc:x", "$", "{\"id\":\"x\"}"), List.of("JSON.SET", "doc:y", "$", "{\"id\":\"y\"}"));

            LoadMainTest.Run unknown = LoadMainTest.run(InputStream.nullInputStream(), "--port", Integer.toString(fake.port()),
                    "--index", "nope", f.toString());
            assertThat(unknown.code()).isEqualTo(1);
            assertThat(unknown.err()).isEqualTo("cairn load: FT.INFO nope: Unknown index name\n");
        }
    }

    @Test
    void prefixWinsOverIndex() throws Exception {
        try (ScriptedRespServer fake = new ScriptedRespServer(ScriptedRespServer::acknowledge)) {
            Path f = Files.writeString(dir.resolve("in.jsonl"), "{}\n");
            LoadMainTest.Run r = LoadMainTest.run(InputStream.nullInputStream(), "--port", Integer.toString(fake.port()),
                    "--index", "idx", "--prefix", "mine:", f.toString());

            assertThat(r.code()).as(r.err()).isZero();
            assertThat(fake.commands()).containsExactly(List.of("JSON.SET", "mine:1", "$", "{}"));
        }
    }
}
