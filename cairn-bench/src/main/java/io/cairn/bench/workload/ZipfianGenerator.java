package io.cairn.bench.workload;

import java.util.random.RandomGenerator;

/**
 * Ranks {@code 0 .. items - 1} where rank r comes with probability proportional to
 * {@code 1 / (r + 1)^theta}: rank 0 is the most popular. Draws follow Gray et al., "Quickly
 * generating billion-record synthetic databases" (SIGMOD 1994): ranks 0 and 1 exactly, higher
 * ranks by the paper's closed-form inverse of a continuous approximation, which puts more weight
 * on the ranks just above 1 (+17% on rank 2 at theta 0.99 over 1,000 items, within a few per cent
 * from rank 10 on); YCSB draws the same way. Each draw costs one {@code pow}; the normalising
 * constant {@code zeta(items, theta)} is computed once.
 *
 * <p>The item count can grow ({@link #next(RandomGenerator, long)}): the zeta is then extended by
 * the new terms only, so a generator that follows inserts pays per insert, not per draw. It can
 * never shrink.
 *
 * <p>Not thread-safe: growing mutates it. Give each client thread its own; one that is never grown
 * after being safely published may be shared.
 */
public final class ZipfianGenerator implements NumberGenerator {
    /** YCSB's skew, the one its core workloads use. */
    public static final double DEFAULT_THETA = 0.99;

    private final double theta;
    private final double alpha;
    private final double zeta2;
    private final double halfPowTheta;
    private long items;
    private double zetaN;
    private double eta;

    /** Zipfian over {@code items} ranks with {@link #DEFAULT_THETA}. */
    public ZipfianGenerator(long items) {
        this(items, DEFAULT_THETA);
    }

    /**
     * @throws IllegalArgumentException unless {@code items > 0} and {@code 0 < theta < 1} (Gray's
     *     method divides by {@code 1 - theta})
     */
    public ZipfianGenerator(long items, double theta) {
        if (items <= 0) {
            throw new IllegalArgumentException("items: " + items + " (expected: > 0)");
        }
        if (!(theta > 0 && theta < 1)) {
            throw new IllegalArgumentException("theta: " + theta + " (expected: 0 < theta < 1)");
        }
        this.theta = theta;
        this.alpha = 1 / (1 - theta);
        this.zeta2 = Zeta.sum(0, 2, theta);
        this.halfPowTheta = Math.pow(0.5, theta);
        this.items = items;
        this.zetaN = Zeta.sum(0, items, theta);
        this.eta = eta();
    }

    /** A rank of {@code [0, items())}. */
    @Override
    public long next(RandomGenerator rnd) {
        double u = rnd.nextDouble();
        double uz = u * zetaN;
        if (uz < 1) {
            return 0;
        }
        if (uz < 1 + halfPowTheta) {
            return 1;
        }
        long rank = (long) (items * Math.pow(eta * u - eta + 1, alpha));
        return Math.min(rank, items - 1);
    }

    /**
     * First grows the item count to {@code items} (extending the zeta by the new terms), then
     * draws a rank of {@code [0, items)}.
     *
     * @throws IllegalArgumentException when {@code items} is below the current count
     */
    public long next(RandomGenerator rnd, long items) {
        if (items != this.items) {
            grow(items);
        }
        return next(rnd);
    }

    private void grow(long newItems) {
        if (newItems < items) {
            throw new IllegalArgumentException("items: " + newItems
                    + " (expected: >= " + items + ", the item count only grows)");
        }
        zetaN += Zeta.sum(items, newItems, theta);
        items = newItems;
        eta = eta();
    }

    private double eta() {
        return (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetaN);
    }

    public long items() {
        return items;
    }

    public double theta() {
        return theta;
    }

    /** {@code zeta(items(), theta())}, the sum that normalises the probabilities. */
    public double zeta() {
        return zetaN;
    }

    /** The ideal zipfian probability of {@code rank}: {@code 1 / ((rank + 1)^theta * zeta)}. */
    public double probability(long rank) {
        return Math.pow(rank + 1, -theta) / zetaN;
    }

    @Override
    public String toString() {
        return "zipfian[items=" + items + ", theta=" + theta + "]";
    }
}
