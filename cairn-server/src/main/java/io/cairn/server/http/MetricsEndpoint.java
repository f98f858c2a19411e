package io.cairn.server.http;

import io.cairn.server.metrics.ServerMetrics;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.prometheus.metrics.expositionformats.ExpositionFormatWriter;
import io.prometheus.metrics.expositionformats.ExpositionFormats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * {@code GET /metrics}: a scrape of {@link ServerMetrics} in the format the {@code Accept} header
 * asks for, as the Prometheus client negotiates it: OpenMetrics text for
 * {@code application/openmetrics-text}, else the Prometheus text format 0.0.4
 * ({@code text/plain; version=0.0.4}); the protobuf format is not offered. Built on the event
 * loop, as INFO is. Thread-safe.
 */
final class MetricsEndpoint {
    private final ServerMetrics metrics;
    private final ExpositionFormats formats = ExpositionFormats.init();

    MetricsEndpoint(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    ApiResponse scrape(String accept) {
        ExpositionFormatWriter writer = formats.findWriter(accept);
        if (!writer.isAvailable() || writer.getContentType().startsWith("application/vnd.google.protobuf")) {
            writer = formats.getPrometheusTextFormatWriter();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(32 * 1024);
        try {
            writer.write(out, metrics.scrape());
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a ByteArrayOutputStream does not fail
        }
        return ApiResponse.of(HttpResponseStatus.OK, writer.getContentType(), out.toByteArray());
    }
}
