package io.cairn.server;

import io.cairn.common.Checks;
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
     * {@code client-output-buffer-limit}: limits per class of client, as {@link OutputBufferLimits}
     * reads them (over its defaults; CONFIG SET reads them over the current ones).
     */
    record BufferLimits() implements SettingType {
        @Override
        public Object parse(String name, String text) {
            try {
                return OutputBufferLimits.parse(text, OutputBufferLimits.DEFAULT);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ": " + text + " (expected: class hard soft seconds, repeated,"
                        + " class normal, replica or pubsub: " + e.getMessage() + ")");
            }
        }

        @Override
        public String label() {
            return "<class hard soft seconds>";
        }
    }

    /**
     * A number read as Redis reads its numeric settings, so that CONFIG SET accepts and refuses what
     * Redis does, in Redis's words ({@link #refusal}): a strict decimal ({@code 007}, {@code +1} and
     * {@code " 1"} are not numbers), or with {@code memory} a size as Redis's {@code memtoull}
     * reads it ({@code 64}, {@code 1k}, {@code 1kb}, {@code 2mb}, {@code 1g}, {@code 1gb}; case
     * does not matter). {@code unsigned}: compared as Redis compares its {@code size_t} settings,
     * so a negative number is out of range rather than unreadable.
     */
    record RedisNumber(long min, long max, boolean memory, boolean unsigned) implements SettingType {
        /** Refuses as the other types do: {@code "name: text (expected: an integer)"}, or the range. */
        @Override
        public Object parse(String name, String text) {
            Long v = memory ? memory(text) : strictLong(text);
            if (v == null) {
                throw new IllegalArgumentException(name + ": " + text + " (expected: "
                        + (memory ? "bytes, e.g. 64, 1kb, 2mb" : "an integer") + ")");
            }
            if (refusal(text) != null) {
                throw new IllegalArgumentException(name + ": " + text + " (expected: " + min + " <= " + name + " <= " + max + ")");
            }
            return v;
        }

        /** Why Redis's CONFIG SET refuses {@code text}, in its words, or null when it takes it. */
        public String refusal(String text) {
            Long v = memory ? memory(text) : strictLong(text);
            if (v == null) {
                return memory ? "argument must be a memory value" : "argument couldn't be parsed into an integer";
            }
            if (unsigned ? Long.compareUnsigned(v, max) > 0 || Long.compareUnsigned(v, min) < 0 : v > max || v < min) {
                return unsigned
                        ? "argument must be between " + Long.toUnsignedString(min) + " and " + Long.toUnsignedString(max) + " inclusive"
                        : "argument must be between " + min + " and " + max + " inclusive";
            }
            return null;
        }

        @Override
        public String label() {
            return memory ? "<bytes>" : "<n>";
        }

        /** A decimal with no sign but {@code -}, no leading zero and no spaces, as Redis's string2ll; null when not one. */
        static Long strictLong(String t) {
            int n = t.length();
            if (n == 0 || n > 20) {
                return null;
            }
            if (t.equals("0")) {
                return 0L;
            }
            int i = t.charAt(0) == '-' ? 1 : 0;
            if (i == n || t.charAt(i) < '1' || t.charAt(i) > '9') {
                return null;
            }
            for (int k = i; k < n; k++) {
                if (t.charAt(k) < '0' || t.charAt(k) > '9') {
                    return null;
                }
            }
            try {
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                return null; // out of a long's range
            }
        }

        /**
         * Digits and an optional unit, as Redis's memtoull: too many digits saturate and the unit
         * multiplies with 64-bit wrap-around, as there (an unsigned result; out of range then).
         */
        static Long memory(String t) {
            int d = 0;
            while (d < t.length() && t.charAt(d) >= '0' && t.charAt(d) <= '9') {
                d++;
            }
            long mul = switch (t.substring(d).toLowerCase(Locale.ROOT)) {
                case "", "b" -> 1;
                case "k" -> 1000;
                case "kb" -> 1024;
                case "m" -> 1000 * 1000;
                case "mb" -> 1024 * 1024;
                case "g" -> 1000L * 1000 * 1000;
                case "gb" -> 1024L * 1024 * 1024;
                default -> 0;
            };
            if (mul == 0 || d >= 128) {
                return null;
            }
            long v = 0;
            for (int i = 0; i < d; i++) {
                int digit = t.charAt(i) - '0';
                if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - digit, 10)) > 0) {
                    v = -1L; // strtoull saturates at ULLONG_MAX
                    break;
                }
                v = v * 10 + digit;
            }
            return v * mul;
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

    /** {@link Checks}'s words: {@code "name: v (expected: min <= name <= max)"}, or {@code ">= 0"} with no bounds. */
    private static long checkRange(String name, long value, long min, long max) {
        return min == 0 && max == Long.MAX_VALUE ? Checks.nonNegative(name, value) : Checks.inRange(name, value, min, max);
    }
}
