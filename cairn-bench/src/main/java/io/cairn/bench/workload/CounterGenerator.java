package io.cairn.bench.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.random.RandomGenerator;

/**
 * {@code start, start + 1, start + 2, ...}: the key numbers of the load phase, in which the clients
 * together insert every record once. Ignores the random generator. Thread-safe and lock-free: any
 * number of clients may share one, and each number is handed out exactly once.
 */
public final class CounterGenerator implements NumberGenerator {
    private final AtomicLong next;

    public CounterGenerator(long start) {
        this.next = new AtomicLong(start);
    }

    @Override
    public long next(RandomGenerator rnd) {
        return next.getAndIncrement();
    }

    /** The number the next call will return. */
    public long peek() {
        return next.get();
    }

    @Override
    public String toString() {
        return "counter[next=" + next.get() + "]";
    }
}
