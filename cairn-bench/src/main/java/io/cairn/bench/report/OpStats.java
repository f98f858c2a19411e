package io.cairn.bench.report;

/**
 * Latency and counts of one operation type in one measured run. Latencies are in microseconds,
 * from HdrHistogram (3 significant digits), measured from when the client sent the operation's
 * first request to when it read its last reply.
 *
 * @param operation {@code read}, {@code update}, {@code insert}, {@code scan},
 *     {@code read-modify-write}, {@code set}, {@code get}, ...
 * @param count operations completed, errors included
 * @param errors operations that got an error reply or failed on the wire
 */
public record OpStats(String operation, long count, long errors, double meanMicros,
        double p50Micros, double p95Micros, double p99Micros, double p999Micros, double maxMicros) {
}
