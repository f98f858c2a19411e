package io.cairn.cli.load;

import java.util.Locale;

/** Sizes and durations as people read them: {@code 1.5 MB}, {@code 2.3 s}, {@code 1:05}. */
final class Units {
    private Units() {
    }

    /** {@code 1 document}, {@code 2 documents}. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** Bytes in binary units, one decimal past KB: {@code 512 B}, {@code 1.5 KB}, {@code 45.2 MB}. */
    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KB", "MB", "GB", "TB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /** Seconds with one decimal: {@code 0.8 s}, {@code 125.0 s}. */
    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.1f s", s);
    }

    /** A clock time for an ETA: {@code 0:42}, {@code 12:05}, {@code 1:02:03}. */
    static String clock(long seconds) {
        long h = seconds / 3600;
        long m = seconds / 60 % 60;
        long s = seconds % 60;
        return h > 0 ? String.format(Locale.ROOT, "%d:%02d:%02d", h, m, s) : String.format(Locale.ROOT, "%d:%02d", m, s);
    }
}
