package io.cairn.bench.workload;

/**
 * Partial sums of the generalised harmonic series, {@code zeta(n, theta) = sum 1/i^theta for
 * i = 1..n}, the normalising constant of a zipfian distribution over n items. Short ranges are
 * summed term by term; long ones (YCSB's scrambled zipfian spans 10^10 items) sum the first
 * {@value #LEADING_TERMS} terms exactly and the rest by Euler-Maclaurin, whose error there is
 * below 1e-12 of the sum. Stateless and thread-safe.
 */
final class Zeta {
    /** Ranges up to this many terms are summed exactly: a few milliseconds. */
    static final long EXACT_LIMIT = 1L << 21;
    static final int LEADING_TERMS = 1024;

    private Zeta() {
    }

    /** {@code sum 1/i^theta for i = from + 1 .. to}; 0 when {@code to <= from}. */
    static double sum(long from, long to, double theta) {
        if (to <= from) {
            return 0;
        }
        if (to - from <= EXACT_LIMIT) {
            return exact(from, to, theta);
        }
        long m = from + LEADING_TERMS;
        return exact(from, m, theta) + eulerMaclaurin(m + 1, to, theta);
    }

    /** The sum term by term, smallest terms first to lose the least precision. */
    static double exact(long from, long to, double theta) {
        double sum = 0;
        for (long i = to; i > from; i--) {
            sum += Math.pow(i, -theta);
        }
        return sum;
    }

    /**
     * {@code sum f(i) for i = a..b} with {@code f(x) = x^-theta}: the integral, the end-point
     * correction and the next two Bernoulli terms. The integral is written with expm1 so that
     * theta close to 1 does not cancel away the digits.
     */
    private static double eulerMaclaurin(long a, long b, double theta) {
        double fa = Math.pow(a, -theta);
        double fb = Math.pow(b, -theta);
        double s = 1 - theta;
        double integral = s == 0
                ? Math.log((double) b / a)
                : Math.pow(a, s) * Math.expm1(s * Math.log((double) b / a)) / s;
        double d1a = -theta * fa / a;
        double d1b = -theta * fb / b;
        double k3 = -theta * (theta + 1) * (theta + 2);
        double d3a = k3 * fa / ((double) a * a * a);
        double d3b = k3 * fb / ((double) b * b * b);
        return integral + (fa + fb) / 2 + (d1b - d1a) / 12 - (d3b - d3a) / 720;
    }
}
