package io.cairn.server;

import io.cairn.common.LatencyHistogram;
import io.cairn.storage.engine.CheckpointInfo;
import io.cairn.storage.engine.Store;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Redis's latency monitor: for each event, a ring of the last {@value #SAMPLES} samples (epoch
 * second, milliseconds) and the all-time maximum. A latency is kept only when
 * {@code latency-monitor-threshold} is above 0 and it is at least that many milliseconds; two in
 * the same second make one sample, the larger. Events are added the first time one is kept and
 * removed only by RESET.
 *
 * <p>Events: {@code command} and {@code fast-command} (a command's event-loop part, as SLOWLOG
 * times it), recorded by the dispatcher; once a second {@link #sampleStore} reads the store's
 * timings: {@code expire-cycle} (the expiry cycle's hold of the store's lock), {@code aof-write}
 * (the log's group writes, on its writer thread) and {@code aof-fsync-always} (its fsyncs with
 * {@code wal fsync}), each the largest of that second, and {@code checkpoint} (a finished
 * checkpoint's whole run, which writers do not wait for).
 *
 * <p>Thread-safe: every method synchronises on the monitor; the clock is passed in for tests.
 */
public final class LatencyMonitor {
    static final int SAMPLES = 160;

    /** One event's samples, oldest overwritten first. */
    static final class Series {
        final long[] times = new long[SAMPLES];
        final long[] latencies = new long[SAMPLES];
        int next;
        long max;

        void add(long second, long millis) {
            max = Math.max(max, millis);
            int prev = (next + SAMPLES - 1) % SAMPLES;
            if (times[prev] == second) {
                latencies[prev] = Math.max(latencies[prev], millis);
                return;
            }
            times[next] = second;
            latencies[next] = millis;
            next = (next + 1) % SAMPLES;
        }

        int latestIndex() {
            return (next + SAMPLES - 1) % SAMPLES;
        }

        /** Samples oldest first: {second, millis} pairs. */
        List<long[]> samples() {
            List<long[]> out = new ArrayList<>();
            for (int j = 0; j < SAMPLES; j++) {
                int i = (next + j) % SAMPLES;
                if (times[i] != 0) {
                    out.add(new long[] {times[i], latencies[i]});
                }
            }
            return out;
        }
    }

    private final Map<String, Series> events = new LinkedHashMap<>(); // guarded by this
    private final LongSupplier epochSeconds;
    private volatile long thresholdMillis;
    private long checkpointSeen; // finishedAt of the last checkpoint sampled; guarded by this

    public LatencyMonitor(long thresholdMillis, LongSupplier epochSeconds) {
        this.thresholdMillis = thresholdMillis;
        this.epochSeconds = epochSeconds;
    }

    public long threshold() {
        return thresholdMillis;
    }

    public void threshold(long millis) {
        thresholdMillis = millis;
    }

    /** Keeps {@code millis} for {@code event} if it reaches the threshold (none when it is 0). */
    public void addIfNeeded(String event, long millis) {
        long t = thresholdMillis;
        if (t > 0 && millis >= t) {
            add(event, millis);
        }
    }

    synchronized void add(String event, long millis) {
        events.computeIfAbsent(event, e -> new Series()).add(epochSeconds.getAsLong(), millis);
    }

    /**
     * Once a second: the store's timings since the previous call (see the class comment). The
     * windows are drained whether or not the monitor is on, so turning it on reports nothing older;
     * a checkpoint counts if it finished since the previous call (or within two seconds, the first time).
     */
    public void sampleStore(Store store) {
        window("expire-cycle", store.expiryCycleLatency());
        window("aof-write", store.walWriteLatency());
        window("aof-fsync-always", store.walSyncLatency());
        if (thresholdMillis == 0) {
            return; // the store's stats take its lock: not while nothing would be kept
        }
        CheckpointInfo cp = store.stats().lastCheckpoint();
        synchronized (this) {
            long nowMillis = epochSeconds.getAsLong() * 1000;
            if (cp != null && cp.finishedAt() != checkpointSeen && cp.finishedAt() >= nowMillis - 2000) {
                addIfNeeded("checkpoint", cp.millis());
            }
            if (cp != null) {
                checkpointSeen = cp.finishedAt();
            }
        }
    }

    private void window(String event, LatencyHistogram h) {
        if (h != null) {
            addIfNeeded(event, h.takeWindowMaxMicros() / 1000);
        }
    }

    /** LATENCY LATEST: per event, its name, the latest sample's second and latency, the all-time max. */
    public synchronized List<Latest> latest() {
        List<Latest> out = new ArrayList<>(events.size());
        events.forEach((name, s) -> {
            int i = s.latestIndex();
            out.add(new Latest(name, s.times[i], s.latencies[i], s.max));
        });
        return out;
    }

    public record Latest(String event, long second, long millis, long max) {
    }

    /** LATENCY HISTORY: {second, millis} pairs, oldest first; empty for an unknown event. */
    public synchronized List<long[]> history(String event) {
        Series s = events.get(event);
        return s == null ? List.of() : s.samples();
    }

    /** The all-time maximum of {@code event}, or -1 when it has no samples. */
    public synchronized long max(String event) {
        Series s = events.get(event);
        return s == null ? -1 : s.max;
    }

    /** LATENCY RESET: forgets the events named (case-insensitively), or every one; returns how many. */
    public synchronized int reset(List<String> names) {
        if (names.isEmpty()) {
            int n = events.size();
            events.clear();
            return n;
        }
        int n = 0;
        for (String name : names) {
            n += events.keySet().removeIf(e -> e.equalsIgnoreCase(name)) ? 1 : 0;
        }
        return n;
    }

    /** The event names with samples, in the order they were first kept. */
    public synchronized List<String> eventNames() {
        return new ArrayList<>(events.keySet());
    }

    long now() {
        return epochSeconds.getAsLong();
    }
}
