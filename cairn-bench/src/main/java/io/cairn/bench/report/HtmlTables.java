package io.cairn.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The tables of {@code report.html}, as XHTML-compatible fragments: Cairn against each peer, one
 * summary per workload, the error samples, the machine and the settings. Every value is escaped
 * with {@link Xml#escape}. Stateless and thread-safe.
 */
final class HtmlTables {
    /** CSS class of the row with the best throughput of a summary table. */
    static final String BEST_CLASS = "best";
    /** CSS class of the cell giving why a result is unsupported. */
    static final String UNSUPPORTED_CLASS = "unsupported";

    /** CSS class of a ratio in Cairn's favour, and of one against it. */
    static final String BETTER_CLASS = "better";
    static final String WORSE_CLASS = "worse";

    private static final List<String> PERCENTILES = List.of("p50", "p99", "p99.9");

    private HtmlTables() {
    }

    /**
     * {@link PeerRatios} as one table: a row per comparison with both throughputs and p99s and their
     * ratios, each ratio marked {@link #BETTER_CLASS} or {@link #WORSE_CLASS} for Cairn.
     */
    static void ratios(StringBuilder sb, List<PeerRatios.Row> rows) {
        boolean settings = rows.stream().anyMatch(r -> !r.setting().isEmpty());
        sb.append("<table class=\"ratios\">\n<thead><tr><th>scenario</th><th>workload</th>");
        if (settings) {
            sb.append("<th>setting</th>");
        }
        sb.append("<th>peer</th><th>throughput, Cairn ÷ peer</th><th>Cairn ops/s</th><th>peer ops/s</th>")
                .append("<th>p99, Cairn ÷ peer</th><th>Cairn p99</th><th>peer p99</th></tr></thead>\n<tbody>\n");
        for (PeerRatios.Row r : rows) {
            sb.append("<tr>");
            cell(sb, r.scenario(), false);
            cell(sb, r.workload(), false);
            if (settings) {
                cell(sb, r.setting(), false);
            }
            cell(sb, r.peer().system(), false);
            if (r.peer().isUnsupported()) {
                sb.append("<td colspan=\"6\" class=\"").append(UNSUPPORTED_CLASS).append("\">unsupported by ")
                        .append(Xml.escape(r.peer().system())).append(": ").append(Xml.escape(r.peer().unsupported()))
                        .append("</td></tr>\n");
                continue;
            }
            ratio(sb, r.throughput(), r.throughput() > 1);
            cell(sb, Units.count(r.cairn().opsPerSecond()), true);
            cell(sb, Units.count(r.peer().opsPerSecond()), true);
            ratio(sb, r.p99(), r.p99() < 1);
            cell(sb, p99(r.cairn()), true);
            cell(sb, p99(r.peer()), true);
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    /** A ratio as {@code 1.25×} (three significant digits), marked for or against Cairn. */
    static String ratio(double v) {
        if (!Double.isFinite(v)) {
            return Units.MISSING;
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString() + "×";
    }

    private static void ratio(StringBuilder sb, double v, boolean better) {
        String css = !Double.isFinite(v) || v == 1 ? "" : better ? " " + BETTER_CLASS : " " + WORSE_CLASS;
        sb.append("<td class=\"num").append(css).append("\"><strong>").append(ratio(v)).append("</strong></td>");
    }

    private static String p99(RunResult r) {
        OpStats s = ResultGroups.aggregate(r);
        return s == null ? Units.MISSING : Units.micros(s.p99Micros());
    }

    /** The machine the report was measured on, with the price when given. */
    static void machine(StringBuilder sb, Report report) {
        Machine m = report.machine();
        Map<String, String> rows = new LinkedHashMap<>();
        if (m != null) {
            rows.put("CPU", m.cpu());
            rows.put("Cores", Integer.toString(m.cores()));
            rows.put("Memory", Units.bytes(m.memoryBytes()));
            rows.put("OS", m.os());
            rows.put("Kernel", m.kernel());
            rows.put("JDK", m.jdk());
            rows.put("Host", m.hostname());
            rows.put("Commit", m.commit());
            rows.put("Started", m.startedAt());
        }
        if (report.pricePerMonth() > 0) {
            rows.put("Price per month", money(report.pricePerMonth()));
        }
        keyValues(sb, rows);
    }

    /** Every setting, sorted by name. */
    static void settings(StringBuilder sb, Report report) {
        keyValues(sb, new TreeMap<>(report.settings()));
    }

    /**
     * The results of one workload: a row per result with throughput, p50/p99/p99.9 per operation
     * type (and of all operations together where recorded), errors and, when priced, the cost per
     * billion requests. The best throughput's row gets {@link #BEST_CLASS}; an unsupported result's
     * row gives the reason in a cell of class {@link #UNSUPPORTED_CLASS}.
     */
    static void summary(StringBuilder sb, Report report, List<RunResult> group) {
        List<String> ops = new ArrayList<>();
        if (group.stream().anyMatch(r -> r.ops().stream().anyMatch(s -> ResultGroups.ALL.equals(s.operation())))) {
            ops.add(ResultGroups.ALL);
        }
        ops.addAll(ResultGroups.opNames(group));
        boolean priced = report.pricePerMonth() > 0;
        boolean repeated = group.stream().anyMatch(r -> !r.repeats().isEmpty());
        RunResult best = ResultGroups.best(group);

        sb.append("<table class=\"summary\">\n<thead>\n<tr>");
        for (String h : List.of("system", "durability", "model", "clients", "ops/s")) {
            sb.append("<th rowspan=\"2\">").append(h).append("</th>");
        }
        for (String op : ops) {
            sb.append("<th colspan=\"3\" class=\"op\">").append(Xml.escape(op)).append("</th>");
        }
        sb.append("<th rowspan=\"2\">errors</th>");
        if (priced) {
            sb.append("<th rowspan=\"2\">cost per billion</th>");
        }
        if (repeated) {
            sb.append("<th rowspan=\"2\" title=\"the row is the run of median throughput\">ops/s of each run</th>");
        }
        sb.append("</tr>\n<tr>");
        for (int i = 0; i < ops.size(); i++) {
            PERCENTILES.forEach(p -> sb.append("<th>").append(p).append("</th>"));
        }
        sb.append("</tr>\n</thead>\n<tbody>\n");
        for (RunResult r : group) {
            boolean isBest = r == best && !r.isUnsupported();
            sb.append(isBest ? "<tr class=\"" + BEST_CLASS + "\" title=\"best throughput\">" : "<tr>");
            cell(sb, r.system(), false);
            cell(sb, r.durability(), false);
            cell(sb, r.pipeline() > 1 ? r.model() + " ×" + r.pipeline() : r.model(), false);
            cell(sb, Integer.toString(r.clients()), true);
            if (r.isUnsupported()) {
                int span = 1 + 3 * ops.size() + 1 + (priced ? 1 : 0) + (repeated ? 1 : 0);
                sb.append("<td colspan=\"").append(span).append("\" class=\"").append(UNSUPPORTED_CLASS)
                        .append("\">unsupported: ").append(Xml.escape(r.unsupported())).append("</td>");
            } else {
                sb.append("<td class=\"num\" title=\"").append(Xml.escape(Units.data(r.opsPerSecond())))
                        .append("\">").append(isBest ? "<strong>" : "").append(Units.count(r.opsPerSecond()))
                        .append(isBest ? "</strong>" : "").append("</td>");
                for (String op : ops) {
                    OpStats s = ResultGroups.op(r, op);
                    cell(sb, s == null ? Units.MISSING : Units.micros(s.p50Micros()), true);
                    cell(sb, s == null ? Units.MISSING : Units.micros(s.p99Micros()), true);
                    cell(sb, s == null ? Units.MISSING : Units.micros(s.p999Micros()), true);
                }
                long errors = r.errors();
                sb.append("<td class=\"num").append(errors > 0 ? " errors" : "").append("\">").append(errors)
                        .append("</td>");
                if (priced) {
                    cell(sb, money(report.costPerBillion(r.opsPerSecond())), true);
                }
                if (repeated) {
                    List<String> runs = new ArrayList<>();
                    r.repeats().forEach(v -> runs.add(Units.count(v)));
                    cell(sb, String.join(", ", runs), true);
                }
            }
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    /**
     * The memory results of one scenario: a row per system, durability and type with the resident
     * memory before and after the load, per element, the live data per element, and for every
     * system but Cairn, Cairn's resident memory per element over this one's for the same type and
     * durability (below 1 in Cairn's favour, marked as the ratios are).
     */
    static void memory(StringBuilder sb, List<MemoryResult> memory) {
        sb.append("<table class=\"memory\">\n<thead><tr><th>system</th><th>durability</th><th>type</th>")
                .append("<th>elements</th><th>value size</th><th>RSS before</th><th>RSS after</th>")
                .append("<th>RSS per element</th><th>RSS per element, Cairn ÷ this</th><th>live per element</th>")
                .append("<th>live</th><th>collected by</th></tr></thead>\n<tbody>\n");
        for (MemoryResult m : memory) {
            sb.append("<tr>");
            cell(sb, m.system(), false);
            cell(sb, m.durability(), false);
            cell(sb, m.type(), false);
            cell(sb, Units.count(m.elements()), true);
            cell(sb, m.valueSize() + " B", true);
            if (m.isUnsupported()) {
                sb.append("<td colspan=\"7\" class=\"").append(UNSUPPORTED_CLASS).append("\">unsupported: ")
                        .append(Xml.escape(m.unsupported())).append("</td></tr>\n");
                continue;
            }
            cell(sb, m.rssBefore() < 0 ? Units.MISSING : Units.bytes(m.rssBefore()), true);
            cell(sb, m.rssAfter() < 0 ? Units.MISSING : Units.bytes(m.rssAfter()), true);
            cell(sb, perElement(m.rssPerElement()), true);
            MemoryResult cairn = memory.stream().filter(o -> o.system().equals(PeerRatios.CAIRN) && !o.isUnsupported()
                    && o.type().equals(m.type()) && java.util.Objects.equals(o.durability(), m.durability()))
                    .findFirst().orElse(null);
            if (cairn == null || cairn == m) {
                cell(sb, "", true);
            } else {
                double v = cairn.rssPerElement() / m.rssPerElement();
                ratio(sb, m.rssPerElement() > 0 ? v : Double.NaN, v < 1);
            }
            cell(sb, perElement(m.livePerElement()), true);
            cell(sb, m.live(), false);
            cell(sb, m.gc(), false);
            sb.append("</tr>\n");
        }
        sb.append("</tbody>\n</table>\n");
    }

    private static String perElement(double bytes) {
        return Double.isFinite(bytes) ? String.format(Locale.ROOT, "%.1f B", bytes) : Units.MISSING;
    }

    /**
     * Every error sample of {@code results}, most frequent first per result, and a line for each
     * result that counted errors without recording a sample. Nothing when there were no errors.
     */
    static void errors(StringBuilder sb, List<RunResult> results) {
        List<RunResult> failing = results.stream()
                .filter(r -> r.errors() > 0 || !r.errorSamples().isEmpty()).toList();
        if (failing.isEmpty()) {
            return;
        }
        sb.append("<table class=\"errors\">\n<thead><tr><th>system</th><th>durability</th><th>workload</th>")
                .append("<th>clients</th><th>errors</th><th>message</th><th>seen</th></tr></thead>\n<tbody>\n");
        for (RunResult r : failing) {
            List<Map.Entry<String, Long>> samples = JsonReport.mostFrequentFirst(r.errorSamples());
            if (samples.isEmpty()) {
                samples = List.of(Map.entry("(no sample recorded)", r.errors()));
            }
            for (Map.Entry<String, Long> e : samples) {
                sb.append("<tr>");
                cell(sb, r.system(), false);
                cell(sb, r.durability(), false);
                cell(sb, ResultGroups.workloadLabel(r), false);
                cell(sb, Integer.toString(r.clients()), true);
                cell(sb, Long.toString(r.errors()), true);
                sb.append("<td class=\"message\"><code>").append(Xml.escape(e.getKey())).append("</code></td>");
                cell(sb, Long.toString(e.getValue()), true);
                sb.append("</tr>\n");
            }
        }
        sb.append("</tbody>\n</table>\n");
    }

    /** An amount of money to three significant digits, two decimals from 1 up: {@code 38.02}, {@code 0.0381}. */
    static String money(double v) {
        if (!Double.isFinite(v)) {
            return Units.MISSING;
        }
        if (Math.abs(v) >= 1) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
        return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
    }

    private static void keyValues(StringBuilder sb, Map<String, String> rows) {
        sb.append("<table class=\"kv\">\n<tbody>\n");
        rows.forEach((k, v) -> sb.append("<tr><th>").append(Xml.escape(k)).append("</th><td>")
                .append(Xml.escape(v)).append("</td></tr>\n"));
        sb.append("</tbody>\n</table>\n");
    }

    private static void cell(StringBuilder sb, String text, boolean numeric) {
        sb.append(numeric ? "<td class=\"num\">" : "<td>").append(Xml.escape(text)).append("</td>");
    }
}
