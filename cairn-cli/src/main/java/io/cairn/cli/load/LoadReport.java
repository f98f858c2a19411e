package io.cairn.cli.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * What a load did: documents stored, records failed, and the failures themselves. Each failure is
 * printed as it happens, up to {@code maxPrinted} of them; the rest are counted. Thread-safe: the
 * reader and every worker report here.
 */
final class LoadReport {

    /** One record that was not stored. {@code key} is null when it could not be told. */
    record RecordError(String where, String key, String message) {
        @Override
        public String toString() {
            return where + (key == null ? "" : ", key " + key) + ": " + message;
        }
    }

    private final Consumer<String> errorSink;
    private final int maxPrinted;
    private final AtomicLong loaded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final List<RecordError> printed = new ArrayList<>();
    private volatile String stopReason;

    /** @param errorSink receives each printed error line, from any thread, one call at a time */
    LoadReport(Consumer<String> errorSink, int maxPrinted) {
        this.errorSink = errorSink;
        this.maxPrinted = maxPrinted;
    }

    void loaded(int n) {
        loaded.addAndGet(n);
    }

    void failed(RecordError e) {
        long n = failed.incrementAndGet();
        synchronized (printed) {
            if (printed.size() < maxPrinted) {
                printed.add(e);
                errorSink.accept("error: " + e);
            } else if (n == maxPrinted + 1) {
                errorSink.accept("error: more than " + maxPrinted + " records failed; the rest are counted, not printed");
            }
        }
    }

    /** Records why the load stopped early; the first reason is kept. */
    void stopped(String reason) {
        synchronized (printed) {
            if (stopReason == null) {
                stopReason = reason;
            }
        }
    }

    long loaded() {
        return loaded.get();
    }

    long failed() {
        return failed.get();
    }

    String stopReason() {
        return stopReason;
    }

    /** The failures printed so far, in the order they were reported. */
    List<RecordError> printedErrors() {
        synchronized (printed) {
            return List.copyOf(printed);
        }
    }

    /**
     * The closing lines: counts, bytes, time and rates, then what failed and why the load stopped,
     * if it did.
     */
    List<String> summary(long bytes, long elapsedNanos) {
        double seconds = Math.max(elapsedNanos, 1) / 1e9;
        long ok = loaded();
        long bad = failed();
        List<String> lines = new ArrayList<>();
        lines.add(String.format(Locale.ROOT, "loaded %s, %d failed, %s read in %s (%.0f docs/s, %s/s)",
                Units.count(ok, "document"), bad, Units.bytes(bytes), Units.seconds(seconds), ok / seconds, Units.bytes((long) (bytes / seconds))));
        if (bad > 0) {
            List<RecordError> shown = printedErrors();
            lines.add(Units.count(bad, "record") + " failed (" + shown.size() + " printed"
                    + (bad > shown.size() ? ", " + (bad - shown.size()) + " not printed" : "") + "); the first: " + shown.getFirst());
        }
        if (stopReason != null) {
            lines.add("stopped early: " + stopReason);
        }
        return lines;
    }
}
