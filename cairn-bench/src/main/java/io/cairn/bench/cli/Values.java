package io.cairn.bench.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The value syntax of the bench's options, and the checks of their ranges. Numbers accept
 * underscores and {@code k}/{@code m} suffixes ({@code 200_000}, {@code 200k}, {@code 1m}); lists
 * are comma-separated, trimmed, lower-cased, and skip blanks. A converter names only what it
 * expected (the {@code cairn} command line adds the option and the value); byte counts
 * ({@link #size}) take Redis's units; a check throws
 * {@link IllegalArgumentException} with the whole {@code "--name: value (expected: rule)"}.
 */
final class Values {
    /** A byte count of {@link #size}: digits, then an optional unit. */
    private static final Pattern SIZE = Pattern.compile("(\\d{1,19})(|k|kb|m|mb|g|gb)");

    private Values() {
    }

    /** A whole number: {@code 42}, {@code -7}, {@code 200_000}, {@code 200k}, {@code 1m}. */
    static final class WholeNumber implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            Long v = wholeNumber(value);
            if (v == null) {
                throw new TypeConversionException("a whole number");
            }
            return v;
        }
    }

    /** A finite decimal number: {@code 2}, {@code 0.5}. */
    static final class Decimal implements ITypeConverter<Double> {
        @Override
        public Double convert(String value) {
            try {
                double d = Double.parseDouble(value);
                if (Double.isFinite(d)) {
                    return d;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw new TypeConversionException("a number");
        }
    }

    /** {@code true} or {@code false}, as the value of an option ({@code --quiet true}). */
    static final class TrueFalse implements ITypeConverter<Boolean> {
        @Override
        public Boolean convert(String value) {
            return switch (value) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new TypeConversionException("true or false");
            };
        }
    }

    /** The number {@code s} spells, or null when it is not a whole number (or overflows). */
    static Long wholeNumber(String s) {
        String t = s.trim().toLowerCase(Locale.ROOT).replace("_", "");
        long scale = 1;
        if (t.endsWith("k")) {
            scale = 1_000;
            t = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            scale = 1_000_000;
            t = t.substring(0, t.length() - 1);
        }
        try {
            return Math.multiplyExact(Long.parseLong(t), scale);
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * A byte count as Redis and Cairn's server spell it: a whole number, optionally followed by
     * {@code k}, {@code m} or {@code g} (powers of 1000) or {@code kb}, {@code mb} or {@code gb}
     * (powers of 1024), in either case.
     *
     * @throws IllegalArgumentException naming the option when {@code s} is not one, or overflows
     */
    static long size(String option, String s) {
        Matcher m = SIZE.matcher(s.trim().toLowerCase(Locale.ROOT));
        if (m.matches()) {
            long scale = switch (m.group(2)) {
                case "k" -> 1_000L;
                case "kb" -> 1L << 10;
                case "m" -> 1_000_000L;
                case "mb" -> 1L << 20;
                case "g" -> 1_000_000_000L;
                case "gb" -> 1L << 30;
                default -> 1;
            };
            try {
                return Math.multiplyExact(Long.parseLong(m.group(1)), scale);
            } catch (NumberFormatException | ArithmeticException e) {
                // too large: refused below
            }
        }
        throw new IllegalArgumentException(option + ": " + s
                + " (expected: a byte count, optionally with k, kb, m, mb, g or gb)");
    }

    /** {@code v}, checked to be in {@code [min, max]}. */
    static long range(String option, long v, long min, long max) {
        if (v < min || v > max) {
            throw new IllegalArgumentException(option + ": " + v + " (expected: " + min + " to " + max + ")");
        }
        return v;
    }

    /** {@code v}, checked to be at least {@code min}. */
    static double atLeast(String option, double v, double min) {
        if (!(v >= min)) {
            throw new IllegalArgumentException(option + ": " + v + " (expected: a number >= " + min + ")");
        }
        return v;
    }

    /** A comma-separated list of names; at least one. */
    static List<String> names(String option, String value) {
        List<String> out = new ArrayList<>();
        for (String s : value.split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim().toLowerCase(Locale.ROOT));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException(option + ": empty (expected: a comma-separated list)");
        }
        return out;
    }

    /** A comma-separated list of whole numbers, each in {@code [min, max]}; at least one. */
    static List<Integer> counts(String option, String value, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String s : names(option, value)) {
            Long n = wholeNumber(s);
            if (n == null) {
                throw new IllegalArgumentException(option + ": " + s + " (expected: a whole number)");
            }
            out.add((int) range(option, n, min, max));
        }
        return out;
    }
}
