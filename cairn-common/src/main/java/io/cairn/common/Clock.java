package io.cairn.common;

/**
 * The source of time for everything that expires, schedules or measures. Passed in through
 * constructors so tests can move time by hand; never read {@code System.currentTimeMillis()}
 * directly in engine code.
 *
 * <p>Implementations must be thread-safe.
 */
public interface Clock {
    /** Wall-clock time in milliseconds since the epoch, used for expiry deadlines. */
    long millis();

    /** A monotonic time in nanoseconds, used for durations only. */
    long nanos();

    /** The system clock. */
    Clock SYSTEM = new Clock() {
        @Override
        public long millis() {
            return System.currentTimeMillis();
        }

        @Override
        public long nanos() {
            return System.nanoTime();
        }
    };
}
