package io.cairn.server;

import java.util.List;
import java.util.Locale;

/**
 * The type of a server setting ({@link ServerConfig.Key}): how its text is read, and the rule a
 * value must keep. A value that breaks it is refused as {@code "name: value (expected: rule)"},
 * never replaced. Immutable.
 */
public sealed interface SettingType {

    /** Reads {@code text} as this type: a {@link Long} for numbers, the text itself otherwise. */
    Object parse(String name, String text);

    /** What the value looks like, for usage help: {@code <n>}, {@code <bytes>}, {@code none|write|fsync}. */
    String label();

    /** Any text, taken as it is. */
    record Text() implements SettingType {
        @Override
        public Object parse(String name, String text) {
            return text;
        }

        @Override
        public String label() {
            return "<text>";
        }
    }

    /** A whole number in {@code [min, max]}. */
    record IntegerRange(long min, long max) implements SettingType {
        @Override
        public Object parse(String name, String text) {
            long v;
            try {
                v = Long.parseLong(text.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ": " + text + " (expected: an integer)");
            }
            return check(name, v);
        }

        /** @throws IllegalArgumentException when {@code value} is out of range */
        public long check(String name, long value) {
            return checkRange(name, value, min, max);
        }

        @Override
        public String label() {
            return "<n>";
        }
    }

    /** A size in bytes in {@code [min, max]}: {@code 1048576}, {@code 64kb}, {@code 512mb}, {@code 1gb}. */
    record ByteSize(long min, long max) implements SettingType {
        @Override
        public Object parse(String name, String text) {
            return check(name, parseBytes(name, text));
        }

        /** @throws IllegalArgumentException when {@code value} is out of range */
        public long check(String name, long value) {
            return checkRange(name, value, min, max);
        }

        @Override
        public String label() {
            return "<bytes>";
        }
    }

    /** One of a few words, case-insensitive; the value is the word in lower case. */
    record Choice(List<String> words) implements SettingType {
        public Choice {
            words = List.copyOf(words);
        }

        @Override
        public Object parse(String name, String text) {
            String t = text.strip().toLowerCase(Locale.ROOT);
            if (!words.contains(t)) {
                throw new IllegalArgumentException(name + ": " + text + " (expected: "
                        + String.join(", ", words.subList(0, words.size() - 1)) + " or " + words.getLast() + ")");
            }
            return t;
        }

        @Override
        public String label() {
            return String.join("|", words);
        }
    }

    /**
     * Parses {@code 123}, {@code 64kb}, {@code 512mb}, {@code 1gb} (powers of 1024) and {@code k},
     * {@code m}, {@code g} (powers of 1000), as redis.conf does.
     */
    static long parseBytes(String name, String text) {
        String v = text.strip().toLowerCase(Locale.ROOT);
        long mul = 1;
        String[][] units = {{"kb", "1024"}, {"mb", "1048576"}, {"gb", "1073741824"}, {"k", "1000"}, {"m", "1000000"},
            {"g", "1000000000"}, {"b", "1"}};
        for (String[] u : units) {
            if (v.endsWith(u[0])) {
                mul = Long.parseLong(u[1]);
                v = v.substring(0, v.length() - u[0].length());
                break;
            }
        }
        try {
            return Math.multiplyExact(Long.parseLong(v), mul);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException(name + ": " + text + " (expected: bytes, e.g. 1048576, 64kb, 512mb, 1gb)");
        }
    }

    /** {@code "name: v (expected: min <= name <= max)"}, or {@code ">= min"} when there is no upper bound. */
    private static long checkRange(String name, long value, long min, long max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + ": " + value + " (expected: "
                    + (max == Long.MAX_VALUE ? ">= " + min : min + " <= " + name + " <= " + max) + ")");
        }
        return value;
    }
}
