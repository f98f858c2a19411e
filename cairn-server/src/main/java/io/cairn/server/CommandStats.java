package io.cairn.server;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * INFO commandstats, errorstats and latencystats, and LATENCY HISTOGRAM, as Redis counts them:
 * per command (by its full name, {@code config|get}) the calls that ran, their time, the calls
 * refused before running ({@code rejected_calls}: arity, authentication, a MULTI refusal) and those
 * that ran and answered an error ({@code failed_calls}); per error code (the error's first word)
 * every error reply sent. A command's row appears on its first call. Thread-safe and lock-free;
 * {@link #reset} (CONFIG RESETSTAT) races benignly with recording, as Redis's own reset does not.
 */
public final class CommandStats {
    /** One command's counters. */
    public static final class Row {
        final LongAdder calls = new LongAdder();
        final LongAdder micros = new LongAdder();
        final LongAdder rejected = new LongAdder();
        final LongAdder failed = new LongAdder();
        final CommandLatency latency = new CommandLatency();

        public long calls() {
            return calls.sum();
        }

        public long micros() {
            return micros.sum();
        }

        public long rejected() {
            return rejected.sum();
        }

        public long failed() {
            return failed.sum();
        }

        public CommandLatency latency() {
            return latency;
        }
    }

    private final Map<String, Row> rows = new ConcurrentHashMap<>();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    /** A call that ran for {@code nanos}; {@code failed} when it answered an error. */
    public void ran(String command, long nanos, boolean failed) {
        Row r = rows.computeIfAbsent(command, k -> new Row());
        r.calls.increment();
        r.micros.add(nanos / 1000);
        r.latency.record(nanos);
        if (failed) {
            r.failed.increment();
        }
    }

    /** A call counted by {@link #ran} whose reply, which came later, was an error. */
    public void failedLater(String command) {
        rows.computeIfAbsent(command, k -> new Row()).failed.increment();
    }

    /** A call refused before it ran. */
    public void rejected(String command) {
        rows.computeIfAbsent(command, k -> new Row()).rejected.increment();
    }

    /** An error reply sent, counted under its code: the message's first word ({@code ERR}, {@code WRONGTYPE}). */
    public void error(String message) {
        int space = message.indexOf(' ');
        String code = space < 0 ? message : message.substring(0, space);
        if (code.isEmpty() || code.length() > 128) {
            code = "ERR";
        }
        errors.computeIfAbsent(code, k -> new LongAdder()).increment();
    }

    /** The rows, sorted by command name. */
    public Map<String, Row> rows() {
        return new TreeMap<>(rows);
    }

    /** Error counts by code, sorted. */
    public Map<String, Long> errors() {
        Map<String, Long> out = new TreeMap<>();
        errors.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    public long totalErrors() {
        long n = 0;
        for (LongAdder a : errors.values()) {
            n += a.sum();
        }
        return n;
    }

    public Row row(String command) {
        return rows.get(command);
    }

    public void reset() {
        rows.clear();
        errors.clear();
    }
}
