package io.cairn.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Writes {@code report.html}: one self-contained page (inline CSS, the chart SVGs inlined, no
 * scripts, fonts or other external references except links to the data files and charts written
 * next to it) with the title, the machine and settings, and per scenario a summary table per
 * workload (best throughput highlighted, unsupported results with their reason), every error
 * sample, and the scenario's charts.
 *
 * <p>The page is XHTML-compatible: well-formed XML in the XHTML namespace with only the predefined
 * entities, served as HTML5 ({@code <!DOCTYPE html>}), so browsers and XML parsers both read it.
 * Stateless and thread-safe.
 */
public final class HtmlReport {
    /** The file name {@link ReportWriter} writes. */
    public static final String FILE_NAME = "report.html";

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
            .columns { display: flex; flex-wrap: wrap; gap: 32px; }
            figure { margin: 16px 0; }
            figure svg { max-width: 100%; height: auto; }
            figcaption { font-size: 12px; color: #666; }
            nav a { margin-right: 12px; }
            """;

    private HtmlReport() {
    }

    /** The page, with {@code charts} (from {@link Charts#plan}) inlined under their scenarios. */
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
        sb.append("<nav>");
        for (String scenario : byScenario.keySet()) {
            sb.append("<a href=\"#").append(anchor(scenario)).append("\">").append(Xml.escape(scenario))
                    .append("</a>");
        }
        sb.append("</nav>\n");

        sb.append("<div class=\"columns\">\n<section>\n<h2>Machine</h2>\n");
        HtmlTables.machine(sb, report);
        sb.append("</section>\n<section>\n<h2>Settings</h2>\n");
        HtmlTables.settings(sb, report);
        sb.append("</section>\n</div>\n");

        for (Map.Entry<String, List<RunResult>> e : byScenario.entrySet()) {
            scenario(sb, report, e.getKey(), e.getValue(), charts);
        }
        if (report.results().isEmpty()) {
            sb.append("<p>No results.</p>\n");
        }
        sb.append("</body>\n</html>\n");
        return sb.toString();
    }

    /** {@link #toHtml} of {@code report} and {@code charts}, to {@code file} as UTF-8, replacing it. */
    public static void write(Report report, List<Charts.Chart> charts, Path file) throws IOException {
        Files.writeString(file, toHtml(report, charts), StandardCharsets.UTF_8);
    }

    private static void scenario(StringBuilder sb, Report report, String scenario, List<RunResult> results,
            List<Charts.Chart> charts) {
        sb.append("<section id=\"").append(anchor(scenario)).append("\">\n<h2>Scenario ")
                .append(Xml.escape(scenario)).append("</h2>\n");
        for (List<RunResult> group : ResultGroups.groupBy(results, ResultGroups::workloadLabel).values()) {
            sb.append("<h3>Workload ").append(Xml.escape(ResultGroups.workloadLabel(group.getFirst())))
                    .append("</h3>\n");
            HtmlTables.summary(sb, report, group);
        }
        if (results.stream().anyMatch(r -> r.errors() > 0 || !r.errorSamples().isEmpty())) {
            sb.append("<h3>Errors</h3>\n");
            HtmlTables.errors(sb, results);
        }
        for (Charts.Chart c : charts) {
            if (c.scenario().equals(scenario)) {
                sb.append("<figure>\n").append(c.svg()).append("<figcaption><a href=\"")
                        .append(Xml.escape(c.fileName())).append("\">").append(Xml.escape(c.fileName()))
                        .append("</a></figcaption>\n</figure>\n");
            }
        }
        sb.append("</section>\n");
    }

    private static String anchor(String scenario) {
        return "scenario-" + ResultGroups.slug(scenario);
    }
}
