package io.cairn.bench.report;

/**
 * One interval of a run's timeline (normally one second).
 *
 * @param atSeconds the end of the interval, in seconds since the measured phase began
 * @param opsPerSecond operations completed in the interval, per second
 * @param p99Micros the 99th percentile latency of those operations, all types together
 */
public record Sample(double atSeconds, double opsPerSecond, double p99Micros) {
}
