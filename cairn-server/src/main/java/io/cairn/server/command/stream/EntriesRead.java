package io.cairn.server.command.stream;

import io.cairn.storage.engine.StreamId;
import io.cairn.storage.engine.StreamOps;

/**
 * A consumer group's {@code entries-read} and {@code lag}, as Redis 7 keeps and estimates them:
 * exact while no entry after the group's last delivered ID was deleted, an estimate from the
 * stream's counters otherwise, and unknown (-1, a null lag) when neither can tell.
 */
final class EntriesRead {
    static final long UNKNOWN = -1;

    private EntriesRead() {
    }

    /** The first entry's ID, or 0-0 for an empty stream (Redis's {@code first_id}). */
    private static StreamId first(StreamOps.Meta s) {
        return s.firstEntry() == null ? StreamId.MIN : s.firstEntry();
    }

    /** Whether an entry from {@code start} on may have been deleted (streamRangeHasTombstones). */
    static boolean tombstonesFrom(StreamOps.Meta s, StreamId start) {
        if (s.length() == 0 || s.maxDeletedId().equals(StreamId.MIN)) {
            return false;
        }
        return start.compareTo(s.maxDeletedId()) <= 0;
    }

    /** How many entries were added up to and including {@code id}, or {@link #UNKNOWN} (streamEstimateDistanceFromFirstEverEntry). */
    static long estimate(StreamOps.Meta s, StreamId id) {
        if (s.entriesAdded() == 0) {
            return 0;
        }
        if (s.length() == 0 && id.compareTo(s.lastId()) < 1) {
            return s.entriesAdded();
        }
        if (!id.equals(StreamId.MIN) && id.compareTo(s.maxDeletedId()) < 0) {
            return UNKNOWN;
        }
        int cmpLast = id.compareTo(s.lastId());
        if (cmpLast == 0) {
            return s.entriesAdded();
        } else if (cmpLast > 0) {
            return UNKNOWN;
        }
        int cmpFirst = id.compareTo(first(s));
        if (s.maxDeletedId().equals(StreamId.MIN) || s.maxDeletedId().compareTo(first(s)) < 0) {
            if (cmpFirst < 0) {
                return s.entriesAdded() - s.length();
            } else if (cmpFirst == 0) {
                return s.entriesAdded() - s.length() + 1;
            }
        }
        return UNKNOWN;
    }

    /** The group's entries-read after it was delivered {@code id}, past its last delivered ID {@code last}. */
    static long afterDelivering(StreamOps.Meta s, StreamId last, long entriesRead, StreamId id) {
        if (entriesRead != UNKNOWN && !tombstonesFrom(s, last)) {
            return entriesRead + 1;
        }
        return s.entriesAdded() != 0 ? estimate(s, id) : entriesRead;
    }

    /** The group's lag, or null when it cannot be known (streamReplyWithCGLag). */
    static Long lag(StreamOps.Meta s, StreamOps.Group g) {
        if (s.entriesAdded() == 0 || s.length() == 0) {
            return 0L;
        }
        if (g.lastDelivered().compareTo(first(s)) < 0 && s.maxDeletedId().compareTo(first(s)) < 0) {
            return s.length();
        }
        if (g.entriesRead() != UNKNOWN && !tombstonesFrom(s, g.lastDelivered())) {
            return s.entriesAdded() - g.entriesRead();
        }
        long read = estimate(s, g.lastDelivered());
        return read == UNKNOWN ? null : s.entriesAdded() - read;
    }
}
