package io.cairn.bench.report;

import java.util.Map;
import java.util.Objects;

/**
 * What a server held and reported after one phase (the load, or one run): its resident memory,
 * the bytes of its data directory on disk, and the figures of its own it gives (for Cairn, INFO's
 * {@code disk} and WAL latency fields, by name as INFO spells them, text as INFO gives them). It
 * names its phase as a {@link RunResult} does, so the two join on system, durability, workload,
 * phase and clients. A byte count not read is -1.
 *
 * @param records the records the load stored: what the per-record figures divide by
 * @param rssBytes VmRSS of the server process, as it is (no collection first)
 * @param diskBytes bytes of every file in the server's directory (data and log), its own log aside
 * @param figures the server's own figures, in the order it gave them; empty when it gives none
 */
public record ServerResult(String scenario, String system, String durability, String workload, String phase,
        int clients, long records, long rssBytes, long diskBytes, Map<String, String> figures) {

    public ServerResult {
        Objects.requireNonNull(system, "system");
        if (records <= 0) {
            throw new IllegalArgumentException("records: " + records + " (expected: > 0)");
        }
        figures = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(figures));
    }

    /** Resident memory per record; NaN when not read. */
    public double rssPerRecord() {
        return rssBytes < 0 ? Double.NaN : (double) rssBytes / records;
    }

    /** Bytes on disk per record; NaN when not read. */
    public double diskPerRecord() {
        return diskBytes < 0 ? Double.NaN : (double) diskBytes / records;
    }
}
