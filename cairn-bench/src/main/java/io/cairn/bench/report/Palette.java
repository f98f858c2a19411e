package io.cairn.bench.report;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Colours and dash patterns of chart series. Each system has a fixed colour, so {@code cairn} is
 * the same blue in every chart of every report (a charting library's palette would colour series by
 * their order in each chart instead); a system not listed gets one of the spare colours, chosen by a
 * hash of its name (stable across runs). Variants of one system (durability, model, operation type)
 * keep its hue: lines differ by dash pattern, bars by lightness. Stateless and thread-safe.
 */
final class Palette {
    private static final Map<String, String> SYSTEMS = Map.of(
            "cairn", "#2f6db5",
            "redis", "#d6372e",
            "tarantool", "#3a9a48",
            "memcached", "#e58a1f");

    private static final List<String> SPARE = List.of(
            "#7b52ab", "#1a9e9e", "#b5892f", "#c2478f", "#6b6b6b", "#8c564b");

    private static final List<String> DASHES = List.of("", "7 4", "2 3", "9 3 2 3", "4 4");

    private Palette() {
    }

    /** The colour of {@code system}, as {@code #rrggbb}. */
    static String color(String system) {
        String key = system == null ? "" : system.toLowerCase(Locale.ROOT);
        String fixed = SYSTEMS.get(key);
        return fixed != null ? fixed : SPARE.get(Math.floorMod(key.hashCode(), SPARE.size()));
    }

    /**
     * {@code color} lightened for variant {@code variant} of a system: variant 0 is the colour
     * itself, later ones mix in more white (variants beyond 3 cycle).
     */
    static String shade(String color, int variant) {
        double white = new double[] {0, 0.38, 0.62, 0.22}[variant % 4];
        if (variant % 4 == 3) {
            return mix(color, 0, white);
        }
        return mix(color, 255, white);
    }

    /** The dash pattern of variant {@code variant}, dash and gap lengths in pixels; "" for a solid line. */
    static String dash(int variant) {
        return DASHES.get(variant % DASHES.size());
    }

    private static String mix(String color, int toward, double amount) {
        int rgb = Integer.parseInt(color.substring(1), 16);
        int r = channel(rgb >> 16 & 0xff, toward, amount);
        int g = channel(rgb >> 8 & 0xff, toward, amount);
        int b = channel(rgb & 0xff, toward, amount);
        return String.format(Locale.ROOT, "#%02x%02x%02x", r, g, b);
    }

    private static int channel(int c, int toward, double amount) {
        return (int) Math.round(c + (toward - c) * amount);
    }
}
