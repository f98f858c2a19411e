package io.cairn.bench.report;

import com.fasterxml.jackson.core.JsonGenerator;
import io.cairn.bench.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Writes {@code results.json}: the whole {@link Report} as one JSON object (indented, through
 * {@link Json}) with members {@code title}, {@code machine}, {@code pricePerMonth} ({@code null}
 * when not priced), {@code settings} (sorted by name) and {@code results}. Each result carries the
 * fields of {@link RunResult} under their record names plus {@code errors} and, when priced and
 * supported, {@code costPerBillion}; {@code ops}, {@code timeline} and {@code errorSamples} (most
 * frequent first) are written in full, and {@code repeats} (each run's throughput) when the result
 * is the median of repeated runs. A report with memory results has a {@code memory} array too,
 * each element the fields of {@link MemoryResult} plus {@code rssPerElement} and
 * {@code livePerElement} (a byte count not read is -1). A report with server readings has a
 * {@code servers} array, each element the fields of {@link ServerResult} ({@code figures} an object
 * of strings, in the server's order) plus {@code rssPerRecord} and {@code diskPerRecord}. Numbers and strings are written as {@link Json} says:
 * integral values without a fraction, NaN and infinities as {@code null}. Stateless and thread-safe.
 */
public final class JsonReport {
    /** The file name {@link ReportWriter} writes. */
    public static final String FILE_NAME = "results.json";

    private JsonReport() {
    }

    /** The whole file as text. */
    public static String toJson(Report report) {
        return new String(toBytes(report), StandardCharsets.UTF_8);
    }

    /** Writes the file to {@code file}, replacing it. */
    public static void write(Report report, Path file) throws IOException {
        Files.write(file, toBytes(report));
    }

    private static byte[] toBytes(Report report) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(16 * 1024);
        try (JsonGenerator w = Json.indented(out)) {
            w.writeStartObject();
            w.writeStringField("title", report.title());
            w.writeFieldName("machine");
            machine(w, report.machine());
            w.writeFieldName("pricePerMonth");
            Json.number(w, report.pricePerMonth() > 0 ? report.pricePerMonth() : Double.NaN);
            w.writeObjectFieldStart("settings");
            for (Map.Entry<String, String> e : new TreeMap<>(report.settings()).entrySet()) {
                w.writeStringField(e.getKey(), e.getValue());
            }
            w.writeEndObject();
            w.writeArrayFieldStart("results");
            for (RunResult r : report.results()) {
                result(w, report, r);
            }
            w.writeEndArray();
            if (!report.memory().isEmpty()) {
                w.writeArrayFieldStart("memory");
                for (MemoryResult m : report.memory()) {
                    memory(w, m);
                }
                w.writeEndArray();
            }
            if (!report.servers().isEmpty()) {
                w.writeArrayFieldStart("servers");
                for (ServerResult s : report.servers()) {
                    server(w, s);
                }
                w.writeEndArray();
            }
            w.writeEndObject();
            w.writeRaw('\n');
        } catch (IOException e) {
            throw new UncheckedIOException("writing JSON to memory", e); // a ByteArrayOutputStream does not fail
        }
        return out.toByteArray();
    }

    private static void machine(JsonGenerator w, Machine m) throws IOException {
        if (m == null) {
            w.writeNull();
            return;
        }
        w.writeStartObject();
        w.writeNumberField("cores", m.cores());
        w.writeNumberField("memoryBytes", m.memoryBytes());
        w.writeStringField("cpu", m.cpu());
        w.writeStringField("os", m.os());
        w.writeStringField("kernel", m.kernel());
        w.writeStringField("jdk", m.jdk());
        w.writeStringField("hostname", m.hostname());
        w.writeStringField("commit", m.commit());
        w.writeStringField("startedAt", m.startedAt());
        w.writeEndObject();
    }

    private static void result(JsonGenerator w, Report report, RunResult r) throws IOException {
        w.writeStartObject();
        w.writeStringField("scenario", r.scenario());
        w.writeStringField("system", r.system());
        w.writeStringField("durability", r.durability());
        w.writeStringField("workload", r.workload());
        w.writeStringField("phase", r.phase());
        w.writeStringField("model", r.model());
        w.writeNumberField("clients", r.clients());
        w.writeNumberField("connections", r.connections());
        w.writeNumberField("pipeline", r.pipeline());
        number(w, "seconds", r.seconds());
        w.writeNumberField("operations", r.operations());
        number(w, "opsPerSecond", r.opsPerSecond());
        w.writeNumberField("errors", r.errors());
        double cost = report.costPerBillion(r.opsPerSecond());
        if (!r.isUnsupported() && Double.isFinite(cost)) {
            number(w, "costPerBillion", cost);
        }
        w.writeStringField("unsupported", r.unsupported());
        w.writeArrayFieldStart("ops");
        for (OpStats s : r.ops()) {
            w.writeStartObject();
            w.writeStringField("operation", s.operation());
            w.writeNumberField("count", s.count());
            w.writeNumberField("errors", s.errors());
            number(w, "meanMicros", s.meanMicros());
            number(w, "p50Micros", s.p50Micros());
            number(w, "p95Micros", s.p95Micros());
            number(w, "p99Micros", s.p99Micros());
            number(w, "p999Micros", s.p999Micros());
            number(w, "maxMicros", s.maxMicros());
            w.writeEndObject();
        }
        w.writeEndArray();
        w.writeArrayFieldStart("timeline");
        for (Sample s : r.timeline()) {
            w.writeStartObject();
            number(w, "atSeconds", s.atSeconds());
            number(w, "opsPerSecond", s.opsPerSecond());
            number(w, "p99Micros", s.p99Micros());
            w.writeEndObject();
        }
        w.writeEndArray();
        w.writeObjectFieldStart("errorSamples");
        for (Map.Entry<String, Long> e : mostFrequentFirst(r.errorSamples())) {
            w.writeNumberField(e.getKey(), e.getValue());
        }
        w.writeEndObject();
        if (!r.repeats().isEmpty()) {
            w.writeArrayFieldStart("repeats");
            for (double v : r.repeats()) {
                Json.number(w, v);
            }
            w.writeEndArray();
        }
        w.writeEndObject();
    }

    private static void memory(JsonGenerator w, MemoryResult m) throws IOException {
        w.writeStartObject();
        w.writeStringField("scenario", m.scenario());
        w.writeStringField("system", m.system());
        w.writeStringField("durability", m.durability());
        w.writeStringField("type", m.type());
        w.writeNumberField("elements", m.elements());
        w.writeNumberField("valueSize", m.valueSize());
        w.writeNumberField("rssBefore", m.rssBefore());
        w.writeNumberField("rssAfter", m.rssAfter());
        number(w, "rssPerElement", m.rssPerElement());
        w.writeNumberField("liveBefore", m.liveBefore());
        w.writeNumberField("liveAfter", m.liveAfter());
        number(w, "livePerElement", m.livePerElement());
        w.writeStringField("live", m.live());
        w.writeStringField("gc", m.gc());
        w.writeStringField("unsupported", m.unsupported());
        w.writeEndObject();
    }

    private static void server(JsonGenerator w, ServerResult s) throws IOException {
        w.writeStartObject();
        w.writeStringField("scenario", s.scenario());
        w.writeStringField("system", s.system());
        w.writeStringField("durability", s.durability());
        w.writeStringField("workload", s.workload());
        w.writeStringField("phase", s.phase());
        w.writeNumberField("clients", s.clients());
        w.writeNumberField("records", s.records());
        w.writeNumberField("rssBytes", s.rssBytes());
        number(w, "rssPerRecord", s.rssPerRecord());
        w.writeNumberField("diskBytes", s.diskBytes());
        number(w, "diskPerRecord", s.diskPerRecord());
        w.writeObjectFieldStart("figures");
        for (Map.Entry<String, String> e : s.figures().entrySet()) {
            w.writeStringField(e.getKey(), e.getValue());
        }
        w.writeEndObject();
        w.writeEndObject();
    }

    private static void number(JsonGenerator w, String name, double v) throws IOException {
        w.writeFieldName(name);
        Json.number(w, v);
    }

    /** Error samples by descending count, then by message, so the output is deterministic. */
    static List<Map.Entry<String, Long>> mostFrequentFirst(Map<String, Long> samples) {
        List<Map.Entry<String, Long>> entries = new ArrayList<>(samples.entrySet());
        entries.sort(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey()));
        return entries;
    }
}
