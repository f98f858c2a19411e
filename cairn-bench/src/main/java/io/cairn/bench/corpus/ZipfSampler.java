package io.cairn.bench.corpus;

/**
 * Draws ranks {@code 0 .. n-1} where rank {@code r} has probability proportional to
 * {@code 1 / (r + 1)^s}: a precomputed cumulative table and a binary search per draw, exact for
 * every rank (unlike the closed-form approximation of
 * {@link io.cairn.bench.workload.ZipfianGenerator}). The table is {@code 8 n} bytes and is computed
 * with {@link StrictMath}, so it is the same on every JVM.
 *
 * <p>Immutable and thread-safe.
 */
public final class ZipfSampler {
    private final double exponent;
    /** {@code cumulative[r]}: the probability of a rank {@code <= r}; the last is exactly 1. */
    private final double[] cumulative;

    /**
     * @throws IllegalArgumentException unless {@code n > 0} and {@code exponent >= 0}
     */
    public ZipfSampler(int n, double exponent) {
        if (n <= 0) {
            throw new IllegalArgumentException("n: " + n + " (expected: > 0)");
        }
        if (!(exponent >= 0) || Double.isInfinite(exponent)) {
            throw new IllegalArgumentException("exponent: " + exponent + " (expected: >= 0)");
        }
        this.exponent = exponent;
        this.cumulative = new double[n];
        double sum = 0;
        for (int r = 0; r < n; r++) {
            sum += weight(r);
            cumulative[r] = sum;
        }
        for (int r = 0; r < n; r++) {
            cumulative[r] /= sum;
        }
        cumulative[n - 1] = 1.0;
    }

    private double weight(int rank) {
        return 1 / StrictMath.pow(rank + 1, exponent);
    }

    public int size() {
        return cumulative.length;
    }

    public double exponent() {
        return exponent;
    }

    /** The probability of {@code rank}. */
    public double probability(int rank) {
        return rank == 0 ? cumulative[0] : cumulative[rank] - cumulative[rank - 1];
    }

    /** The rank at {@code u} of {@code [0, 1)}: the first whose cumulative probability exceeds it. */
    public int rank(double u) {
        int lo = 0;
        int hi = cumulative.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (cumulative[mid] > u) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    int draw(CorpusRandom rnd) {
        return rank(rnd.nextDouble());
    }
}
