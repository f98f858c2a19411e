package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Text for the terminal: a fixed-width table of results and a one-line live progress display.
 * ASCII only, so it reads the same whatever the terminal's encoding (latencies in {@code us},
 * {@code ms}, {@code s}; rates as {@code 123.4k}). Stateless and thread-safe.
 *
 * <p>The table has one row per result with its throughput and all-operations latency (see
 * {@link ResultGroups}: {@code -} for a mixed workload that recorded none), and under a mixed
 * workload's row one indented row per operation type. Numbers are right-aligned; an unsupported
 * result shows its reason in place of the numbers. When some result is the median of repeated runs,
 * a last column {@code runs} lists every run's throughput.
 *
 * <p>{@link #renderMemory} is the memory scenario's table: resident memory before and after each
 * collection was loaded and per element, and the server's own live-data figure per element.
 * {@link #renderServers} is the table of server readings after each phase: resident memory and
 * disk, in all and per record, and a few of the server's own figures.
 */
public final class TerminalTable {
    /** The progress line never reaches this many columns. */
    public static final int MAX_PROGRESS_COLUMNS = 100;

    private static final List<String> HEADER = List.of("system", "durability", "workload", "phase", "model",
            "clients", "op", "ops/s", "p50", "p99", "p99.9", "errors");
    /** Columns from this index on are numbers, right-aligned. */
    private static final int FIRST_NUMBER = 7;
    private static final int CLIENTS = 5;
    private static final String GAP = "  ";

    private TerminalTable() {
    }

    /** The table of {@code results}, in the given order, each line ending in {@code \n}. */
    public static String render(List<RunResult> results) {
        boolean repeated = results.stream().anyMatch(r -> !r.repeats().isEmpty());
        List<String> header = repeated ? concat(HEADER, List.of("runs")) : HEADER;
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (RunResult r : results) {
            List<String> head = List.of(str(r.system()), str(r.durability()), str(r.workload()), str(r.phase()),
                    r.pipeline() > 1 ? r.model() + " " + r.pipeline() : str(r.model()),
                    Integer.toString(r.clients()));
            List<String> runs = repeated ? List.of(runs(r)) : List.of();
            if (r.isUnsupported()) {
                rows.add(concat(concat(head, List.of("-", "", "", "", "", "")), runs));
                notes.add("unsupported: " + r.unsupported());
                continue;
            }
            List<OpStats> types = ResultGroups.opTypes(r);
            OpStats all = ResultGroups.aggregate(r);
            String op = types.size() == 1 && all == types.getFirst() ? all.operation() : ResultGroups.ALL;
            rows.add(concat(concat(head, numbers(op, r.opsPerSecond(), all, r.errors())), runs));
            notes.add(null);
            if (types.size() > 1) {
                for (OpStats s : types) {
                    double rate = r.seconds() > 0 ? s.count() / r.seconds() : Double.NaN;
                    rows.add(concat(concat(List.of("", "", "", "", "", ""),
                            numbers("  " + s.operation(), rate, s, s.errors())), repeated ? List.of("") : List.of()));
                    notes.add(null);
                }
            }
        }
        return table(header, rows, notes, new Layout(FIRST_NUMBER, c -> c >= FIRST_NUMBER || c == CLIENTS));
    }

    private static String runs(RunResult r) {
        List<String> each = new ArrayList<>();
        r.repeats().forEach(v -> each.add(Units.count(v)));
        return String.join(" ", each);
    }

    private static final List<String> MEMORY_HEADER = List.of("system", "durability", "type", "elements", "value",
            "rss before", "rss after", "rss/element", "live/element", "live", "gc");

    /**
     * The memory results as a table, each line ending in {@code \n}: sizes in binary units, the
     * per-element figures in bytes with one decimal; an unsupported row gives its reason.
     */
    public static String renderMemory(List<MemoryResult> memory) {
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (MemoryResult m : memory) {
            List<String> head = List.of(m.system(), str(m.durability()), m.type(), Units.count(m.elements()),
                    m.valueSize() + " B");
            if (m.isUnsupported()) {
                rows.add(concat(head, List.of("", "", "", "", "", "")));
                notes.add("unsupported: " + m.unsupported());
                continue;
            }
            rows.add(concat(head, List.of(size(m.rssBefore()), size(m.rssAfter()), perElement(m.rssPerElement()),
                    perElement(m.livePerElement()), str(m.live()), str(m.gc()))));
            notes.add(null);
        }
        return table(MEMORY_HEADER, rows, notes, new Layout(5, c -> c >= 3 && c <= 8)); // elements to live/element
    }

    private static final List<String> SERVER_HEADER = List.of("system", "durability", "workload", "phase",
            "clients", "records", "rss", "rss/record", "disk", "disk/record", "write amp", "save p99",
            "compaction p99", "wal fsync p99");

    /**
     * The server readings as a table, each line ending in {@code \n}: sizes in binary units, the
     * per-record figures in bytes with one decimal, then as the server gives them its write
     * amplification (Cairn's on disk, or vinyl's), its p99 stage save and compaction (ms) and WAL fsync (us); {@code -} where it
     * gives none.
     */
    public static String renderServers(List<ServerResult> servers) {
        List<List<String>> rows = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (ServerResult s : servers) {
            Map<String, String> f = s.figures();
            rows.add(List.of(s.system(), str(s.durability()), str(s.workload()), str(s.phase()),
                    Integer.toString(s.clients()), Units.count(s.records()), size(s.rssBytes()),
                    perElement(s.rssPerRecord()), size(s.diskBytes()), perElement(s.diskPerRecord()),
                    f.getOrDefault("disk_write_amplification", f.getOrDefault("vinyl_write_amplification", Units.MISSING)),
                    withUnit(f.get("disk_stage_save_p99_ms"), " ms"), withUnit(f.get("disk_compaction_p99_ms"), " ms"),
                    withUnit(f.get("wal_fsync_p99_usec"), " us")));
            notes.add(null);
        }
        return table(SERVER_HEADER, rows, notes, new Layout(SERVER_HEADER.size(), c -> c >= 4));
    }

    private static String withUnit(String value, String unit) {
        return value == null ? Units.MISSING : value + unit;
    }

    private static String size(long bytes) {
        return bytes < 0 ? Units.MISSING : Units.bytes(bytes);
    }

    private static String perElement(double bytes) {
        return Double.isFinite(bytes) ? String.format(java.util.Locale.ROOT, "%.1f B", bytes) : Units.MISSING;
    }

    /**
     * How a table is laid out: a row's note replaces its cells from {@code noteColumn} on, and the
     * columns {@code right} accepts are right-aligned.
     */
    private record Layout(int noteColumn, java.util.function.IntPredicate right) {
    }

    /** Lays out {@code rows} under {@code header}, each with its note or {@code null}. */
    private static String table(List<String> header, List<List<String>> rows, List<String> notes, Layout layout) {
        int[] widths = new int[header.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = header.get(c).length();
            for (int i = 0; i < rows.size(); i++) {
                if (notes.get(i) == null || c < layout.noteColumn()) {
                    widths[c] = Math.max(widths[c], rows.get(i).get(c).length());
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, header, widths, null, layout);
        List<String> rule = new ArrayList<>();
        for (int w : widths) {
            rule.add("-".repeat(w));
        }
        line(sb, rule, widths, null, layout);
        for (int i = 0; i < rows.size(); i++) {
            line(sb, rows.get(i), widths, notes.get(i), layout);
        }
        return sb.toString();
    }

    /**
     * One short line (under {@value #MAX_PROGRESS_COLUMNS} columns) for a live display, such as
     * {@code [run] cairn/a  elapsed 12s  1.2M/10M ops 12%  123.4k ops/s  ETA 1m13s}. Not padded:
     * when overwriting the previous line with {@code \r}, clear to its end ({@code ESC [K}).
     *
     * @param total the operations the phase will do, or 0 when unknown (no percentage or ETA)
     * @param opsPerSecond the current rate, from which the ETA follows
     */
    public static String progressLine(String phase, String system, String workload, double elapsedSeconds,
            long done, long total, double opsPerSecond) {
        StringBuilder sb = new StringBuilder(MAX_PROGRESS_COLUMNS);
        sb.append('[').append(cut(phase, 8)).append("] ").append(cut(system, 12)).append('/')
                .append(cut(workload, 12));
        sb.append("  elapsed ").append(Units.duration(elapsedSeconds));
        sb.append("  ").append(Units.count(done));
        if (total > 0) {
            sb.append('/').append(Units.count(total)).append(" ops ")
                    .append(Math.min(100, done * 100 / total)).append('%');
        } else {
            sb.append(" ops");
        }
        sb.append("  ").append(Units.count(opsPerSecond)).append(" ops/s");
        double eta = total > 0 && opsPerSecond > 0 ? Math.max(0, total - done) / opsPerSecond : Double.NaN;
        sb.append("  ETA ").append(Units.duration(eta));
        return cut(sb.toString(), MAX_PROGRESS_COLUMNS - 1);
    }

    private static List<String> numbers(String op, double opsPerSecond, OpStats latency, long errors) {
        return List.of(op, Units.count(opsPerSecond),
                latency == null ? Units.MISSING : Units.microsAscii(latency.p50Micros()),
                latency == null ? Units.MISSING : Units.microsAscii(latency.p99Micros()),
                latency == null ? Units.MISSING : Units.microsAscii(latency.p999Micros()),
                Long.toString(errors));
    }

    private static void line(StringBuilder sb, List<String> cells, int[] widths, String note, Layout layout) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (note != null && c == layout.noteColumn()) {
                line.append(GAP).append(note);
                break;
            }
            if (c > 0) {
                line.append(GAP);
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            boolean right = layout.right().test(c);
            line.append(right ? pad + cell : cell + pad);
        }
        sb.append(line.toString().stripTrailing()).append('\n');
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static String cut(String s, int max) {
        String t = Objects.toString(s, "");
        return t.length() <= max ? t : t.substring(0, max - 1) + "~";
    }

    private static String str(String s) {
        return Objects.toString(s, "");
    }
}
