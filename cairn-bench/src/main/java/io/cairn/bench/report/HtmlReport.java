package io.cairn.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes {@code report.html}: one self-contained page (inline CSS, the charts as SVG {@code data:}
 * images, no scripts, fonts or other external references except links to the data files and charts
 * written next to it). It opens with what a reader came for and ends with how it was measured:
 * <ol>
 *   <li>the title, and links to each scenario;
 *   <li>Cairn against each peer: the throughput and p99 ratios ({@link PeerRatios});
 *   <li>per scenario, its charts, then a summary table per workload (best throughput highlighted,
 *       unsupported results with their reason, every run's throughput when repeated), the memory
 *       table when the scenario measured memory ({@link MemoryResult}), and every error sample;
 *   <li>the machine and the settings.
 * </ol>
 *
 * <p>The page is XHTML-compatible: well-formed XML in the XHTML namespace with only the predefined
 * entities, served as HTML5 ({@code <!DOCTYPE html>}), so browsers and XML parsers both read it.
 * The charts are images rather than inline SVG so that the ids XChart's SVG uses cannot clash
 * between charts. Stateless and thread-safe.
 */
public final class HtmlReport {
    /** The file name {@link ReportWriter} writes. */
    public static final String FILE_NAME = "report.html";
    /** The headings of the first and the last sections. */
    static final String RATIOS_HEADING = "Cairn against each peer";
    static final String MACHINE_HEADING = "Machine";
    static final String SETTINGS_HEADING = "Settings";
    static final String MEMORY_HEADING = "Memory per element";

    private static final String CSS = """
            body { font-family: Helvetica, Arial, sans-serif; margin: 24px auto; max-width: 1180px;
                   padding: 0 16px; color: #222; line-height: 1.4; }
            h1 { font-size: 24px; margin-bottom: 4px; }
            h2 { font-size: 19px; margin-top: 36px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
            h3 { font-size: 16px; margin-top: 24px; }
            p.meta { color: #666; margin-top: 0; }
            table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
            th, td { border: 1px solid #d8d8d8; padding: 3px 8px; vertical-align: top; }
            th { background: #f3f3f3; font-weight: 600; text-align: left; }
            table.summary th { text-align: center; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            tr.best td { background: #fff3c4; }
            td.unsupported { color: #8a5300; font-style: italic; }
            td.errors { color: #b00020; font-weight: 600; }
            td.message code { white-space: pre-wrap; word-break: break-word; }
            td.better { color: #1b6e2d; }
            td.worse { color: #a3261b; }
            .columns { display: flex; flex-wrap: wrap; gap: 32px; }
            figure { margin: 16px 0; }
            figure img { max-width: 100%; height: auto; }
            figcaption { font-size: 12px; color: #666; }
            nav a { margin-right: 12px; }
            """;

    private HtmlReport() {
    }

    /** The page, with {@code charts} (from {@link Charts#plan}) drawn under their scenarios. */
    public static String toHtml(Report report, List<Charts.Chart> charts) {
        StringBuilder sb = new StringBuilder(64 * 1024);
        String title = Objects.toString(report.title(), "Cairn bench");
        sb.append("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\">\n<head>\n")
                .append("<meta charset=\"utf-8\"/>\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n")
                .append("<title>").append(Xml.escape(title)).append("</title>\n")
                .append("<style>\n").append(CSS).append("</style>\n</head>\n<body>\n");
        sb.append("<h1>").append(Xml.escape(title)).append("</h1>\n");
        Machine m = report.machine();
        sb.append("<p class=\"meta\">");
        if (m != null) {
            sb.append(Xml.escape(m.startedAt())).append(" · ").append(Xml.escape(m.hostname()))
                    .append(" · commit ").append(Xml.escape(m.commit())).append(" · ");
        }
        sb.append("data: <a href=\"").append(CsvReport.FILE_NAME).append("\">").append(CsvReport.FILE_NAME)
                .append("</a>, <a href=\"").append(JsonReport.FILE_NAME).append("\">")
                .append(JsonReport.FILE_NAME).append("</a></p>\n");

        Map<String, List<RunResult>> byScenario = ResultGroups.groupBy(report.results(),
                r -> Objects.toString(r.scenario(), ""));
        sb.append("<nav><a href=\"#ratios\">").append(RATIOS_HEADING).append("</a>");
        for (String scenario : byScenario.keySet()) {
            sb.append("<a href=\"#").append(anchor(scenario)).append("\">").append(Xml.escape(scenario))
                    .append("</a>");
        }
        sb.append("<a href=\"#machine\">").append(MACHINE_HEADING).append(" and settings</a></nav>\n");

        ratios(sb, report);
        for (Map.Entry<String, List<RunResult>> e : byScenario.entrySet()) {
            scenario(sb, report, e.getKey(), e.getValue(), charts);
        }
        if (report.results().isEmpty()) {
            sb.append("<p>No results.</p>\n");
        }

        sb.append("<div class=\"columns\" id=\"machine\">\n<section>\n<h2>").append(MACHINE_HEADING)
                .append("</h2>\n");
        HtmlTables.machine(sb, report);
        sb.append("</section>\n<section>\n<h2>").append(SETTINGS_HEADING).append("</h2>\n");
        HtmlTables.settings(sb, report);
        sb.append("</section>\n</div>\n");
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    /** {@link #toHtml} of {@code report} and {@code charts}, to {@code file} as UTF-8, replacing it. */
    public static void write(Report report, List<Charts.Chart> charts, Path file) throws IOException {
        Files.writeString(file, toHtml(report, charts), StandardCharsets.UTF_8);
    }

    private static void ratios(StringBuilder sb, Report report) {
        sb.append("<section id=\"ratios\">\n<h2>").append(RATIOS_HEADING).append("</h2>\n");
        List<PeerRatios.Row> rows = PeerRatios.of(report);
        if (rows.isEmpty()) {
            sb.append("<p>No workload has results of both Cairn and another system.</p>\n");
        } else {
            sb.append("<p class=\"meta\">Each system at its best client count. Throughput above 1× and p99 ")
                    .append("below 1× are in Cairn's favour; p99 is of all operations together.</p>\n");
            HtmlTables.ratios(sb, rows);
        }
        sb.append("</section>\n");
    }

    private static void scenario(StringBuilder sb, Report report, String scenario, List<RunResult> results,
            List<Charts.Chart> charts) {
        sb.append("<section id=\"").append(anchor(scenario)).append("\">\n<h2>Scenario ")
                .append(Xml.escape(scenario)).append("</h2>\n");
        for (Charts.Chart c : charts) {
            if (c.scenario().equals(scenario)) {
                String svg = Base64.getEncoder().encodeToString(c.svg().getBytes(StandardCharsets.UTF_8));
                sb.append("<figure>\n<img src=\"data:image/svg+xml;base64,").append(svg).append("\" alt=\"")
                        .append(Xml.escape(c.title())).append("\" width=\"").append(ChartRenderer.widthOf(c.data()))
                        .append("\" height=\"").append(ChartRenderer.HEIGHT).append("\"/>\n<figcaption><a href=\"")
                        .append(Xml.escape(c.fileName())).append("\">").append(Xml.escape(c.fileName()))
                        .append("</a></figcaption>\n</figure>\n");
            }
        }
        for (List<RunResult> group : ResultGroups.groupBy(results, ResultGroups::workloadLabel).values()) {
            sb.append("<h3>Workload ").append(Xml.escape(ResultGroups.workloadLabel(group.getFirst())))
                    .append("</h3>\n");
            HtmlTables.summary(sb, report, group);
        }
        List<MemoryResult> memory = report.memory().stream()
                .filter(m -> Objects.toString(m.scenario(), "").equals(scenario)).toList();
        if (!memory.isEmpty()) {
            sb.append("<h3>").append(MEMORY_HEADING).append("</h3>\n<p class=\"meta\">")
                    .append("RSS is the server process's VmRSS; live is the data its own accounting reports. ")
                    .append("Per element: after minus before, over the elements.</p>\n");
            HtmlTables.memory(sb, memory);
        }
        if (results.stream().anyMatch(r -> r.errors() > 0 || !r.errorSamples().isEmpty())) {
            sb.append("<h3>Errors</h3>\n");
            HtmlTables.errors(sb, results);
        }
        sb.append("</section>\n");
    }

    private static String anchor(String scenario) {
        return "scenario-" + ResultGroups.slug(scenario);
    }
}
