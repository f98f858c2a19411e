package io.cairn.bench.report;

import java.util.Objects;

/**
 * What one collection of {@code elements} elements cost a freshly started server: its resident
 * memory before and after the collection was loaded, and the live data its own accounting reports
 * (a JVM's heap used after a full collection, Redis's {@code used_memory}). A byte count not read
 * is -1.
 *
 * @param scenario {@code memory}
 * @param type {@code list}, {@code set}, {@code zset} or {@code hash}
 * @param valueSize bytes per element (per field and per value of a hash)
 * @param rssBefore VmRSS of the server process before the load, in bytes
 * @param rssAfter VmRSS after the load
 * @param liveBefore the live data before the load, as {@code live} says, in bytes
 * @param liveAfter the live data after the load
 * @param live what the live figures are: {@code heap used after GC.run}, {@code used_memory}
 * @param gc how the server was collected before each reading: {@code jcmd GC.run}, or {@code none}
 * @param unsupported why the system cannot hold this type, or {@code null}
 */
public record MemoryResult(String scenario, String system, String durability, String type, long elements,
        int valueSize, long rssBefore, long rssAfter, long liveBefore, long liveAfter, String live, String gc,
        String unsupported) {

    public MemoryResult {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(type, "type");
        if (elements <= 0) {
            throw new IllegalArgumentException("elements: " + elements + " (expected: > 0)");
        }
    }

    /** A system that cannot hold {@code type}, and why. */
    public static MemoryResult unsupported(String scenario, String system, String durability, String type,
            long elements, int valueSize, String why) {
        return new MemoryResult(scenario, system, durability, type, elements, valueSize, -1, -1, -1, -1, "", "",
                Objects.requireNonNull(why, "why"));
    }

    public boolean isUnsupported() {
        return unsupported != null;
    }

    /** Resident memory the collection added, per element; NaN when a reading is missing. */
    public double rssPerElement() {
        return perElement(rssBefore, rssAfter);
    }

    /** Live data the collection added, per element; NaN when a reading is missing. */
    public double livePerElement() {
        return perElement(liveBefore, liveAfter);
    }

    private double perElement(long before, long after) {
        return before < 0 || after < 0 ? Double.NaN : (double) (after - before) / elements;
    }
}
