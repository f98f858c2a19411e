package io.cairn.server.net;

import io.cairn.server.OutputBufferLimits;

/**
 * Decides, as Redis's {@code checkClientOutputBufferLimits} does, whether a client's waiting bytes
 * passed its class's {@code client-output-buffer-limit}: at once past the hard limit, or past the
 * soft limit when it has stayed past it for more than the class's seconds (the clock starts the
 * first time it is seen past it, and stops whenever it is seen below). One per connection, used
 * on its event loop only.
 */
final class OutputLimitCheck {
    private long softSinceMillis = -1;

    boolean exceeded(OutputBufferLimits.ClassLimit limit, long usedBytes, long nowMillis) {
        boolean hard = limit.hardBytes() > 0 && usedBytes >= limit.hardBytes();
        boolean soft = limit.softBytes() > 0 && usedBytes >= limit.softBytes();
        if (!soft) {
            softSinceMillis = -1;
            return hard;
        }
        if (softSinceMillis < 0) {
            softSinceMillis = nowMillis;
            return hard;
        }
        return hard || nowMillis - softSinceMillis > limit.softSeconds() * 1000;
    }
}
