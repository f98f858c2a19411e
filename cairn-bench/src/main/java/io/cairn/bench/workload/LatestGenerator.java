package io.cairn.bench.workload;

import java.util.random.RandomGenerator;

/**
 * Key numbers skewed towards the most recently inserted: with {@code n} keys acknowledged by the
 * {@link InsertCounter}, returns {@code n - 1 - r} for a zipfian rank {@code r} over {@code n}
 * items, so key {@code n - 1} is the most popular, {@code n - 2} the next, and so on. As inserts are
 * acknowledged the popular end moves with them. This is YCSB's {@code requestdistribution=latest}
 * (workload D).
 *
 * <p>Not thread-safe: the zipfian it holds grows with the counter. Give each client thread its own;
 * they may all follow one shared counter.
 */
public final class LatestGenerator implements NumberGenerator {
    private final InsertCounter inserts;
    private final ZipfianGenerator ranks;

    /** Follows {@code inserts} with {@link ZipfianGenerator#DEFAULT_THETA}. */
    public LatestGenerator(InsertCounter inserts) {
        this(inserts, ZipfianGenerator.DEFAULT_THETA);
    }

    /**
     * @throws IllegalArgumentException when no key is acknowledged yet, or theta is not in (0, 1)
     */
    public LatestGenerator(InsertCounter inserts, double theta) {
        long n = inserts.acknowledged();
        if (n <= 0) {
            throw new IllegalArgumentException("inserts.acknowledged(): " + n
                    + " (expected: > 0, load records before drawing the latest)");
        }
        this.inserts = inserts;
        this.ranks = new ZipfianGenerator(n, theta);
    }

    /** A key number of {@code [0, inserts.acknowledged())}, most likely the highest. */
    @Override
    public long next(RandomGenerator rnd) {
        long n = inserts.acknowledged();
        return n - 1 - ranks.next(rnd, n);
    }

    @Override
    public String toString() {
        return "latest[" + inserts + "]";
    }
}
