package io.cairn.storage.engine;

import java.nio.charset.StandardCharsets;
import java.util.function.Predicate;

/**
 * A big sorted set of a disk database as its stage holds it ({@link ZSetEntry}'s disk layout),
 * kept in the engine as Kvrocks keeps one: one part per member by name, whose value is its score
 * ({@link #members}, laid out as a big hash's fields), and a score index of one empty part per
 * member under the set's index id ({@link #indexId}), ordered by (score, member). So {@code ZSCORE}
 * reads one part, {@code ZRANGEBYSCORE} seeks the index and reads on, and {@code ZPOPMIN}/{@code
 * ZPOPMAX} read one end.
 *
 * <p>Only what was written since the save is held: the members' overlay (new scores, {@link
 * DiskFields#GONE} for removed members), the scores those members had when saved ({@link #before},
 * so the save can remove their old index parts without reading them), and the written members in
 * order ({@link #written}), which a walk merges with the index, skipping the index's parts of any
 * member the overlay holds.
 *
 * <p>{@link #members} and {@link #before} are immutable; {@link #written} copies its nodes on write
 * as a {@link ZSetTree} does, so {@link #share} is O(1) and a copy's writes do not reach an open view.
 */
final class DiskScores extends SavedParts {
    /** The bit that makes a set's id its score index's id: ids stay below it. */
    static final long INDEX = 1L << 62;
    private static final int HEAD = ID_BYTES + 8;
    private static final byte[] EMPTY = new byte[0];

    /** Member to score (8 bytes, {@link #scoreBytes}): the parts under {@link #id} and the overlay. */
    final DiskFields members;
    /** For each member written since the save: its score then ({@link #scoreBytes}), or GONE when it was not saved. */
    final FieldTrie.Node before;
    /** The members written since the save that are present, in order. */
    final ZSetTree written;

    DiskScores(DiskParts base, int db, long id, long seed, byte[] owner) {
        this(new DiskFields(base, db, id, seed, owner, null), null, new ZSetTree());
    }

    private DiskScores(DiskFields members, FieldTrie.Node before, ZSetTree written) {
        super(members.base, members.db, members.id, members.owner);
        this.members = members;
        this.before = before;
        this.written = written;
    }

    /** The score index's id. */
    long indexId() {
        return id | INDEX;
    }

    @Override
    DiskScores on(DiskParts snapshot) {
        return new DiskScores(members.on(snapshot), before, written.share());
    }

    /** A second handle that a copy of the entry writes through. */
    DiskScores share() {
        return new DiskScores(members, before, written.share());
    }

    /** The member's score now, or null. */
    Double score(byte[] member) {
        byte[] v = members.get(member);
        return v == null ? null : score(v, 0);
    }

    /**
     * These members with {@code member} set to {@code score} (null removes it); {@code old} is its
     * score now (null: absent), which the caller has just read.
     */
    DiskScores with(String member, byte[] memberBytes, Double score, Double old, CowClock clock) {
        long h = members.hash(memberBytes);
        FieldTrie.Node b = before;
        boolean writtenBefore = before != null && FieldTrie.get(before, memberBytes, h) != null;
        if (!writtenBefore) {
            b = FieldTrie.set(before, memberBytes, h, old == null ? DiskFields.GONE : scoreBytes(old), clock);
        } else if (old != null) {
            written.remove(new ScoredMember(member, old), clock);
        }
        if (score != null) {
            written.insert(new ScoredMember(member, score), clock);
        }
        return new DiskScores(members.with(memberBytes, score == null ? DiskFields.GONE : scoreBytes(score), clock), b, written);
    }

    // ------------------------------------------------------------------ walks in order

    /**
     * Visits the members in ascending order from {@code from} (included; null: the lowest) until
     * the visitor answers false; returns false when it did.
     */
    boolean walk(ScoredMember from, Predicate<ScoredMember> visitor) {
        return walk(from, false, visitor);
    }

    /**
     * Visits the members in descending order from {@code from} (included; null: the highest)
     * until the visitor answers false; returns false when it did.
     */
    boolean walkBackward(ScoredMember from, Predicate<ScoredMember> visitor) {
        return walk(from, true, visitor);
    }

    /** The index's parts merged with {@link #written} in one direction, skipping the parts of members written since the save. */
    private boolean walk(ScoredMember from, boolean backward, Predicate<ScoredMember> visitor) {
        int step = backward ? -1 : 1;
        int start = backward ? written.size() - 1 : 0;
        if (from != null) {
            int at = written.rankOf(from); // the first written member at or after from
            start = !backward || at < written.size() && written.get(at).compareTo(from) == 0 ? at : at - 1;
        }
        int[] r = {start};
        boolean[] stopped = {false};
        DiskEngine.Visitor merge = (k, v) -> {
            if (!ofIndex(k)) {
                return false;
            }
            ScoredMember d = fromIndexKey(k);
            while (r[0] >= 0 && r[0] < written.size() && written.get(r[0]).compareTo(d) * step < 0) {
                if (!visitor.test(written.get(r[0]))) {
                    stopped[0] = true;
                    return false;
                }
                r[0] += step;
            }
            if (!shadowed(k) && !visitor.test(d)) {
                stopped[0] = true;
                return false;
            }
            return true;
        };
        byte[] seek = from != null ? indexKey(indexId(), from) : backward ? end(indexId()) : first(indexId());
        if (backward) {
            base.scanPartsBackward(db, seek, merge);
        } else {
            base.scanParts(db, seek, merge);
        }
        if (stopped[0]) {
            return false;
        }
        for (; r[0] >= 0 && r[0] < written.size(); r[0] += step) {
            if (!visitor.test(written.get(r[0]))) {
                return false;
            }
        }
        return true;
    }

    /** Whether an index part's member was written since the save: the overlay then says where it is. */
    private boolean shadowed(byte[] indexKey) {
        if (members.overlay == null) {
            return false;
        }
        byte[] member = java.util.Arrays.copyOfRange(indexKey, HEAD, indexKey.length);
        return FieldTrie.get(members.overlay, member, members.hash(member)) != null;
    }

    private boolean ofIndex(byte[] k) {
        return k.length >= HEAD && getLong(k, 0) == indexId();
    }

    // ------------------------------------------------------------------ walks over a range

    /** Where an ascending walk over {@code range} starts (null: the lowest); {@code lowest} is the set's lowest score. */
    static ScoredMember lowerBound(ZSetRange range, double lowest) {
        return switch (range) {
            case ZSetRange.ByScore s -> new ScoredMember("", s.min());
            case ZSetRange.ByLex l -> l.min().infinity() != 0 ? null : new ScoredMember(l.min().value(), lowest);
        };
    }

    /** Where a descending walk over {@code range} starts (null: the highest); {@code highest} is the set's highest score. */
    static ScoredMember upperBound(ZSetRange range, double highest) {
        return switch (range) {
            case ZSetRange.ByScore s -> s.max() == Double.POSITIVE_INFINITY ? null : new ScoredMember("", Math.nextUp(s.max()));
            case ZSetRange.ByLex l -> l.max().infinity() != 0 ? null : new ScoredMember(l.max().value(), highest);
        };
    }

    /** Whether {@code range} can hold no member whatever the set: a lex range from {@code +} or to {@code -}. */
    static boolean emptyRange(ZSetRange range) {
        return range instanceof ZSetRange.ByLex l && (l.min().infinity() > 0 || l.max().infinity() < 0);
    }

    // ------------------------------------------------------------------ part keys and values

    /** A score as a member's part holds it: its bits, 8 bytes big-endian. */
    static byte[] scoreBytes(double score) {
        byte[] b = new byte[8];
        putLong(b, 0, Double.doubleToRawLongBits(score));
        return b;
    }

    static double score(byte[] b, int at) {
        return Double.longBitsToDouble(getLong(b, at));
    }

    /** A score index part's key: the index id, the score in unsigned order, the member. */
    static byte[] indexKey(long indexId, ScoredMember m) {
        byte[] member = m.member().getBytes(StandardCharsets.ISO_8859_1);
        byte[] k = new byte[HEAD + member.length];
        putLong(k, 0, indexId);
        putLong(k, ID_BYTES, ordered(m.score()));
        System.arraycopy(member, 0, k, HEAD, member.length);
        return k;
    }

    static byte[] indexKey(long indexId, double score, byte[] member) {
        byte[] k = new byte[HEAD + member.length];
        putLong(k, 0, indexId);
        putLong(k, ID_BYTES, ordered(score));
        System.arraycopy(member, 0, k, HEAD, member.length);
        return k;
    }

    /** The index part's empty value. */
    static byte[] indexValue() {
        return EMPTY;
    }

    static ScoredMember fromIndexKey(byte[] k) {
        long o = getLong(k, ID_BYTES);
        long bits = o < 0 ? o ^ Long.MIN_VALUE : ~o;
        return new ScoredMember(new String(k, HEAD, k.length - HEAD, StandardCharsets.ISO_8859_1), Double.longBitsToDouble(bits));
    }

    /** A score's bits made to sort as unsigned bytes the way {@link Double#compare} orders scores (never NaN). */
    static long ordered(double score) {
        long bits = Double.doubleToLongBits(score);
        return bits < 0 ? ~bits : bits ^ Long.MIN_VALUE;
    }
}
