package io.cairn.server.command.server;

import io.cairn.server.LatencyMonitor;
import java.util.List;
import java.util.Locale;

/**
 * The texts of LATENCY GRAPH and LATENCY DOCTOR, in Cairn's own words and drawing: Redis tools
 * read the numbers of LATEST and HISTORY; these two are for people.
 */
final class LatencyReports {
    private static final int COLUMNS = 80;
    private static final int ROWS = 4;

    private LatencyReports() {
    }

    /**
     * A heading with the high, the low and the all-time high, then the samples as columns of
     * {@code #} (one per sample, oldest left, as tall as the sample is between the low and the high),
     * each over its age written downwards (5s, 3m, 2h, 1d); more than 80 samples take several charts.
     */
    static String graph(String event, List<long[]> samples, long allTimeMax, long nowSeconds) {
        long min = Long.MAX_VALUE;
        long max = 0;
        for (long[] s : samples) {
            min = Math.min(min, s[1]);
            max = Math.max(max, s[1]);
        }
        StringBuilder sb = new StringBuilder();
        sb.append(event).append(" - high ").append(max).append(" ms, low ").append(min)
                .append(" ms (all time high ").append(allTimeMax).append(" ms)\n");
        sb.append("-".repeat(COLUMNS)).append('\n');
        for (int from = 0; from < samples.size(); from += COLUMNS) {
            List<long[]> part = samples.subList(from, Math.min(samples.size(), from + COLUMNS));
            if (from > 0) {
                sb.append('\n');
            }
            for (int row = ROWS; row >= 1; row--) {
                for (long[] s : part) {
                    sb.append(height(s[1], min, max) >= row ? '#' : ' ');
                }
                sb.append('\n');
            }
            String[] labels = new String[part.size()];
            int longest = 0;
            for (int i = 0; i < labels.length; i++) {
                labels[i] = age(nowSeconds - part.get(i)[0]);
                longest = Math.max(longest, labels[i].length());
            }
            for (int ch = 0; ch < longest; ch++) {
                for (String l : labels) {
                    sb.append(ch < l.length() ? l.charAt(ch) : ' ');
                }
                sb.append('\n');
            }
        }
        return sb.toString();
    }

    /** 1 for the low, {@value #ROWS} for the high, in proportion between. */
    private static int height(long v, long min, long max) {
        return max == min ? ROWS : 1 + (int) Math.round((double) (v - min) * (ROWS - 1) / (max - min));
    }

    private static String age(long seconds) {
        if (seconds < 60) {
            return seconds + "s";
        } else if (seconds < 3600) {
            return seconds / 60 + "m";
        } else if (seconds < 86400) {
            return seconds / 3600 + "h";
        }
        return seconds / 86400 + "d";
    }

    /** What the monitor kept, event by event, with what tends to cause each, or how to turn it on. */
    static String doctor(LatencyMonitor monitor) {
        List<String> events = monitor.eventNames();
        if (monitor.threshold() == 0 && events.isEmpty()) {
            return "The latency monitor is off (latency-monitor-threshold is 0), so there is nothing to report.\n"
                    + "Turn it on with CONFIG SET latency-monitor-threshold <milliseconds>: events that take at least"
                    + " that long are then kept, one sample a second, the last 160 of each.\n";
        }
        if (events.isEmpty()) {
            return "No event has reached latency-monitor-threshold (" + monitor.threshold() + " ms) since the"
                    + " monitor started or was reset: nothing to report.\n";
        }
        StringBuilder sb = new StringBuilder("Latency report of Cairn's monitor (latency-monitor-threshold "
                + monitor.threshold() + " ms).\n\n");
        int n = 1;
        for (String event : events) {
            List<long[]> samples = monitor.history(event);
            double sum = 0;
            for (long[] s : samples) {
                sum += s[1];
            }
            double mean = samples.isEmpty() ? 0 : sum / samples.size();
            double deviation = 0;
            for (long[] s : samples) {
                deviation += Math.abs(s[1] - mean);
            }
            deviation = samples.isEmpty() ? 0 : deviation / samples.size();
            long span = samples.size() < 2 ? 0 : samples.get(samples.size() - 1)[0] - samples.get(0)[0];
            sb.append(n++).append(". ").append(event).append(": ").append(samples.size()).append(" sample(s), mean ")
                    .append(String.format(Locale.ROOT, "%.0f", mean)).append(" ms, mean deviation ")
                    .append(String.format(Locale.ROOT, "%.0f", deviation)).append(" ms");
            if (samples.size() > 1) {
                sb.append(", one every ").append(span / (samples.size() - 1)).append(" s on average");
            }
            sb.append("; the highest ever ").append(monitor.max(event)).append(" ms.\n");
            sb.append("   ").append(advice(event)).append('\n');
        }
        return sb.toString();
    }

    private static String advice(String event) {
        return switch (event) {
            case "command" -> "Slow commands hold their connection's event loop: see SLOWLOG GET for which, and prefer"
                    + " commands whose cost does not grow with the size of a key (SCAN over KEYS, and so on).";
            case "fast-command" -> "Commands that should take O(1) or O(log N) were slow: the machine may be short of"
                    + " CPU, or the JVM paused (garbage collection); see INFO cpu and the GC log.";
            case "expire-cycle" -> "Reclaiming expired keys held the store's lock that long: many keys expiring"
                    + " together do this; spreading their expiry times spreads the work.";
            case "aof-write" -> "Writing the log (the WAL) was slow: the disk is busy or slow.";
            case "aof-fsync-always" -> "The log's fsyncs (wal fsync) were slow: every acknowledged write waits for"
                    + " them; a faster disk, or wal write (durable to the OS only), makes them shorter.";
            case "checkpoint" -> "A checkpoint took that long in all (writers go on meanwhile): a long one means a big"
                    + " dataset or checkpoint-rate limiting it.";
            default -> "No advice for this event.";
        };
    }
}
