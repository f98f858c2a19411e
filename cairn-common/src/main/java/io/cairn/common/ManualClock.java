package io.cairn.common;

import java.util.concurrent.atomic.AtomicLong;

/** A {@link Clock} that moves only when told to. Thread-safe. */
public final class ManualClock implements Clock {
    private final AtomicLong millis;
    private final AtomicLong nanos = new AtomicLong();

    public ManualClock(long startMillis) {
        this.millis = new AtomicLong(startMillis);
    }

    @Override
    public long millis() {
        return millis.get();
    }

    @Override
    public long nanos() {
        return nanos.get();
    }

    /** Moves both clocks forward. */
    public void advanceMillis(long delta) {
        Checks.nonNegative("delta", delta);
        millis.addAndGet(delta);
        nanos.addAndGet(delta * 1_000_000L);
    }
}
