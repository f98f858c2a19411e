package io.cairn.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.LatencyHistogram;
import io.prometheus.metrics.model.snapshots.ClassicHistogramBuckets;
import io.prometheus.metrics.model.snapshots.CounterSnapshot;
import io.prometheus.metrics.model.snapshots.HistogramSnapshot;
import io.prometheus.metrics.model.snapshots.MetricSnapshot;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How one scrape's samples become metric families, and Cairn's latency histograms Prometheus's buckets. */
class FamiliesTest {
    @Test
    void samplesOfOneNameShareAFamilyWhateverTheirLabels() {
        Families f = new Families();
        f.counter("redis_commands", "calls", 3, "cmd", "get");
        f.gauge("redis_up", "up", 1);
        f.counter("redis_commands", "calls", 5, "cmd", "set");
        List<MetricSnapshot> all = f.build();
        assertThat(all).extracting(m -> m.getMetadata().getName()).containsExactly("redis_commands", "redis_up");
        CounterSnapshot commands = (CounterSnapshot) all.getFirst();
        assertThat(commands.getDataPoints()).extracting(d -> d.getLabels().get("cmd") + "=" + d.getValue())
                .containsExactly("get=3.0", "set=5.0");
    }

    @Test
    void aLatencyHistogramBecomesSecondsBucketsEndingAtItsCount() {
        LatencyHistogram h = new LatencyHistogram();
        for (long micros : new long[] {5, 5, 80, 900, 3_000, 20_000_000}) {
            h.record(micros);
        }
        Families f = new Families();
        f.histogram("cairn_wal_fsync_seconds", "fsyncs", h);
        HistogramSnapshot s = (HistogramSnapshot) f.build().getFirst();
        HistogramSnapshot.HistogramDataPointSnapshot p = s.getDataPoints().getFirst();
        ClassicHistogramBuckets b = p.getClassicBuckets();
        assertThat(b.size()).isEqualTo(Families.LATENCY_BOUNDS.length + 1);
        assertThat(b.getUpperBound(b.size() - 1)).isEqualTo(Double.POSITIVE_INFINITY);
        long seen = 0;
        long[] cumulative = new long[b.size()];
        for (int i = 0; i < b.size(); i++) {
            seen += b.getCount(i);
            cumulative[i] = seen;
        }
        assertThat(seen).isEqualTo(6).isEqualTo(p.getCount());
        assertThat(cumulative[0]).isEqualTo(2);                 // <= 10 µs: the two of 5 µs
        assertThat(cumulative[indexOf(0.0001)]).isEqualTo(3);   // <= 100 µs
        assertThat(cumulative[indexOf(0.001)]).isEqualTo(4);    // <= 1 ms
        assertThat(cumulative[indexOf(0.005)]).isEqualTo(5);    // <= 5 ms
        assertThat(cumulative[indexOf(10)]).isEqualTo(5);       // 20 s is only under +Inf
        assertThat(p.getSum()).isEqualTo((5 + 5 + 80 + 900 + 3_000 + 20_000_000) / 1e6);
    }

    private static int indexOf(double bound) {
        for (int i = 0; i < Families.LATENCY_BOUNDS.length; i++) {
            if (Families.LATENCY_BOUNDS[i] == bound) {
                return i;
            }
        }
        throw new AssertionError(bound);
    }
}
