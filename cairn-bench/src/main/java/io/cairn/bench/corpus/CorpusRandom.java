package io.cairn.bench.corpus;

/**
 * The corpus's pseudo-random numbers: SplitMix64 (Steele, Lea and Flood, "Fast splittable
 * pseudorandom number generators", OOPSLA 2014), written out here rather than taken from the JDK so
 * that the corpus stays byte-identical whatever JDK generates it: every method, bounded draws
 * included, is fixed by this class alone.
 *
 * <p>A stream is named by a seed, a purpose and an index ({@link #of(long, long, long)}), so article
 * {@code i} has its own stream that depends on nothing else, and each use of randomness (word
 * order, categories, queries) has its own.
 *
 * <p>Not thread-safe: one instance per thread, which is cheap.
 */
final class CorpusRandom {
    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private long state;

    CorpusRandom(long seed) {
        this.state = seed;
    }

    /** The stream of {@code purpose} and {@code index} under {@code seed}. */
    static CorpusRandom of(long seed, long purpose, long index) {
        return new CorpusRandom(mix(mix(seed ^ mix(purpose + GOLDEN_GAMMA)) + index * GOLDEN_GAMMA));
    }

    /** SplitMix64's finaliser (Stafford's variant 13): a bijection that spreads every input bit. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    long nextLong() {
        state += GOLDEN_GAMMA;
        return mix(state);
    }

    /** Uniform in {@code [0, 1)} with 53 random bits. */
    double nextDouble() {
        return (nextLong() >>> 11) * 0x1.0p-53;
    }

    /** Uniform in {@code [0, bound)} (Lemire's multiply-shift; a bias below 2^-32, irrelevant here). */
    int nextInt(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound: " + bound + " (expected: > 0)");
        }
        return (int) (((nextLong() >>> 32) * bound) >>> 32);
    }

    /** Uniform in {@code [min, max]}. */
    int between(int min, int max) {
        return min + nextInt(max - min + 1);
    }

    /** Uniform in {@code [0, bound)}, the same multiply-shift on 64 bits. */
    long nextLong(long bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound: " + bound + " (expected: > 0)");
        }
        return Math.unsignedMultiplyHigh(nextLong(), bound);
    }

    boolean chance(double p) {
        return nextDouble() < p;
    }
}
