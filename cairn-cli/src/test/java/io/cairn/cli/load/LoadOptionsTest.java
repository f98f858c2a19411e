package io.cairn.cli.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cairn.cli.UsageErrors;
import io.cairn.server.ServerConfig;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code cairn load}'s command line ({@link LoadCommand}, checked by {@link LoadOptions)):
 * defaults, each option, the format implied by PATH, and refusals in the name: value (expected:
 * rule) shape.
 */
class LoadOptionsTest {
    @TempDir
    Path dir;

    /** Parses {@code cairn load args} and checks the values. */
    private static LoadOptions parse(String... args) {
        LoadCommand c = new LoadCommand(InputStream.nullInputStream(), System.out, System.err, false);
        new CommandLine(c).setOverwrittenOptionsAllowed(true).parseArgs(args);
        return c.options();
    }

    /** What is refused: the message {@code cairn load} prints after its name. */
    private static String refusal(String... args) {
        try {
            parse(args);
            return null;
        } catch (CommandLine.ParameterException e) {
            return UsageErrors.message(e);
        }
    }

    @Test
    void defaultsAreTheDocumentedOnes() throws Exception {
        Path f = Files.writeString(dir.resolve("a.jsonl"), "");
        LoadOptions o = parse("--prefix", "p:", f.toString());
        assertThat(o.host()).isEqualTo("127.0.0.1");
        assertThat(o.port()).isEqualTo(6379);
        assertThat(o.batch()).isEqualTo(100);
        assertThat(o.connections()).isEqualTo(4);
        assertThat(o.maxRecordBytes()).isEqualTo(64L << 20);
        assertThat(o.timeoutMillis()).isEqualTo(60_000);
        assertThat(o.format()).isEqualTo(Format.JSONL);
        assertThat(o.failFast()).isFalse();
        assertThat(o.quiet()).isFalse();
        assertThat(o.progress()).isFalse();
        assertThat(o.password()).isNull();
        assertThat(o.index()).isNull();
        assertThat(o.keyField()).isNull();
        assertThat(o.maxRecordBytes()).as("the server's json-max-bytes default")
                .isEqualTo(ServerConfig.parseMemory("json-max-bytes", ServerConfig.Key.JSON_MAX_BYTES.defaultValue));
    }

    @Test
    void eachOptionIsRead() throws Exception {
        Path f = Files.writeString(dir.resolve("a.txt"), "");
        LoadOptions o = parse("--host", "db.example", "--port", "7000", "--password", "pw", "--index", "idx",
                "--prefix", "p:", "--format", "csv", "--key-field", "sku", "--batch", "7", "--connections", "3",
                "--fail-fast", "-q", "--progress", "--max-record-bytes", "1mb", "--timeout", "5", f.toString());
        assertThat(o).isEqualTo(new LoadOptions("db.example", 7000, "pw", "idx", "p:", Format.CSV, "sku", 7, 3, true,
                true, true, 1 << 20, 5_000, f.toString()));
        assertThat(parse("--quiet", "--index", "idx", "--port=7001", f.toString(), "--format", "jsonl").port())
                .as("--name=value, options after PATH").isEqualTo(7001);
        assertThat(parse("--index", "idx", "--format", "jsonl", f.toString()).prefix()).as("read from FT.INFO").isNull();
    }

    @Test
    void theFormatIsImpliedByThePath() throws Exception {
        assertThat(parse("--prefix", "p", dir.toString()).format()).isEqualTo(Format.JSON_DIR);
        assertThat(parse("--prefix", "p", "--format", "xml-dir", dir.toString()).format())
                .isEqualTo(Format.XML_DIR);
        Path csv = Files.writeString(dir.resolve("x.CSV"), "");
        assertThat(parse("--prefix", "p", csv.toString()).format()).isEqualTo(Format.CSV);
        Path nd = Files.writeString(dir.resolve("x.ndjson"), "");
        assertThat(parse("--prefix", "p", nd.toString()).format()).isEqualTo(Format.JSONL);
        assertThat(parse("--prefix", "p", "-").format()).isEqualTo(Format.JSONL);
        assertThat(parse("--prefix", "p", "--format", "csv", "-").format()).isEqualTo(Format.CSV);
    }

    @Test
    void badValuesAreRefusedWithTheRule() throws Exception {
        Path f = Files.writeString(dir.resolve("a.jsonl"), "");
        String p = f.toString();
        assertThat(refusal("--prefix", "p", "--connections", "0", p))
                .isEqualTo("--connections: 0 (expected: 1 <= connections <= 256)");
        assertThat(refusal("--prefix", "p", "--timeout", "0", p)).isEqualTo("--timeout: 0 (expected: 1 <= timeout <= 86400)");
        assertThat(refusal("--prefix", "p", "--max-record-bytes", "0", p))
                .isEqualTo("--max-record-bytes: 0 (expected: 1 <= max-record-bytes <= 2147483583)");
        assertThat(refusal("--index", "i", p, "--batch", "100001")).isEqualTo("--batch: 100001 (expected: 1 <= batch <= 100000)");
        assertThat(refusal("--prefix", "p", "--port", "http", p)).isEqualTo("--port: http (expected: an integer)");
        assertThat(refusal("--prefix", "p", "--format", "yaml", p))
                .isEqualTo("--format: yaml (expected: jsonl, json-dir, xml-dir or csv)");
        assertThat(refusal("--prefix", "p", "--max-record-bytes", "lots", p))
                .isEqualTo("--max-record-bytes: lots (expected: bytes, e.g. 1048576, 64kb, 512mb, 1gb)");
        assertThat(refusal("--prefix", "p", "--key-field", "", p)).isEqualTo("--key-field: \"\" (expected: a non-empty name)");
        assertThat(refusal("--prefix", "p", "--index", "", p)).isEqualTo("--index: \"\" (expected: a non-empty name)");
        assertThat(refusal("--prefix", "p", p, p)).isEqualTo("unexpected argument: " + p + " (expected: one PATH, already have " + p + ")");
        assertThat(refusal(p)).isEqualTo("--index or --prefix is required (it decides the key prefix)");
        assertThat(refusal("--prefix", "p")).isEqualTo("PATH is missing (a file, a directory, or - for stdin)");
        assertThat(refusal("--prefix", "p", "--format", "json-dir", p))
                .isEqualTo(p + ": not a directory (--format json-dir reads a directory)");
        assertThat(refusal("--prefix", "p", "--format", "csv", dir.toString()))
                .isEqualTo(dir + ": is a directory (--format csv reads a file)");
        assertThat(refusal("--prefix", "p", "--format", "xml-dir", "-")).isEqualTo("--format xml-dir reads a directory, not stdin");
        assertThatThrownBy(() -> parse("--prefix", "p", "--batch")).isInstanceOf(CommandLine.MissingParameterException.class)
                .hasMessageContaining("--batch");
        assertThatThrownBy(() -> parse("--prefix", "p", "--frobnicate", p))
                .isInstanceOf(CommandLine.UnmatchedArgumentException.class);
    }
}
