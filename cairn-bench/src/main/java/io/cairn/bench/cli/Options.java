package io.cairn.bench.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A scenario's command-line options: each declared with its default and help text, parsed from
 * {@code --name value} pairs, and recorded whole (given or defaulted) with the results. An unknown
 * option or a bad value is refused with a message naming it and what was expected.
 *
 * <p>Not thread-safe; built and read by the CLI thread.
 */
public final class Options {

    /** One declared option. */
    public record Option(String name, String defaultValue, String help) {
    }

    private final Map<String, Option> declared = new LinkedHashMap<>();
    private final Map<String, String> values = new LinkedHashMap<>();
    private final Map<String, String> aliases = new LinkedHashMap<>();

    public Options declare(String name, String defaultValue, String help) {
        declared.put(name, new Option(name, defaultValue, help));
        return this;
    }

    /** Lets {@code --alias} stand for {@code --name} (such as {@code --workload} for {@code --workloads}). */
    public Options alias(String alias, String name) {
        aliases.put(alias, name);
        return this;
    }

    public List<Option> declared() {
        return List.copyOf(declared.values());
    }

    /** @throws IllegalArgumentException for an unknown option or a missing value */
    public Options parse(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (!a.startsWith("--") || a.length() == 2) {
                throw new IllegalArgumentException("unexpected argument: " + a + " (expected: --<option> <value>)");
            }
            String name = aliases.getOrDefault(a.substring(2), a.substring(2));
            if (!declared.containsKey(name)) {
                throw new IllegalArgumentException("unknown option --" + name + " (expected one of: "
                        + String.join(", ", declared.keySet().stream().map(n -> "--" + n).toList()) + ")");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("--" + name + " needs a value");
            }
            values.put(name, args[++i]);
        }
        return this;
    }

    /** Every option with its value, given or defaulted, in declaration order. */
    public Map<String, String> all() {
        Map<String, String> out = new LinkedHashMap<>();
        for (Option o : declared.values()) {
            out.put(o.name(), values.getOrDefault(o.name(), o.defaultValue()));
        }
        return out;
    }

    public boolean given(String name) {
        return values.containsKey(name);
    }

    public String string(String name) {
        Option o = declared.get(name);
        if (o == null) {
            throw new IllegalStateException("option not declared: " + name);
        }
        return values.getOrDefault(name, o.defaultValue());
    }

    public List<String> list(String name) {
        List<String> out = new ArrayList<>();
        for (String s : string(name).split(",")) {
            if (!s.isBlank()) {
                out.add(s.trim().toLowerCase(Locale.ROOT));
            }
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("--" + name + ": empty (expected: a comma-separated list)");
        }
        return out;
    }

    public long number(String name, long min, long max) {
        return parseNumber(name, string(name), min, max);
    }

    public List<Integer> numbers(String name, int min, int max) {
        List<Integer> out = new ArrayList<>();
        for (String s : list(name)) {
            out.add((int) parseNumber(name, s, min, max));
        }
        return out;
    }

    public double decimal(String name, double min) {
        String s = string(name);
        try {
            double d = Double.parseDouble(s);
            if (!(d >= min) || Double.isInfinite(d)) {
                throw new IllegalArgumentException("--" + name + ": " + s + " (expected: a number >= " + min + ")");
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--" + name + ": " + s + " (expected: a number)");
        }
    }

    /** Accepts underscores and k/m suffixes: {@code 200_000}, {@code 200k}, {@code 1m}. */
    static long parseNumber(String name, String s, long min, long max) {
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
            long v = Math.multiplyExact(Long.parseLong(t), scale);
            if (v < min || v > max) {
                throw new IllegalArgumentException("--" + name + ": " + s + " (expected: " + min + " to " + max + ")");
            }
            return v;
        } catch (NumberFormatException | ArithmeticException e) {
            throw new IllegalArgumentException("--" + name + ": " + s + " (expected: a whole number)");
        }
    }
}
