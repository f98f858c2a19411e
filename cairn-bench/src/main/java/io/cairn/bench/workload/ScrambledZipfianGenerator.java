package io.cairn.bench.workload;

import java.util.random.RandomGenerator;

/**
 * Zipfian popularity without the popular items clustering at the low numbers: draws a zipfian rank
 * over a large space of {@value #SPACE} ranks, then hashes it (FNV-1a) into {@code [0, items)}.
 * The hot items are a fixed pseudo-random set of numbers, the same for every seed and every run, so
 * with hashed key names the hot keys are spread over the whole key range. Because the space is far
 * larger than {@code items}, the number of items does not change the shape of the skew: the most
 * popular item has about {@code 1 / zeta(10^10, theta)} of the draws (3.8% at theta 0.99) plus its
 * share of the tail. This is what YCSB's {@code requestdistribution=zipfian} means.
 *
 * <p>Immutable and thread-safe.
 */
public final class ScrambledZipfianGenerator implements NumberGenerator {
    /** The zipfian space the ranks are drawn from before hashing: ten billion, as YCSB. */
    public static final long SPACE = 10_000_000_000L;

    private final long items;
    private final ZipfianGenerator ranks;

    /** Scrambled zipfian over {@code items} with {@link ZipfianGenerator#DEFAULT_THETA}. */
    public ScrambledZipfianGenerator(long items) {
        this(items, ZipfianGenerator.DEFAULT_THETA);
    }

    /**
     * @throws IllegalArgumentException unless {@code items > 0} and {@code 0 < theta < 1}
     */
    public ScrambledZipfianGenerator(long items, double theta) {
        if (items <= 0) {
            throw new IllegalArgumentException("items: " + items + " (expected: > 0)");
        }
        this.items = items;
        this.ranks = new ZipfianGenerator(SPACE, theta);
    }

    /** A number of {@code [0, items())}. */
    @Override
    public long next(RandomGenerator rnd) {
        return Math.floorMod(Fnv1a.hash(ranks.next(rnd)), items);
    }

    public long items() {
        return items;
    }

    @Override
    public String toString() {
        return "scrambled-zipfian[items=" + items + ", theta=" + ranks.theta() + "]";
    }
}
