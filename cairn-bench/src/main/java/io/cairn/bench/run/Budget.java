package io.cairn.bench.run;

import java.util.concurrent.atomic.AtomicLong;

/**
 * When a phase's clients stop: after a warm-up (whose operations are not counted) either a number
 * of operations or a duration. Clients claim operations before running them.
 *
 * <p>Thread-safe.
 */
final class Budget {
    private final long warmupEndNanos;
    private final AtomicLong remaining;
    private final long deadlineNanos;
    private volatile boolean stopped;

    /**
     * @param operations operations to count after warm-up, or 0 to run for {@code durationNanos}
     */
    Budget(long startNanos, long warmupNanos, long operations, long durationNanos) {
        if (operations <= 0 && durationNanos <= 0) {
            throw new IllegalArgumentException("a phase needs operations or a duration (expected: one > 0)");
        }
        this.warmupEndNanos = startNanos + warmupNanos;
        this.remaining = new AtomicLong(operations > 0 ? operations : Long.MAX_VALUE);
        this.deadlineNanos = operations <= 0 ? warmupEndNanos + durationNanos : Long.MAX_VALUE;
    }

    long warmupEndNanos() {
        return warmupEndNanos;
    }

    /**
     * Claims up to {@code n} operations that start at {@code now}: how many may run, 0 when the
     * client should stop. Operations that start before the end of warm-up are not counted, exactly
     * as the {@link Meter} does not record them.
     */
    int claim(int n, long now) {
        if (stopped) {
            return 0;
        }
        if (now - warmupEndNanos < 0) {
            return n;
        }
        if (now - deadlineNanos >= 0) {
            stopped = true;
            return 0;
        }
        long before = remaining.getAndAdd(-n);
        if (before <= 0) {
            return 0;
        }
        return (int) Math.min(n, before);
    }

    /** Stops every client at its next claim (an interrupt, or a fatal error). */
    void stop() {
        stopped = true;
    }

    boolean stopped() {
        return stopped;
    }
}
