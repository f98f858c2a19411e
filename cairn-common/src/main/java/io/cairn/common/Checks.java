package io.cairn.common;

/**
 * Argument checks that word failures in one shape: {@code "maxBatchBytes: 0 (expected: > 0)"}.
 * They throw {@link IllegalArgumentException}, since a bad argument is a programming or
 * configuration error, not a data error.
 */
public final class Checks {
    private Checks() {
    }

    public static long positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
        return value;
    }

    public static int positive(String name, int value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: > 0)");
        }
        return value;
    }

    public static long nonNegative(String name, long value) {
        if (value < 0) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: >= 0)");
        }
        return value;
    }

    public static long inRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(
                    name + ": " + value + " (expected: " + min + " <= " + name + " <= " + max + ")");
        }
        return value;
    }

    public static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + ": null (expected: non-null)");
        }
        return value;
    }
}
