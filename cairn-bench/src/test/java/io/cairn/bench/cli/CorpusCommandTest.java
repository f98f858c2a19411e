package io.cairn.bench.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.bench.corpus.InstalledWordLists;
import io.cairn.bench.corpus.Language;
import io.cairn.bench.report.MiniJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cairn bench corpus} end to end, on this machine's word lists; the tests that generate
 * articles are skipped, naming the package, where those are not installed.
 */
class CorpusCommandTest {
    @TempDir
    Path tmp;

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    private int run(String... args) {
        stdout.reset();
        stderr.reset();
        List<String> all = new ArrayList<>(List.of("corpus"));
        all.addAll(List.of(args));
        return BenchCommand.commandLine(new PrintStream(stdout, true, UTF_8), new PrintStream(stderr, true, UTF_8))
                .execute(all.toArray(String[]::new));
    }

    @Test
    void writesOneArticleALineThatParses() throws IOException {
        InstalledWordLists.assumeInstalled();
        Path out = tmp.resolve("sub/corpus.jsonl");
        assertThat(run("--articles", "300", "--languages", "en,ja,ar", "--shape", "small", "--seed", "5",
                "--out", out.toString())).as(stderr.toString(UTF_8)).isEqualTo(0);
        List<String> lines = Files.readAllLines(out, UTF_8);
        assertThat(lines).hasSize(300);
        for (int i = 0; i < lines.size(); i++) {
            Map<?, ?> m = (Map<?, ?>) MiniJson.parse(lines.get(i));
            assertThat(m.get("id")).isEqualTo("article:" + i);
            assertThat(m.get("lang")).isEqualTo(List.of("en", "ar", "ja").get(i % 3));
            assertThat(List.copyOf(m.keySet())).isEqualTo(List.of("id", "lang", "title", "body", "categories", "year"));
        }
        String log = stderr.toString(UTF_8);
        assertThat(log).contains("corpus: en ", "hunspell-en-us", "corpus: ja ", "ipadic-common", "fingerprint ")
                .contains("corpus: wrote 300 articles");
        assertThat(stdout.size()).isZero();
    }

    @Test
    void theSameOptionsWriteTheSameBytesWhateverTheThreads() throws IOException {
        InstalledWordLists.assumeInstalled();
        Path a = tmp.resolve("a.jsonl");
        Path b = tmp.resolve("b.jsonl");
        assertThat(run("--articles", "700", "--seed", "9", "--threads", "1", "--quiet", "true", "--out", a.toString())).isZero();
        assertThat(stderr.size()).isZero();
        assertThat(run("--articles", "700", "--seed", "9", "--threads", "3", "--quiet", "true", "--out", b.toString())).isZero();
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
        assertThat(run("--articles", "700", "--seed", "9", "--quiet", "true", "--out", "-")).isZero();
        assertThat(stdout.toByteArray()).isEqualTo(Files.readAllBytes(a));
        assertThat(Files.readAllLines(a, UTF_8)).hasSize(700)
                .allSatisfy(line -> assertThat(((Map<?, ?>) MiniJson.parse(line))).hasSize(12));
    }

    @Test
    void badOptionsAreRefusedNamingWhatWasExpected() {
        assertThat(run("--languages", "en,xx")).isEqualTo(2);
        assertThat(stderr.toString(UTF_8)).contains("language: xx (expected one of: en,ar,zh,");
        assertThat(run("--shape", "medium")).isEqualTo(2);
        assertThat(stderr.toString(UTF_8)).contains("shape: medium (expected: small or full)");
        assertThat(run("--articles", "-1")).isEqualTo(2);
        assertThat(stderr.toString(UTF_8)).contains("--articles: -1 (expected: 0 to ");
        assertThat(run("--seed", "x")).isEqualTo(2);
        assertThat(stderr.toString(UTF_8)).contains("--seed");
    }

    @Test
    void aMissingWordListNamesItsPackage() throws IOException {
        Path empty = Files.createDirectories(tmp.resolve("root"));
        assertThat(run("--languages", "ko", "--articles", "1", "--word-root", empty.toString())).isEqualTo(1);
        assertThat(stderr.toString(UTF_8)).contains("no word list for ko (Korean)")
                .contains("install the Debian package hunspell-ko");
    }

    @Test
    void helpAndUsageNameTheScenario() {
        assertThat(run("--help")).isZero();
        assertThat(stdout.toString(UTF_8)).contains("usage: bench corpus", "--articles", "--languages",
                "--shape", "--seed", "--out", "--threads", "--word-root", "--quiet");
        assertThat(stdout.toString(UTF_8).replaceAll("\\s+", "")).contains(Language.codes());
        ByteArrayOutputStream usage = new ByteArrayOutputStream();
        BenchCommand.commandLine(new PrintStream(usage, true, UTF_8), new PrintStream(stderr, true, UTF_8)).execute("--help");
        assertThat(usage.toString(UTF_8)).contains("corpus ");
    }
}
