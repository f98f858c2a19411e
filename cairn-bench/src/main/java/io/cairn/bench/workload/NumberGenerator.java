package io.cairn.bench.workload;

import java.util.random.RandomGenerator;

/**
 * A source of non-negative numbers (key numbers, scan lengths, field indexes) with a fixed
 * distribution. The randomness comes from the caller, so a client that owns one seeded
 * {@link RandomGenerator} replays the same numbers. Implementations state their own thread-safety;
 * unless they say otherwise, give each client thread its own generator.
 */
@FunctionalInterface
public interface NumberGenerator {
    /** The next number, drawing whatever randomness it needs from {@code rnd}. */
    long next(RandomGenerator rnd);
}
