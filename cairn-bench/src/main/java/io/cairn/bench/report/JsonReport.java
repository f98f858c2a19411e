package io.cairn.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes {@code results.json}: the whole {@link Report} as one JSON object (RFC 8259, UTF-8,
 * indented) with members {@code title}, {@code machine}, {@code pricePerMonth} ({@code null} when
 * not priced), {@code settings} (sorted by name) and {@code results}. Each result carries the
 * fields of {@link RunResult} under their record names plus {@code errors} and, when priced and
 * supported, {@code costPerBillion}; {@code ops}, {@code timeline} and {@code errorSamples} (most
 * frequent first) are written in full.
 *
 * <p>Numbers: integral values are written without a fraction ({@code 12345}), others in Java's
 * shortest round-tripping form, NaN and infinities as {@code null}. Strings escape quote,
 * backslash, control characters, lone surrogates and U+2028/U+2029; all other characters,
 * non-ASCII included, are written as themselves in UTF-8. Stateless and thread-safe.
 */
public final class JsonReport {
    /** The file name {@link ReportWriter} writes. */
    public static final String FILE_NAME = "results.json";

    private JsonReport() {
    }

    /** The whole file as text. */
    public static String toJson(Report report) {
        JsonWriter w = new JsonWriter();
        w.beginObject();
        w.name("title").value(report.title());
        w.name("machine");
        machine(w, report.machine());
        w.name("pricePerMonth").value(report.pricePerMonth() > 0 ? report.pricePerMonth() : Double.NaN);
        w.name("settings").beginObject();
        for (Map.Entry<String, String> e : new TreeMap<>(report.settings()).entrySet()) {
            w.name(e.getKey()).value(e.getValue());
        }
        w.endObject();
        w.name("results").beginArray();
        for (RunResult r : report.results()) {
            result(w, report, r);
        }
        w.endArray();
        w.endObject();
        return w.toString() + "\n";
    }

    /** Writes {@link #toJson} to {@code file} as UTF-8, replacing it. */
    public static void write(Report report, Path file) throws IOException {
        Files.writeString(file, toJson(report), StandardCharsets.UTF_8);
    }

    private static void machine(JsonWriter w, Machine m) {
        if (m == null) {
            w.nullValue();
            return;
        }
        w.beginObject();
        w.name("cores").value(m.cores());
        w.name("memoryBytes").value(m.memoryBytes());
        w.name("cpu").value(m.cpu());
        w.name("os").value(m.os());
        w.name("kernel").value(m.kernel());
        w.name("jdk").value(m.jdk());
        w.name("hostname").value(m.hostname());
        w.name("commit").value(m.commit());
        w.name("startedAt").value(m.startedAt());
        w.endObject();
    }

    private static void result(JsonWriter w, Report report, RunResult r) {
        w.beginObject();
        w.name("scenario").value(r.scenario());
        w.name("system").value(r.system());
        w.name("durability").value(r.durability());
        w.name("workload").value(r.workload());
        w.name("phase").value(r.phase());
        w.name("model").value(r.model());
        w.name("clients").value(r.clients());
        w.name("connections").value(r.connections());
        w.name("pipeline").value(r.pipeline());
        w.name("seconds").value(r.seconds());
        w.name("operations").value(r.operations());
        w.name("opsPerSecond").value(r.opsPerSecond());
        w.name("errors").value(r.errors());
        double cost = report.costPerBillion(r.opsPerSecond());
        if (!r.isUnsupported() && Double.isFinite(cost)) {
            w.name("costPerBillion").value(cost);
        }
        w.name("unsupported").value(r.unsupported());
        w.name("ops").beginArray();
        for (OpStats s : r.ops()) {
            w.beginObject();
            w.name("operation").value(s.operation());
            w.name("count").value(s.count());
            w.name("errors").value(s.errors());
            w.name("meanMicros").value(s.meanMicros());
            w.name("p50Micros").value(s.p50Micros());
            w.name("p95Micros").value(s.p95Micros());
            w.name("p99Micros").value(s.p99Micros());
            w.name("p999Micros").value(s.p999Micros());
            w.name("maxMicros").value(s.maxMicros());
            w.endObject();
        }
        w.endArray();
        w.name("timeline").beginArray();
        for (Sample s : r.timeline()) {
            w.beginObject();
            w.name("atSeconds").value(s.atSeconds());
            w.name("opsPerSecond").value(s.opsPerSecond());
            w.name("p99Micros").value(s.p99Micros());
            w.endObject();
        }
        w.endArray();
        w.name("errorSamples").beginObject();
        for (Map.Entry<String, Long> e : mostFrequentFirst(r.errorSamples())) {
            w.name(e.getKey()).value(e.getValue());
        }
        w.endObject();
        w.endObject();
    }

    /** Error samples by descending count, then by message, so the output is deterministic. */
    static List<Map.Entry<String, Long>> mostFrequentFirst(Map<String, Long> samples) {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(samples.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        return entries;
    }

    /**
     * A minimal streaming JSON writer with two-space indentation. The caller must nest begin/end
     * calls correctly and give each object member a {@link #name} before its value; the writer
     * does not check. Not thread-safe.
     */
    static final class JsonWriter {
        private final StringBuilder sb = new StringBuilder();
        private int depth;
        private boolean first = true;
        private boolean afterName;

        JsonWriter beginObject() {
            return open('{');
        }

        JsonWriter endObject() {
            return close('}');
        }

        JsonWriter beginArray() {
            return open('[');
        }

        JsonWriter endArray() {
            return close(']');
        }

        JsonWriter name(String name) {
            if (!first) {
                sb.append(',');
            }
            newline();
            first = false;
            string(name);
            sb.append(": ");
            afterName = true;
            return this;
        }

        JsonWriter value(String s) {
            if (s == null) {
                return nullValue();
            }
            prefix();
            string(s);
            return this;
        }

        JsonWriter value(long v) {
            prefix();
            sb.append(v);
            return this;
        }

        /** NaN and infinities have no JSON form and are written as {@code null}. */
        JsonWriter value(double v) {
            if (!Double.isFinite(v)) {
                return nullValue();
            }
            prefix();
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                sb.append((long) v);
            } else {
                sb.append(v);
            }
            return this;
        }

        JsonWriter nullValue() {
            prefix();
            sb.append("null");
            return this;
        }

        @Override
        public String toString() {
            return sb.toString();
        }

        private JsonWriter open(char bracket) {
            prefix();
            sb.append(bracket);
            depth++;
            first = true;
            return this;
        }

        private JsonWriter close(char bracket) {
            depth--;
            if (!first) {
                newline();
            }
            sb.append(bracket);
            first = false;
            return this;
        }

        private void prefix() {
            if (afterName) {
                afterName = false;
                return;
            }
            if (depth > 0) {
                if (!first) {
                    sb.append(',');
                }
                newline();
            }
            first = false;
        }

        private void newline() {
            sb.append('\n').repeat(' ', 2 * depth);
        }

        private void string(String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\b' -> sb.append("\\b");
                    case '\f' -> sb.append("\\f");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (Character.isHighSurrogate(c) && i + 1 < s.length()
                                && Character.isLowSurrogate(s.charAt(i + 1))) {
                            sb.append(c).append(s.charAt(++i));
                        } else if (c < 0x20 || Character.isSurrogate(c) || c == '\u2028' || c == '\u2029') {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }
    }
}
