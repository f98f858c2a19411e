package io.cairn.bench.workload;

import java.util.SplittableRandom;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code -Dtests.seed} convention of {@code io.cairn.testkit.Seeds}, which cairn-bench cannot
 * depend on: the seed comes from the property (decimal, or hex with 0x) when set, else fresh, and
 * is printed with the test's name so that a failure replays.
 */
final class TestSeeds {
    private static final String PROPERTY = "tests.seed";

    private TestSeeds() {
    }

    static long seed(String test) {
        String value = System.getProperty(PROPERTY, "").strip();
        long seed;
        if (value.isEmpty()) {
            seed = ThreadLocalRandom.current().nextLong();
        } else if (value.startsWith("0x") || value.startsWith("0X")) {
            seed = Long.parseUnsignedLong(value.substring(2), 16);
        } else {
            seed = Long.parseLong(value);
        }
        String shown = "0x" + Long.toHexString(seed);
        System.err.println("[cairn] " + test + ": " + PROPERTY + "=" + shown
                + " (rerun with -D" + PROPERTY + "=" + shown + ")");
        return seed;
    }

    static SplittableRandom random(String test) {
        return new SplittableRandom(seed(test));
    }
}
