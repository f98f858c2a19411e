package io.cairn.storage.engine;

/**
 * How much the store may hold and what goes past it: Redis's {@code maxmemory} (0: no limit),
 * {@code maxmemory-policy}, {@code maxmemory-samples}, {@code lfu-log-factor} and {@code
 * lfu-decay-time} (minutes).
 */
public record MemoryLimit(long maxBytes, EvictionPolicy policy, int samples, int lfuLogFactor, int lfuDecayMinutes) {
    public static final MemoryLimit NONE = new MemoryLimit(0, EvictionPolicy.NOEVICTION, 5, 10, 1);

    public MemoryLimit {
        if (maxBytes < 0 || samples < 1 || lfuLogFactor < 0 || lfuDecayMinutes < 0 || policy == null) {
            throw new IllegalArgumentException("memory limit: " + maxBytes + " " + policy + " " + samples + " "
                    + lfuLogFactor + " " + lfuDecayMinutes);
        }
    }
}
