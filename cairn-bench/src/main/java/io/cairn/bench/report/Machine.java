package io.cairn.bench.report;

/**
 * The machine and software a report was measured on, recorded with every result file.
 *
 * @param cores processors available to the JVM
 * @param memoryBytes total physical memory
 * @param cpu the CPU model name, from /proc/cpuinfo where available
 * @param os the OS name and version
 * @param kernel the kernel release
 * @param jdk the JVM running the bench (vendor and version)
 * @param hostname where it ran
 * @param commit the Cairn commit measured, or {@code "unknown"}
 * @param startedAt ISO-8601 UTC time the bench started
 */
public record Machine(int cores, long memoryBytes, String cpu, String os, String kernel, String jdk,
        String hostname, String commit, String startedAt) {
}
