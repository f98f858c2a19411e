package io.cairn.document;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The seed of a randomized test: {@code -Dtests.seed=} (decimal, or hex with {@code 0x}) when set,
 * else a fresh one; printed either way so a failure can be replayed. The same contract as
 * {@code io.cairn.testkit.Seeds}, kept here because this module depends on {@code cairn-common} only.
 */
public final class TestSeeds {
    private TestSeeds() {
    }

    public static long seed() {
        String value = System.getProperty("tests.seed", "").strip();
        long seed;
        if (value.isEmpty()) {
            seed = ThreadLocalRandom.current().nextLong();
        } else if (value.startsWith("0x") || value.startsWith("0X")) {
            seed = Long.parseUnsignedLong(value.substring(2), 16);
        } else {
            seed = Long.parseLong(value);
        }
        String shown = "0x" + Long.toHexString(seed);
        System.err.println("[cairn] tests.seed=" + shown + " (rerun with -Dtests.seed=" + shown + ")");
        return seed;
    }
}
