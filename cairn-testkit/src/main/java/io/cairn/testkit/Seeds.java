package io.cairn.testkit;

import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;

/**
 * Reproducible randomness for tests. A randomized test takes its seed from {@link #seed()}, which
 * logs it, and builds its generator with {@link #random(long)}; a failure then replays with
 * {@code -Dcairn.seed=<value>}. Stateless and thread-safe.
 */
public final class Seeds {
    /**
     * The system property that fixes the seed. Not Lucene's {@code tests.seed}: Lucene reads that one
     * as a hex hash seed when it is set at all, and fails on our blank or {@code 0x} values.
     */
    public static final String PROPERTY = "cairn.seed";

    private Seeds() {
    }

    /**
     * The seed from {@code -Dcairn.seed} (decimal, or hex with {@code 0x}) when set and not blank,
     * else a fresh random one. Prints it to stderr on every call, so each randomized test logs the
     * seed that replays it.
     *
     * @throws IllegalArgumentException when the property is set but is not a long
     */
    public static long seed() {
        String value = System.getProperty(PROPERTY, "").strip();
        long seed = value.isEmpty() ? ThreadLocalRandom.current().nextLong() : parse(value);
        String shown = "0x" + Long.toHexString(seed);
        System.err.println("[cairn] " + PROPERTY + "=" + shown
                + " (rerun with -D" + PROPERTY + "=" + shown + ")");
        return seed;
    }

    /** A generator whose whole sequence is fixed by {@code seed}. */
    public static RandomGenerator random(long seed) {
        return new SplittableRandom(seed);
    }

    static long parse(String value) {
        try {
            if (value.startsWith("0x") || value.startsWith("0X")) {
                return Long.parseUnsignedLong(value.substring(2), 16);
            }
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    PROPERTY + ": " + value + " (expected: a decimal long, or hex with 0x)", e);
        }
    }
}
