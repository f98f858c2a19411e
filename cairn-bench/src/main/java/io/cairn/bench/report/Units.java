package io.cairn.bench.report;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Humane renderings of the numbers a report shows: counts and rates with SI suffixes
 * ({@code 123.4k}, {@code 1.2M}), latencies in the unit that keeps three significant digits
 * ({@code 850 µs}, {@code 1.25 ms}), durations ({@code 1m05s}) and byte sizes. NaN and infinities
 * render as {@code "-"}. Stateless and thread-safe; independent of the default locale.
 */
final class Units {
    /** What tables show for a value that was not measured. */
    static final String MISSING = "-";

    private static final String[] SI = {"", "k", "M", "G", "T", "P"};

    private Units() {
    }

    /** A count or rate with one decimal at most: {@code 999}, {@code 12.5}, {@code 123.4k}, {@code 1.2M}. */
    static String count(double v) {
        return si(v, 1);
    }

    /**
     * {@code v} scaled by powers of 1,000 to below 1,000 and suffixed {@code k}, {@code M}, ...,
     * rounded to at most {@code maxDecimals} decimals with trailing zeros dropped: {@code 1k},
     * {@code 1.25M}. A value that rounds up to 1,000 moves to the next suffix.
     */
    static String si(double v, int maxDecimals) {
        if (!Double.isFinite(v)) {
            return MISSING;
        }
        String sign = v < 0 ? "-" : "";
        double a = Math.abs(v);
        int unit = 0;
        BigDecimal scaled = round(a, maxDecimals);
        while (scaled.compareTo(BigDecimal.valueOf(1000)) >= 0 && unit < SI.length - 1) {
            unit++;
            scaled = round(a / Math.pow(1000, unit), maxDecimals);
        }
        String digits = plain(scaled);
        return (digits.equals("0") ? "" : sign) + digits + SI[unit];
    }

    /**
     * A latency given in microseconds, to three significant digits in µs, ms or s:
     * {@code 0.85 µs}, {@code 850 µs}, {@code 1.25 ms}, {@code 2 s}.
     */
    static String micros(double us) {
        return micros(us, "µs");
    }

    /** As {@link #micros(double)} but spelling microseconds {@code us}, for terminals without UTF-8. */
    static String microsAscii(double us) {
        return micros(us, "us");
    }

    private static String micros(double us, String microUnit) {
        if (!Double.isFinite(us)) {
            return MISSING;
        }
        if (us == 0) {
            return "0 " + microUnit;
        }
        BigDecimal r = new BigDecimal(Math.abs(us)).round(new MathContext(3, RoundingMode.HALF_UP));
        String sign = us < 0 ? "-" : "";
        if (r.compareTo(BigDecimal.valueOf(1000)) < 0) {
            return sign + plain(r) + " " + microUnit;
        }
        if (r.compareTo(BigDecimal.valueOf(1_000_000)) < 0) {
            return sign + plain(r.movePointLeft(3)) + " ms";
        }
        return sign + plain(r.movePointLeft(6)) + " s";
    }

    /** Whole seconds as {@code 45s}, {@code 1m05s} or {@code 2h03m}; {@code "-"} when unknown or negative. */
    static String duration(double seconds) {
        if (!Double.isFinite(seconds) || seconds < 0) {
            return MISSING;
        }
        long s = Math.round(seconds);
        if (s < 60) {
            return s + "s";
        }
        if (s < 3600) {
            return String.format(java.util.Locale.ROOT, "%dm%02ds", s / 60, s % 60);
        }
        return String.format(java.util.Locale.ROOT, "%dh%02dm", s / 3600, s / 60 % 60);
    }

    /** Bytes in binary units with one decimal: {@code 512 B}, {@code 15.6 GiB}. */
    static String bytes(long bytes) {
        if (bytes < 1024) {
            return bytes + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double v = bytes;
        int unit = -1;
        do {
            v /= 1024;
            unit++;
        } while (v >= 1024 && unit < units.length - 1);
        return plain(round(v, 1)) + " " + units[unit];
    }

    /**
     * A plain decimal for data files (CSV): integers without a fraction, others rounded to three
     * decimals, never in exponent form; {@code ""} for NaN and infinities.
     */
    static String data(double v) {
        if (!Double.isFinite(v)) {
            return "";
        }
        return plain(round(v, 3));
    }

    private static BigDecimal round(double v, int decimals) {
        return new BigDecimal(v).setScale(decimals, RoundingMode.HALF_UP);
    }

    private static String plain(BigDecimal d) {
        if (d.signum() == 0) {
            return "0";
        }
        return d.stripTrailingZeros().toPlainString();
    }
}
