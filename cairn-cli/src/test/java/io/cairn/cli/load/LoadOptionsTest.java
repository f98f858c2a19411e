package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Defaults, the format implied by PATH, and refusals in the name: value (expected: rule) shape. */
class LoadOptionsTest {
    @TempDir
    Path dir;

    @Test
    void defaultsMatchTheUsage() throws Exception {
        Path f = Files.writeString(dir.resolve("a.jsonl"), "");
        LoadOptions o = LoadOptions.parse(new String[] {"--prefix", "p:", f.toString()});
        assertThat(o.host()).isEqualTo("127.0.0.1");
        assertThat(o.port()).isEqualTo(6379);
        assertThat(o.batch()).isEqualTo(100);
        assertThat(o.connections()).isEqualTo(4);
        assertThat(o.maxRecordBytes()).isEqualTo(64L << 20);
        assertThat(o.timeoutMillis()).isEqualTo(60_000);
        assertThat(o.format()).isEqualTo(Format.JSONL);
        assertThat(o.failFast()).isFalse();
    }

    @Test
    void theFormatIsImpliedByThePath() throws Exception {
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", dir.toString()}).format()).isEqualTo(Format.JSON_DIR);
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", "--format", "xml-dir", dir.toString()}).format())
                .isEqualTo(Format.XML_DIR);
        Path csv = Files.writeString(dir.resolve("x.CSV"), "");
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", csv.toString()}).format()).isEqualTo(Format.CSV);
        Path nd = Files.writeString(dir.resolve("x.ndjson"), "");
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", nd.toString()}).format()).isEqualTo(Format.JSONL);
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", "-"}).format()).isEqualTo(Format.JSONL);
        assertThat(LoadOptions.parse(new String[] {"--prefix", "p", "--format", "csv", "-"}).format()).isEqualTo(Format.CSV);
    }

    @Test
    void badValuesAreRefusedWithTheRule() throws Exception {
        Path f = Files.writeString(dir.resolve("a.jsonl"), "");
        String p = f.toString();
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--connections", "0", p}))
                .isInstanceOf(UsageException.class).hasMessage("--connections: 0 (expected: 1 <= connections <= 256)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--port", "http", p}))
                .hasMessage("--port: http (expected: an integer)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--format", "yaml", p}))
                .hasMessage("--format: yaml (expected: jsonl, json-dir, xml-dir or csv)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--max-record-bytes", "lots", p}))
                .hasMessage("--max-record-bytes: lots (expected: bytes, e.g. 1048576, 64kb, 512mb, 1gb)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--key-field", "", p}))
                .hasMessage("--key-field: \"\" (expected: a non-empty name)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", p, p}))
                .hasMessageStartingWith("unexpected argument: ");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--batch"}))
                .hasMessage("--batch needs a value");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--format", "json-dir", p}))
                .hasMessage(p + ": not a directory (--format json-dir reads a directory)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--format", "csv", dir.toString()}))
                .hasMessage(dir + ": is a directory (--format csv reads a file)");
        assertThatThrownBy(() -> LoadOptions.parse(new String[] {"--prefix", "p", "--format", "xml-dir", "-"}))
                .hasMessage("--format xml-dir reads a directory, not stdin");
    }
}
