package io.cairn.storage.engine;

import java.util.Locale;

/** {@code maxmemory-policy}: which keys go when the store holds more than its limit, in Redis's names. */
public enum EvictionPolicy {
    NOEVICTION,
    ALLKEYS_LRU,
    ALLKEYS_LFU,
    ALLKEYS_RANDOM,
    VOLATILE_LRU,
    VOLATILE_LFU,
    VOLATILE_RANDOM,
    VOLATILE_TTL;

    /** The name Redis gives it: {@code allkeys-lru}. */
    public String redisName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The policy named {@code name} (any case), or null. */
    public static EvictionPolicy byName(String name) {
        for (EvictionPolicy p : values()) {
            if (p.redisName().equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }

    /** Whether keys' clocks count frequency rather than the last access. */
    public boolean lfu() {
        return this == ALLKEYS_LFU || this == VOLATILE_LFU;
    }

    /** Whether only keys with an expiry may go. */
    boolean volatileOnly() {
        return name().startsWith("VOLATILE");
    }
}
