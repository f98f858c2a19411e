package io.cairn.bench.workload;

import java.util.random.RandomGenerator;

/**
 * Every number of {@code [lowest, highest]} with the same probability. Immutable and thread-safe.
 */
public final class UniformGenerator implements NumberGenerator {
    private final long lowest;
    private final long highest;

    /**
     * @throws IllegalArgumentException unless {@code lowest <= highest < Long.MAX_VALUE}
     */
    public UniformGenerator(long lowest, long highest) {
        if (highest < lowest || highest == Long.MAX_VALUE) {
            throw new IllegalArgumentException("highest: " + highest
                    + " (expected: " + lowest + " <= highest < " + Long.MAX_VALUE + ")");
        }
        this.lowest = lowest;
        this.highest = highest;
    }

    @Override
    public long next(RandomGenerator rnd) {
        return rnd.nextLong(lowest, highest + 1);
    }

    public long lowest() {
        return lowest;
    }

    public long highest() {
        return highest;
    }

    @Override
    public String toString() {
        return "uniform[" + lowest + ", " + highest + "]";
    }
}
