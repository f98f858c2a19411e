package io.cairn.it.server;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A strict parser of the Prometheus text format 0.0.4, for tests (the Prometheus Java client has
 * a writer but no parser): every line is a {@code # HELP}, a {@code # TYPE} or a sample; names and
 * label names must be valid, label values correctly escaped, values numbers; every sample belongs
 * to a family whose {@code TYPE} came before it (with the suffixes its type allows; a counter typed
 * under its {@code _total} name, as 0.0.4 writers do, is sampled under it), no family is
 * typed twice and no series appears twice; the text ends with a newline. Any breach throws.
 */
final class PrometheusText {
    private static final Pattern NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Pattern LABEL = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

    /** One sample: its name, sorted labels and value. */
    record Sample(String name, Map<String, String> labels, double value) {
    }

    final Map<String, String> types = new LinkedHashMap<>();
    final List<Sample> samples = new ArrayList<>();
    private final Map<String, Sample> series = new HashMap<>();

    static PrometheusText parse(String text) {
        PrometheusText p = new PrometheusText();
        if (!text.endsWith("\n")) {
            throw new IllegalArgumentException("the text does not end with a newline");
        }
        int n = 0;
        for (String line : text.split("\n", -1)) {
            n++;
            if (line.isEmpty()) {
                continue;
            }
            try {
                p.line(line);
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("line " + n + ": " + e.getMessage() + ": " + line, e);
            }
        }
        return p;
    }

    private void line(String line) {
        if (line.startsWith("# HELP ")) {
            String rest = line.substring(7);
            int sp = rest.indexOf(' ');
            name(sp < 0 ? rest : rest.substring(0, sp));
            return;
        }
        if (line.startsWith("# TYPE ")) {
            String[] parts = line.substring(7).split(" ");
            if (parts.length != 2 || !List.of("counter", "gauge", "histogram", "summary", "untyped").contains(parts[1])) {
                throw new IllegalArgumentException("malformed TYPE");
            }
            name(parts[0]);
            if (types.put(parts[0], parts[1]) != null) {
                throw new IllegalArgumentException("family typed twice: " + parts[0]);
            }
            return;
        }
        if (line.startsWith("#")) {
            return; // a comment
        }
        int i = 0;
        while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') {
            i++;
        }
        String name = name(line.substring(0, i));
        Map<String, String> labels = new TreeMap<>();
        if (i < line.length() && line.charAt(i) == '{') {
            i++;
            while (line.charAt(i) != '}') {
                int eq = line.indexOf('=', i);
                String label = line.substring(i, eq);
                if (!LABEL.matcher(label).matches()) {
                    throw new IllegalArgumentException("label name: " + label);
                }
                if (line.charAt(eq + 1) != '"') {
                    throw new IllegalArgumentException("label value not quoted");
                }
                StringBuilder v = new StringBuilder();
                int j = eq + 2;
                for (; line.charAt(j) != '"'; j++) {
                    char c = line.charAt(j);
                    if (c == '\\') {
                        char e = line.charAt(++j);
                        v.append(switch (e) {
                            case '\\' -> '\\';
                            case '"' -> '"';
                            case 'n' -> '\n';
                            default -> throw new IllegalArgumentException("escape \\" + e);
                        });
                    } else {
                        v.append(c);
                    }
                }
                if (labels.put(label, v.toString()) != null) {
                    throw new IllegalArgumentException("label twice: " + label);
                }
                i = j + 1;
                if (line.charAt(i) == ',') {
                    i++;
                }
            }
            i++;
        }
        if (line.charAt(i) != ' ') {
            throw new IllegalArgumentException("no space before the value");
        }
        String[] rest = line.substring(i + 1).split(" ");
        if (rest.length > 2) {
            throw new IllegalArgumentException("trailing text");
        }
        double value = switch (rest[0]) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(rest[0]);
        };
        if (rest.length == 2) {
            Long.parseLong(rest[1]);
        }
        family(name);
        Sample s = new Sample(name, labels, value);
        if (series.put(key(name, labels), s) != null) {
            throw new IllegalArgumentException("series twice: " + key(name, labels));
        }
        samples.add(s);
    }

    /** The family a sample name belongs to, which must be typed already. */
    private String family(String name) {
        if (types.containsKey(name)) {
            String t = types.get(name);
            if (t.equals("counter") && !name.endsWith("_total") || t.equals("histogram")) {
                throw new IllegalArgumentException(t + " " + name + " sampled without its suffix");
            }
            return name;
        }
        for (String suffix : List.of("_total", "_created", "_bucket", "_sum", "_count")) {
            if (name.endsWith(suffix)) {
                String base = name.substring(0, name.length() - suffix.length());
                String t = types.get(base);
                boolean fits = t != null && switch (suffix) {
                    case "_total" -> t.equals("counter");
                    case "_created" -> t.equals("counter") || t.equals("histogram") || t.equals("summary");
                    case "_bucket" -> t.equals("histogram");
                    default -> t.equals("histogram") || t.equals("summary");
                };
                if (fits) {
                    return base;
                }
            }
        }
        throw new IllegalArgumentException("sample of no typed family: " + name);
    }

    private static String name(String name) {
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("metric name: " + name);
        }
        return name;
    }

    private static String key(String name, Map<String, String> labels) {
        return name + labels;
    }

    /** The value of the series {@code name{labels}}, or null when absent. */
    Double value(String name, String... labels) {
        Map<String, String> l = new TreeMap<>();
        for (int i = 0; i + 1 < labels.length; i += 2) {
            l.put(labels[i], labels[i + 1]);
        }
        Sample s = series.get(key(name, l));
        return s == null ? null : s.value();
    }

    /** The samples named {@code name}, in order. */
    List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }
}
