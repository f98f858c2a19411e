package io.cairn.storage.engine;

import io.cairn.storage.index.HashIndex;
import java.util.SplittableRandom;

/**
 * The per-key access clock that eviction and {@code OBJECT IDLETIME}/{@code OBJECT FREQ} read, 24
 * bits per key kept beside its slot in the hash index ({@link HashIndex#touch}), as Redis's {@code
 * lru} field, with Redis's two meanings of it:
 *
 * <ul>
 *   <li><b>LRU</b> (every policy but the LFU ones): the time of the last access, in seconds since
 *       the Unix epoch modulo 2^24 (194 days, after which an idle time wraps, as Redis's does).
 *   <li><b>LFU</b> ({@code allkeys-lfu}, {@code volatile-lfu}): the minute of the last decrement in
 *       the high 16 bits and an 8-bit logarithmic access counter in the low 8, as Redis's {@code
 *       lru} field in LFU mode: a new key starts at {@value #LFU_INIT_VAL}; each access first
 *       decays the counter by one per {@code lfu-decay-time} minutes passed, then increments it
 *       with probability {@code 1 / ((counter - 5) * lfu-log-factor + 1)}, up to 255.
 * </ul>
 *
 * Switching between the two at run time reinterprets the clocks, as in Redis: they adjust as keys
 * are accessed. Replay and snapshot loading give keys the clock of now (a restart forgets access
 * history, as an RDB without LRU/LFU information does).
 *
 * <p>Not thread-safe: used under the store's lock; {@link #policy} may be read by anyone.
 */
final class AccessClocks implements HashIndex.Toucher {
    static final int LFU_INIT_VAL = 5;

    private volatile boolean lfu;
    private volatile int logFactor = 10;
    private volatile int decayMinutes = 1;
    private final SplittableRandom random = new SplittableRandom(0x5EED);
    /** Now, as the transaction running sees it, in milliseconds; set by {@link #at}. */
    private long nowMillis = System.currentTimeMillis();

    /** Chooses the meaning: LFU when {@code lfu}, else LRU; and LFU's two parameters. */
    void configure(boolean lfu, int logFactor, int decayMinutes) {
        this.lfu = lfu;
        this.logFactor = logFactor;
        this.decayMinutes = decayMinutes;
    }

    boolean lfu() {
        return lfu;
    }

    /** The time of the transaction about to run. */
    void at(long nowMillis) {
        this.nowMillis = nowMillis;
    }

    /** The clock of a key created now. */
    int initial() {
        return lfu ? minutes() << 8 | LFU_INIT_VAL : seconds();
    }

    /** An access: the clock's new value. */
    @Override
    public int touch(int clock) {
        if (!lfu) {
            return seconds();
        }
        int counter = decayed(clock);
        if (counter < 255) {
            int base = Math.max(0, counter - LFU_INIT_VAL);
            double p = 1.0 / (base * (double) logFactor + 1);
            if (random.nextDouble() < p) {
                counter++;
            }
        }
        return minutes() << 8 | counter;
    }

    /** LFU: the clock of a key whose counter is {@code freq} now (RESTORE ... FREQ). */
    int withFrequency(int freq) {
        return minutes() << 8 | Math.min(255, Math.max(0, freq));
    }

    /** LRU: the clock of a key last accessed {@code idleSeconds} ago (RESTORE ... IDLETIME). */
    int idleFor(long idleSeconds) {
        return (int) (seconds() - Math.min(idleSeconds, HashIndex.CLOCK_MASK)) & HashIndex.CLOCK_MASK;
    }

    /** LRU: seconds since the key's last access (modulo 2^24). */
    long idleSeconds(int clock) {
        return (seconds() - clock) & HashIndex.CLOCK_MASK;
    }

    /** LFU: the key's counter after decay, without counting an access (OBJECT FREQ). */
    int frequency(int clock) {
        return decayed(clock);
    }

    /**
     * How strongly eviction prefers this key, higher first: LRU the idle time in milliseconds;
     * LFU 255 minus the decayed counter (Redis's idle score for LFU).
     */
    long evictionScore(int clock) {
        return lfu ? 255 - decayed(clock) : idleSeconds(clock) * 1000;
    }

    private int decayed(int clock) {
        int counter = clock & 0xFF;
        int period = decayMinutes;
        if (period <= 0) {
            return counter;
        }
        int last = clock >>> 8 & 0xFFFF;
        int now = minutes();
        int elapsed = now >= last ? now - last : 65536 - last + now;
        int periods = elapsed / period;
        return periods >= counter ? 0 : counter - periods;
    }

    private int seconds() {
        return (int) (nowMillis / 1000) & HashIndex.CLOCK_MASK;
    }

    private int minutes() {
        return (int) (nowMillis / 60_000 & 0xFFFF);
    }
}
