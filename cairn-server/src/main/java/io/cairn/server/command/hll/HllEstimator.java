package io.cairn.server.command.hll;

/**
 * The cardinality estimate from a histogram of register values: Otmar Ertl's improved estimator
 * ("New cardinality estimation algorithms for HyperLogLog sketches", arXiv:1702.01284), the one
 * Redis uses since 5.0. The arithmetic follows Redis's order of operations in IEEE doubles, so
 * both give the same integer for the same registers. Stateless.
 */
final class HllEstimator {
    /** 0.5 / ln(2): the estimator's constant for an infinite number of registers. */
    private static final double ALPHA_INF = 0.721347520444481703680;

    private HllEstimator() {
    }

    /**
     * The estimate. {@code histogram[v]} counts the registers holding {@code v}; it must have at
     * least {@code HllFormat.Q + 2} entries and sum to {@link HllFormat#REGISTERS}.
     */
    static long estimate(int[] histogram) {
        double m = HllFormat.REGISTERS;
        double z = m * tau((m - histogram[HllFormat.Q + 1]) / m);
        for (int j = HllFormat.Q; j >= 1; j--) {
            z += histogram[j];
            z *= 0.5;
        }
        z += m * sigma(histogram[0] / m);
        return Math.round(ALPHA_INF * m * m / z);
    }

    static double sigma(double x) {
        if (x == 1.0) {
            return Double.POSITIVE_INFINITY;
        }
        double y = 1;
        double z = x;
        double previous;
        do {
            x *= x;
            previous = z;
            z += x * y;
            y += y;
        } while (previous != z);
        return z;
    }

    static double tau(double x) {
        if (x == 0.0 || x == 1.0) {
            return 0.0;
        }
        double y = 1.0;
        double z = 1 - x;
        double previous;
        do {
            x = Math.sqrt(x);
            previous = z;
            y *= 0.5;
            z -= (1 - x) * (1 - x) * y;
        } while (previous != z);
        return z / 3;
    }
}
