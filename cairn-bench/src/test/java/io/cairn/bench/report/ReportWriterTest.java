package io.cairn.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @Test
    void writesEveryFileIntoANewDirectory(@TempDir Path tmp) throws IOException {
        Report report = ReportFixtures.report();
        Path out = tmp.resolve("runs/2025-01-02");
        List<Path> written = ReportWriter.writeAll(report, out);

        assertThat(written.subList(0, 3)).containsExactly(out.resolve("results.csv"), out.resolve("results.json"),
                out.resolve("report.html"));
        assertThat(written.subList(3, written.size()).stream().map(p -> p.getFileName().toString()))
                .containsExactlyElementsOf(Charts.plan(report).stream().map(Charts.Chart::fileName).toList());
        assertThat(written).allSatisfy(p -> assertThat(p).isRegularFile());
        try (var files = Files.list(out)) {
            assertThat(files.count()).isEqualTo(written.size());
        }
        XmlAssert.parse(Files.readString(out.resolve("report.html")));
        MiniJson.parse(Files.readString(out.resolve("results.json")));
        assertThat(CsvText.records(Files.readString(out.resolve("results.csv")))).isNotEmpty();
    }

    @Test
    void emptyReportStillWritesValidFiles(@TempDir Path tmp) throws IOException {
        Report empty = new Report("nothing", null, java.util.Map.of(), List.of(), 0);
        List<Path> written = ReportWriter.writeAll(empty, tmp);
        assertThat(written).hasSize(3);
        XmlAssert.parse(Files.readString(tmp.resolve("report.html")));
        MiniJson.parse(Files.readString(tmp.resolve("results.json")));
    }
}
