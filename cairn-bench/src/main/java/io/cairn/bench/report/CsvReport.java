package io.cairn.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Writes {@code results.csv}: for each supported result one row per operation type, then an
 * {@value ResultGroups#ALL} row with the result's totals, throughput and cost per billion requests
 * (latencies there only when the result has all-operations statistics, see {@link ResultGroups});
 * an unsupported result is a single {@value ResultGroups#ALL} row whose {@code unsupported} column
 * gives the reason. So filtering on {@code operation = all} gives exactly one row per result. A
 * result that is the median of repeated runs lists every run's throughput in {@code repeats},
 * separated by spaces, on each of its rows. The memory scenario's results go to their own file,
 * {@value #MEMORY_FILE_NAME} ({@link #memoryCsv}), one row per system, durability and type; the
 * server readings after each phase to {@value #SERVER_FILE_NAME} ({@link #serverCsv}).
 *
 * <p>RFC 4180: CRLF line ends, a header row, fields quoted (quotes doubled) only when they contain a
 * comma, quote, CR or LF. Latencies are microseconds; numbers are plain decimals (at most three
 * decimals, no exponent), and a value not measured or not priced is an empty field. UTF-8, no BOM.
 * Written by hand rather than with a CSV library: RFC 4180's quoting is one short method here
 * ({@link #quote}), less than a dependency would cost. Stateless and thread-safe.
 */
public final class CsvReport {
    /** The file name {@link ReportWriter} writes. */
    public static final String FILE_NAME = "results.csv";
    /** The file of memory results {@link ReportWriter} writes when there are any. */
    public static final String MEMORY_FILE_NAME = "memory.csv";
    /** The file of server readings {@link ReportWriter} writes when there are any. */
    public static final String SERVER_FILE_NAME = "server.csv";

    /**
     * The first columns of {@value #SERVER_FILE_NAME}, in order; after them one column per server
     * figure, named as the server names it, in the order first seen (empty where a server did not
     * give it).
     */
    public static final List<String> SERVER_COLUMNS = List.of("scenario", "system", "durability", "workload",
            "phase", "clients", "records", "rss_bytes", "rss_per_record", "disk_bytes", "disk_per_record");

    /** The header row's columns, in order. */
    public static final List<String> COLUMNS = List.of("scenario", "system", "durability", "workload",
            "phase", "model", "clients", "connections", "pipeline", "seconds", "operation", "count",
            "errors", "ops_per_sec", "mean_us", "p50_us", "p95_us", "p99_us", "p999_us", "max_us",
            "cost_per_billion", "unsupported", "repeats");

    /** The columns of {@value #MEMORY_FILE_NAME}, in order; bytes, and bytes per element. */
    public static final List<String> MEMORY_COLUMNS = List.of("scenario", "system", "durability", "type",
            "elements", "value_size", "rss_before", "rss_after", "rss_per_element", "live_before", "live_after",
            "live_per_element", "live", "gc", "unsupported");

    private static final String EOL = "\r\n";

    private CsvReport() {
    }

    /** The whole file as text. */
    public static String toCsv(Report report) {
        StringBuilder sb = new StringBuilder();
        row(sb, COLUMNS);
        for (RunResult r : report.results()) {
            if (r.isUnsupported()) {
                row(sb, result(r, ResultGroups.ALL, "", "", "", null, "", r.unsupported()));
                continue;
            }
            for (OpStats s : ResultGroups.opTypes(r)) {
                row(sb, result(r, s.operation(), Long.toString(s.count()), Long.toString(s.errors()),
                        Units.data(r.seconds() > 0 ? s.count() / r.seconds() : Double.NaN), s, "", ""));
            }
            row(sb, result(r, ResultGroups.ALL, Long.toString(r.operations()), Long.toString(r.errors()),
                    Units.data(r.opsPerSecond()), ResultGroups.aggregate(r),
                    Units.data(report.costPerBillion(r.opsPerSecond())), ""));
        }
        return sb.toString();
    }

    /** The memory results as {@value #MEMORY_FILE_NAME}'s text; a reading not taken is an empty field. */
    public static String memoryCsv(List<MemoryResult> memory) {
        StringBuilder sb = new StringBuilder();
        row(sb, MEMORY_COLUMNS);
        for (MemoryResult m : memory) {
            row(sb, List.of(str(m.scenario()), m.system(), str(m.durability()), m.type(), Long.toString(m.elements()),
                    Integer.toString(m.valueSize()), bytes(m.rssBefore()), bytes(m.rssAfter()),
                    Units.data(m.rssPerElement()), bytes(m.liveBefore()), bytes(m.liveAfter()),
                    Units.data(m.livePerElement()), str(m.live()), str(m.gc()), str(m.unsupported())));
        }
        return sb.toString();
    }

    /** The server readings as {@value #SERVER_FILE_NAME}'s text. */
    public static String serverCsv(List<ServerResult> servers) {
        java.util.LinkedHashSet<String> figures = new java.util.LinkedHashSet<>();
        servers.forEach(s -> figures.addAll(s.figures().keySet()));
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(SERVER_COLUMNS);
        header.addAll(figures);
        row(sb, header);
        for (ServerResult s : servers) {
            List<String> f = new ArrayList<>(List.of(str(s.scenario()), s.system(), str(s.durability()),
                    str(s.workload()), str(s.phase()), Integer.toString(s.clients()), Long.toString(s.records()),
                    bytes(s.rssBytes()), Units.data(s.rssPerRecord()), bytes(s.diskBytes()),
                    Units.data(s.diskPerRecord())));
            for (String name : figures) {
                f.add(s.figures().getOrDefault(name, ""));
            }
            row(sb, f);
        }
        return sb.toString();
    }

    private static String bytes(long n) {
        return n < 0 ? "" : Long.toString(n);
    }

    /** Writes {@link #toCsv} to {@code file} as UTF-8, replacing it. */
    public static void write(Report report, Path file) throws IOException {
        Files.writeString(file, toCsv(report), StandardCharsets.UTF_8);
    }

    private static List<String> result(RunResult r, String operation, String count, String errors,
            String opsPerSecond, OpStats latency, String cost, String unsupported) {
        List<String> f = new ArrayList<>(COLUMNS.size());
        f.add(str(r.scenario()));
        f.add(str(r.system()));
        f.add(str(r.durability()));
        f.add(str(r.workload()));
        f.add(str(r.phase()));
        f.add(str(r.model()));
        f.add(Integer.toString(r.clients()));
        f.add(Integer.toString(r.connections()));
        f.add(Integer.toString(r.pipeline()));
        f.add(Units.data(r.seconds()));
        f.add(operation);
        f.add(count);
        f.add(errors);
        f.add(opsPerSecond);
        if (latency == null) {
            f.addAll(List.of("", "", "", "", "", ""));
        } else {
            f.add(Units.data(latency.meanMicros()));
            f.add(Units.data(latency.p50Micros()));
            f.add(Units.data(latency.p95Micros()));
            f.add(Units.data(latency.p99Micros()));
            f.add(Units.data(latency.p999Micros()));
            f.add(Units.data(latency.maxMicros()));
        }
        f.add(cost);
        f.add(unsupported);
        StringBuilder repeats = new StringBuilder();
        for (double v : r.repeats()) {
            repeats.append(repeats.isEmpty() ? "" : " ").append(Units.data(v));
        }
        f.add(repeats.toString());
        return f;
    }

    private static void row(StringBuilder sb, List<String> fields) {
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(quote(wellFormed(fields.get(i))));
        }
        sb.append(EOL);
    }

    /** {@code field} as RFC 4180 wants it: quoted, with quotes doubled, if it holds , " CR or LF. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\r') < 0
                && field.indexOf('\n') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    /** {@code s} with lone surrogates, which UTF-8 cannot encode, replaced by U+FFFD. */
    private static String wellFormed(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1));
            if (pair) {
                i++;
            } else if (Character.isSurrogate(c)) {
                if (sb == null) {
                    sb = new StringBuilder(s);
                }
                sb.setCharAt(i, '\uFFFD');
            }
        }
        return sb == null ? s : sb.toString();
    }

    private static String str(String s) {
        return Objects.toString(s, "");
    }
}
