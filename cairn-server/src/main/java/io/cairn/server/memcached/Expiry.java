package io.cairn.server.memcached;

/**
 * An expiration time as memcached reads it: 0 never; a negative value at once; up to 30 days
 * (2,592,000) seconds from now; past that an absolute Unix time, which if not after now is at once.
 */
final class Expiry {
    /** memcached's REALTIME_MAXDELTA: 30 days, in seconds. */
    static final int MAX_DELTA = 60 * 60 * 24 * 30;
    /** {@link #expireAt}'s answer for a time that has already come. */
    static final long PAST = -1;

    private Expiry() {
    }

    /** The epoch milliseconds the item expires at, 0 for never, {@link #PAST} for at once. */
    static long expireAt(int exptime, long nowMillis) {
        if (exptime == 0) {
            return 0;
        }
        if (exptime < 0) {
            return PAST;
        }
        long at = exptime > MAX_DELTA ? exptime * 1000L : nowMillis + exptime * 1000L;
        return at <= nowMillis ? PAST : at;
    }

    /** Seconds left before {@code expireAt} (0 for never: -1), rounded up as memcached's clock shows them. */
    static long ttl(long expireAt, long nowMillis) {
        if (expireAt == 0) {
            return -1;
        }
        return Math.max(0, (expireAt - nowMillis + 999) / 1000);
    }
}
