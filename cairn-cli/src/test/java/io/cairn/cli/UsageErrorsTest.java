package io.cairn.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A wrong command line, for every command: exit status 2, and on stderr first
 * {@code "<command>: <what is wrong>"} in the {@code "name: value (expected: rule)"} shape, then
 * the synopsis and where the options are listed. Nothing is started.
 */
class UsageErrorsTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Runs {@code cairn args}, which must be refused, and answers stderr's lines. */
    private String[] refused(String... args) {
        err.reset();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = err.toString(StandardCharsets.UTF_8);
        assertThat(status).as(text).isEqualTo(2);
        return text.split("\n");
    }

    @Test
    void anUnknownOptionNamesTheValidOnesAndWhereTheyAreListed() {
        String[] lines = refused("bench", "sweep", "--recrods", "1");
        assertThat(lines[0]).startsWith("cairn bench sweep: unknown option --recrods (expected one of: --systems, ")
                .contains("--records").contains("--workloads").doesNotContain("--help");
        assertThat(lines[1]).startsWith("did you mean ").contains("--records");
        assertThat(lines[2]).isEqualTo("usage: cairn bench sweep [OPTIONS]");
        assertThat(lines[3]).isEqualTo("'cairn bench sweep --help' lists every option with its default");
        assertThat(refused("server", "--frobnicate", "1")[0])
                .startsWith("cairn server: unknown option --frobnicate (expected one of: --config, --port, --bind, ");
        assertThat(refused("server", "--frobnicate=1")[0]).startsWith("cairn server: unknown option --frobnicate (");
        String[] load = refused("load", "--prefix", "p", "--frobnicate", "x.jsonl");
        assertThat(load[0]).startsWith("cairn load: unknown option --frobnicate (expected one of: --host, --port, ");
        assertThat(load).contains("usage: cairn load (--index IDX | --prefix P) [OPTIONS] PATH");
    }

    @Test
    void anUnknownCommandNamesTheCommands() {
        assertThat(refused("serve")[0]).isEqualTo("cairn: unknown command 'serve' (expected one of: server, load, cluster,"
                + " bench, version, help)");
        assertThat(refused("bench", "ycbs", "--records", "1")[0]).isEqualTo("cairn bench: unknown command 'ycbs'"
                + " (expected one of: ycsb, sweep, redis-benchmark, durability, memory, documents, ingest-query, corpus,"
                + " peers)");
        assertThat(refused("bench", "peers", "upgrade")[0])
                .isEqualTo("cairn bench peers: unknown verb 'upgrade' (expected: install or status)");
    }

    @Test
    void aValueItsConverterRefusesNamesTheOptionTheValueAndTheRule() {
        assertThat(refused("bench", "ycsb", "--records", "lots")[0])
                .isEqualTo("cairn bench ycsb: --records: lots (expected: a whole number)");
        assertThat(refused("bench", "documents", "--price-per-month", "cheap")[0])
                .isEqualTo("cairn bench documents: --price-per-month: cheap (expected: a number)");
        assertThat(refused("bench", "corpus", "--quiet", "yes")[0])
                .isEqualTo("cairn bench corpus: --quiet: yes (expected: true or false)");
        assertThat(refused("bench", "corpus", "--seed", "x")[0]).isEqualTo("cairn bench corpus: --seed: x (expected: a whole number)");
        assertThat(refused("load", "--prefix", "p", "--port", "http", "-")[0])
                .isEqualTo("cairn load: --port: http (expected: an integer)");
    }

    @Test
    void aValueACommandRefusesIsWordedTheSameWay() {
        assertThat(refused("bench", "ycsb", "--systems", "cairn", "--clients", "zero")[0])
                .isEqualTo("cairn bench ycsb: --clients: zero (expected: a whole number)");
        assertThat(refused("bench", "corpus", "--languages", "en,xx")[0])
                .startsWith("cairn bench corpus: language: xx (expected one of: en,ar,zh,");
        assertThat(refused("server", "--port", "70000")[0]).isEqualTo("cairn server: port: 70000 (expected: 0 <= port <= 65535)");
        assertThat(refused("server", "--wal", "sometimes")[0])
                .isEqualTo("cairn server: wal: sometimes (expected: none, write or fsync)");
        assertThat(refused("load", "--prefix", "p", "--batch", "0", "-")[0])
                .isEqualTo("cairn load: --batch: 0 (expected: 1 <= batch <= 100000)");
        assertThat(refused("load")[0]).isEqualTo("cairn load: PATH is missing (a file, a directory, or - for stdin)");
    }

    @Test
    void aMissingValueOrAStrayArgumentIsNamed() {
        assertThat(refused("bench", "ycsb", "--records")[0]).isEqualTo("cairn bench ycsb: --records needs a value");
        assertThat(refused("server", "--port")[0]).isEqualTo("cairn server: --port needs a value");
        assertThat(refused("bench", "ycsb", "--systems", "--records", "5")[0])
                .isEqualTo("cairn bench ycsb: --systems needs a value");
        assertThat(refused("server", "6380")[0])
                .isEqualTo("cairn server: unexpected argument: 6380 (expected: --<option> <value>)");
        assertThat(refused("bench", "ycsb", "records", "5")[0])
                .isEqualTo("cairn bench ycsb: unexpected argument: records (expected: --<option> <value>)");
    }

    @Test
    void benchAloneShowsItsUsage() {
        assertThat(refused("bench")).contains("usage: cairn bench <scenario> [--option value ...]",
                "       cairn bench peers install|status");
    }
}
