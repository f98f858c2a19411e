package io.cairn.bench.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every file of a report into one directory: {@value CsvReport#FILE_NAME} (and
 * {@value CsvReport#MEMORY_FILE_NAME} when the report has memory results, and
 * {@value CsvReport#SERVER_FILE_NAME} when it has server readings),
 * {@value JsonReport#FILE_NAME}, {@value HtmlReport#FILE_NAME} and the charts {@link Charts}
 * decides on. Files of the same names are replaced; other files in the directory are left alone.
 * Stateless and thread-safe, but two calls must not write the same directory at once.
 */
public final class ReportWriter {
    private ReportWriter() {
    }

    /**
     * Creates {@code outDir} (and its parents) if needed and writes the report into it.
     *
     * @return the paths written: the CSV (then the memory and server CSVs), the JSON, the HTML page, then each chart
     * @throws IOException if the directory cannot be created or a file cannot be written; files
     *     written before the failure stay
     */
    public static List<Path> writeAll(Report report, Path outDir) throws IOException {
        Files.createDirectories(outDir);
        List<Path> written = new ArrayList<>();
        Path csv = outDir.resolve(CsvReport.FILE_NAME);
        CsvReport.write(report, csv);
        written.add(csv);
        if (!report.memory().isEmpty()) {
            Path memory = outDir.resolve(CsvReport.MEMORY_FILE_NAME);
            Files.writeString(memory, CsvReport.memoryCsv(report.memory()), java.nio.charset.StandardCharsets.UTF_8);
            written.add(memory);
        }
        if (!report.servers().isEmpty()) {
            Path servers = outDir.resolve(CsvReport.SERVER_FILE_NAME);
            Files.writeString(servers, CsvReport.serverCsv(report.servers()), java.nio.charset.StandardCharsets.UTF_8);
            written.add(servers);
        }
        Path json = outDir.resolve(JsonReport.FILE_NAME);
        JsonReport.write(report, json);
        written.add(json);
        List<Charts.Chart> charts = Charts.plan(report);
        Path html = outDir.resolve(HtmlReport.FILE_NAME);
        HtmlReport.write(report, charts, html);
        written.add(html);
        for (String name : Charts.write(charts, outDir)) {
            written.add(outDir.resolve(name));
        }
        return written;
    }
}
