package io.cairn.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * The scale of one chart axis: its range, where its ticks go and what fraction of the axis length
 * a value lies at. A linear axis rounds its range out to "nice" ticks (steps of 1, 2, 2.5 or 5
 * times a power of ten, about five of them); a log2 axis puts a tick on each power of two (every
 * other one when there would be more than twelve), evenly spaced. Immutable and thread-safe.
 */
final class Axis {
    private static final int TARGET_TICKS = 5;
    private static final int MAX_LOG_TICKS = 12;

    private final double min;
    private final double max;
    private final boolean log2;
    private final List<Double> ticks;

    private Axis(double min, double max, boolean log2, List<Double> ticks) {
        this.min = min;
        this.max = max;
        this.log2 = log2;
        this.ticks = List.copyOf(ticks);
    }

    /**
     * A linear axis covering {@code [dataMin, dataMax]}, and zero too when {@code includeZero},
     * widened to whole tick steps. An empty or single-valued range still gets a non-empty axis.
     */
    static Axis linear(double dataMin, double dataMax, boolean includeZero) {
        double lo = includeZero ? Math.min(0, dataMin) : dataMin;
        double hi = includeZero ? Math.max(0, dataMax) : dataMax;
        if (!(hi > lo)) {
            double pad = lo == 0 ? 1 : Math.abs(lo) / 2;
            hi = lo + pad;
            lo = includeZero && lo >= 0 ? lo : lo - pad;
        }
        double step = niceStep((hi - lo) / TARGET_TICKS);
        long first = (long) Math.floor(lo / step + 1e-9);
        long last = (long) Math.ceil(hi / step - 1e-9);
        List<Double> ticks = new ArrayList<>();
        for (long i = first; i <= last; i++) {
            ticks.add(i * step + 0.0);
        }
        return new Axis(first * step, last * step, false, ticks);
    }

    /** A log2 axis from the power of two at or below {@code dataMin} to the one at or above {@code dataMax}; both must be positive. */
    static Axis log2(double dataMin, double dataMax) {
        if (!(dataMin > 0) || !(dataMax >= dataMin)) {
            throw new IllegalArgumentException("log2 range: [" + dataMin + ", " + dataMax
                    + "] (expected: 0 < min <= max)");
        }
        int lo = (int) Math.floor(log2Of(dataMin) + 1e-9);
        int hi = (int) Math.ceil(log2Of(dataMax) - 1e-9);
        if (hi == lo) {
            hi = lo + 1;
        }
        int stride = (hi - lo + MAX_LOG_TICKS) / MAX_LOG_TICKS;
        List<Double> ticks = new ArrayList<>();
        for (int k = lo; k <= hi; k += stride) {
            ticks.add(Math.pow(2, k));
        }
        return new Axis(Math.pow(2, lo), Math.pow(2, hi), true, ticks);
    }

    /** Where {@code v} lies along the axis: 0 at the start, 1 at the end. */
    double fraction(double v) {
        if (log2) {
            return (log2Of(v) - log2Of(min)) / (log2Of(max) - log2Of(min));
        }
        return (v - min) / (max - min);
    }

    double min() {
        return min;
    }

    double max() {
        return max;
    }

    List<Double> ticks() {
        return ticks;
    }

    /** The smallest of 1, 2, 2.5, 5 and 10 times a power of ten that is at least {@code raw}. */
    static double niceStep(double raw) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double normal = raw / magnitude;
        double nice = normal <= 1 ? 1 : normal <= 2 ? 2 : normal <= 2.5 ? 2.5 : normal <= 5 ? 5 : 10;
        return nice * magnitude;
    }

    private static double log2Of(double v) {
        return Math.log(v) / Math.log(2);
    }
}
