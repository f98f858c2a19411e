/**
 * What {@code GET /metrics} reports, as Prometheus metric families: {@link RedisMetrics} under
 * {@code redis_exporter}'s names (read from INFO's own text and the counters INFO renders, never a
 * second set), {@link CairnMetrics} for Cairn's own (the log, checkpoints, search indexes),
 * {@link JvmCollectors} for the JVM's, gathered by {@link ServerMetrics}. Uses the Prometheus
 * client's model only; the HTTP side ({@code http.MetricsEndpoint}) picks the text format.
 */
package io.cairn.server.metrics;
