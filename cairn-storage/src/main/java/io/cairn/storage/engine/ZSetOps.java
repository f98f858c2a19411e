package io.cairn.storage.engine;

import io.cairn.common.InvalidRequestException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * The sorted-set operations of one {@link Txn} ({@link Txn#zsets()}), with its rules: valid only
 * during the call that received the transaction; a write checks everything first and then applies
 * fully; a key of another type throws {@link WrongTypeException}; arrays passed in are taken over.
 *
 * <p>Ranks are 0-based in ascending (score, member) order. Reads by rank or range cost O(log n)
 * plus the members returned, on the {@link ZSetTree} under each set. The {@link ScoredMember}s
 * returned are the stored ones, which are immutable.
 */
public final class ZSetOps {
    private final Txn t;

    ZSetOps(Txn t) {
        this.t = t;
    }

    // ------------------------------------------------------------------ reads

    public int card(byte[] key) {
        ZSetEntry z = t.readZSet(key);
        return z == null ? 0 : z.size();
    }

    public Double score(byte[] key, byte[] member) {
        ZSetEntry z = t.readZSet(key);
        ScoredMember m = z == null ? null : z.get(MutationApplier.latin1(member));
        return m == null ? null : m.score();
    }

    /** The member's rank, from the highest score when {@code reverse}; null when it or the key is absent. */
    public Long rank(byte[] key, byte[] member, boolean reverse) {
        ZSetEntry z = t.readZSet(key);
        ScoredMember m = z == null ? null : z.get(MutationApplier.latin1(member));
        if (m == null) {
            return null;
        }
        long r = z.rankOf(m);
        return reverse ? z.size() - 1 - r : r;
    }

    /** The member at {@code rank} (ascending), or null when the rank is out of range or the key absent. */
    public ScoredMember atRank(byte[] key, long rank) {
        ZSetEntry z = t.readZSet(key);
        return z == null || rank < 0 || rank >= z.size() ? null : z.at((int) rank);
    }

    /**
     * A member for a random pick, {@code 0 <= rank < card}: the one at {@code rank}, except in a big
     * set on disk, where a rank is a walk: there the first member in hash order at or after
     * {@code rank}'s share of the hash range (one seek; about uniform for a uniform rank). Null
     * when the key is absent or the rank out of range.
     */
    public ScoredMember pick(byte[] key, long rank) {
        ZSetEntry z = t.readZSet(key);
        return z == null || rank < 0 || rank >= z.size() ? null : z.near((int) rank);
    }

    /** Whether the key is a big sorted set on disk, whose ranks are walks ({@link #pick}). */
    public boolean ranksWalk(byte[] key) {
        ZSetEntry z = t.readZSet(key);
        return z != null && z.disk() != null;
    }

    /** The number of members in {@code range}: O(log n). */
    public long count(byte[] key, ZSetRange range) {
        ZSetEntry z = t.readZSet(key);
        if (z == null) {
            return 0;
        }
        if (z.disk() != null) {
            long[] n = {0};
            walk(z, range, false, m -> {
                n[0]++;
                return true;
            });
            return n[0];
        }
        int[] span = span(z, range);
        return span[1] - span[0];
    }

    /**
     * Members by rank as Redis's {@code ZRANGE} takes ranks: negative ones count from the end,
     * {@code start} is clamped at 0 and {@code stop} at the last rank; with {@code reverse}, rank
     * 0 is the highest score and the members come highest first.
     */
    public List<ScoredMember> byRank(byte[] key, long start, long stop, boolean reverse) {
        ZSetEntry z = t.readZSet(key);
        if (z == null) {
            return List.of();
        }
        int[] ranks = clampRanks(z.size(), start, stop);
        if (ranks == null) {
            return List.of();
        }
        int from = reverse ? z.size() - 1 - ranks[1] : ranks[0];
        int to = reverse ? z.size() - ranks[0] : ranks[1] + 1;
        return collect(z, from, to, reverse);
    }

    /**
     * The members in {@code range}, lowest first (highest first when {@code reverse}), skipping
     * the first {@code offset} and returning at most {@code limit}, as Redis's {@code LIMIT}: a
     * negative offset selects nothing, a negative limit everything after the offset.
     */
    public List<ScoredMember> range(byte[] key, ZSetRange range, boolean reverse, long offset, long limit) {
        ZSetEntry z = t.readZSet(key);
        if (z == null || offset < 0) {
            return List.of();
        }
        if (z.disk() != null) {
            List<ScoredMember> out = new ArrayList<>();
            if (limit == 0) {
                return out;
            }
            long[] skip = {offset};
            walk(z, range, reverse, m -> {
                if (skip[0] > 0) {
                    skip[0]--;
                    return true;
                }
                out.add(m);
                return limit < 0 || out.size() < limit;
            });
            return out;
        }
        int[] span = span(z, range);
        long n = span[1] - span[0];
        if (offset >= n) {
            return List.of();
        }
        long take = limit < 0 ? n - offset : Math.min(limit, n - offset);
        int from = (int) (reverse ? span[1] - offset - take : span[0] + offset);
        return collect(z, from, (int) (from + take), reverse);
    }

    /** Every member, lowest first; empty when the key is absent. */
    public List<ScoredMember> members(byte[] key) {
        ZSetEntry z = t.readZSet(key);
        return z == null ? List.of() : collect(z, 0, z.size(), false);
    }

    // ------------------------------------------------------------------ writes

    /**
     * Sets a member's score; returns true when the member is new.
     *
     * @throws InvalidRequestException when the score is NaN
     */
    public boolean add(byte[] key, byte[] member, double score) {
        t.checkWrite(key);
        t.checkValue(member);
        score = storedScore(score);
        ZSetEntry z = t.writeZSet(key);
        boolean added = z == null || z.get(MutationApplier.latin1(member)) == null;
        t.record(new Mutation.ZSetPut(t.db(), key, member, score), key.length + member.length + 8);
        return added;
    }

    /** A score as it is stored: NaN refused, -0.0 and 0.0 one score, as in Redis. */
    private static double storedScore(double score) {
        if (Double.isNaN(score)) {
            throw new ScoreNotANumberException();
        }
        return score == 0.0 ? 0.0 : score;
    }

    /** What ZADD's flags make of a member's score (see {@link #add(byte[], byte[], double, ScoreRule)}). */
    @FunctionalInterface
    public interface ScoreRule {
        /**
         * The score the member gets, or null to leave it alone; {@code old} is its score now,
         * null when absent. Called once per {@code add}, before anything is written: it may throw
         * to fail the call (INCR's NaN) and may keep what it saw for the caller's reply.
         */
        Double next(Double old, double score);
    }

    /**
     * ZADD's read and write of one member in one key probe and one member-map walk: {@code rule}
     * gets the member's old score and {@code score}; its answer is written when it is a score
     * that differs from the old one. Returns whether anything was written. Errors come in the
     * order separate {@link #score} and {@link #add(byte[], byte[], double)} calls give them: a
     * wrong type, then the rule's, then the limits and NaN, these only when something is written.
     */
    public boolean add(byte[] key, byte[] member, double score, ScoreRule rule) {
        ZSetEntry z = t.readZSet(key); // null when absent or expired
        ScoredMember m = z == null ? null : z.get(MutationApplier.latin1(member));
        Double old = m == null ? null : m.score();
        Double next = rule.next(old, score);
        if (next == null || old != null && next.doubleValue() == old.doubleValue()) {
            return false;
        }
        t.checkWrite(key);
        t.checkValue(member);
        double s = storedScore(next);
        if (z == null) {
            t.writeZSet(key); // logs the removal of an expired entry first
        }
        t.record(new Mutation.ZSetPut(t.db(), key, member, s), key.length + member.length + 8);
        return true;
    }

    /** Removes a member; returns whether it was there. The key goes with its last member. */
    public boolean remove(byte[] key, byte[] member) {
        t.checkWrite(key);
        ZSetEntry z = t.writeZSet(key);
        if (z == null || z.get(MutationApplier.latin1(member)) == null) {
            return false;
        }
        t.record(new Mutation.ZSetDelete(t.db(), key, member), key.length + member.length);
        return true;
    }

    /** Removes the members in {@code range}; returns how many. The key goes with its last member. */
    public long removeRange(byte[] key, ZSetRange range) {
        t.checkWrite(key);
        ZSetEntry z = t.writeZSet(key);
        if (z == null) {
            return 0;
        }
        if (z.disk() != null) {
            ScoredMember[] ends = new ScoredMember[2];
            long[] n = {0};
            walk(z, range, false, m -> {
                if (n[0]++ == 0) {
                    ends[0] = m;
                }
                ends[1] = m;
                return true;
            });
            return removeBetween(key, ends[0], ends[1], n[0]);
        }
        int[] span = span(z, range);
        return removeRanks(key, z, span[0], span[1]);
    }

    /** Removes the members from rank {@code start} to {@code stop}, clamped as {@link #byRank}; returns how many. */
    public long removeByRank(byte[] key, long start, long stop) {
        t.checkWrite(key);
        ZSetEntry z = t.writeZSet(key);
        if (z == null) {
            return 0;
        }
        int[] ranks = clampRanks(z.size(), start, stop);
        return ranks == null ? 0 : removeRanks(key, z, ranks[0], ranks[1] + 1);
    }

    /**
     * Removes and returns up to {@code count} members from the lowest end (the highest with
     * {@code highest}), in the order they were taken. The key goes with its last member.
     */
    public List<ScoredMember> pop(byte[] key, long count, boolean highest) {
        t.checkWrite(key);
        ZSetEntry z = t.writeZSet(key);
        if (z == null || count <= 0) {
            return List.of();
        }
        int n = (int) Math.min(count, z.size());
        int from = highest ? z.size() - n : 0;
        List<ScoredMember> popped = collect(z, from, from + n, highest);
        removeRanks(key, z, from, from + n);
        return popped;
    }

    /**
     * Replaces whatever {@code key} holds with a sorted set of {@code members} (distinct members,
     * any order), without expiry, as the STORE commands do; an empty collection deletes the key.
     * Returns the new size.
     */
    public long store(byte[] key, Collection<ScoredMember> members) {
        t.checkWrite(key);
        byte[][] names = new byte[members.size()][];
        double[] scores = new double[names.length];
        int i = 0;
        for (ScoredMember m : members) {
            if (Double.isNaN(m.score())) {
                throw new ScoreNotANumberException();
            }
            names[i] = m.memberBytes();
            t.checkValue(names[i]);
            scores[i++] = m.score() == 0.0 ? 0.0 : m.score();
        }
        t.delete(key);
        for (i = 0; i < names.length; i++) {
            t.record(new Mutation.ZSetPut(t.db(), key, names[i], scores[i]), key.length + names[i].length + 8);
        }
        return names.length;
    }

    // ------------------------------------------------------------------ internals

    /**
     * How a sorted set is held, in Redis's words for the same layout choice: {@code listpack} for
     * one of at most {@code maxEntries} members each at most {@code maxValueBytes} long (Redis's
     * compact form; Cairn's layout does not change, the name says where Redis would switch),
     * {@code skiplist} above. Read from the set as it is now, so a set that shrank answers
     * {@code listpack} again, where Redis converts back only when it rewrites the set.
     */
    static String encoding(ZSetEntry z, int maxEntries, int maxValueBytes) {
        if (z.size() > maxEntries) {
            return "skiplist";
        }
        boolean[] small = {true};
        z.forEach(0, z.size(), m -> small[0] &= m.member().length() <= maxValueBytes);
        return small[0] ? "listpack" : "skiplist";
    }

    /** The ranks {@code [from, to)} of the members in {@code range}. */
    private static int[] span(ZSetEntry z, ZSetRange range) {
        ZSetTree order = z.tree();
        int from = order.countWhile(m -> !range.atLeastMin(m));
        int to = order.countWhile(range::atMostMax);
        return new int[] {from, Math.max(from, to)};
    }

    /** Redis's clamping of a rank range; null when it selects nothing, else {start, stop} inclusive. */
    private static int[] clampRanks(int n, long start, long stop) {
        if (start < 0) {
            start = Math.max(0, n + start);
        }
        if (stop < 0) {
            stop = n + stop;
        }
        if (start > stop || start >= n) {
            return null;
        }
        return new int[] {(int) start, (int) Math.min(stop, n - 1)};
    }

    private static List<ScoredMember> collect(ZSetEntry z, int from, int to, boolean reverse) {
        List<ScoredMember> out = new ArrayList<>(to - from);
        z.forEach(from, to, out::add);
        if (reverse) {
            Collections.reverse(out);
        }
        return out;
    }

    /** Removes the members of ranks {@code [from, to)} in one logged mutation; returns how many. */
    private long removeRanks(byte[] key, ZSetEntry z, int from, int to) {
        if (from >= to) {
            return 0;
        }
        return removeBetween(key, z.at(from), to - from == 1 ? null : z.at(to - 1), to - from);
    }

    /** Removes the {@code n} members from {@code first} to {@code last} (null: first alone) in one logged mutation. */
    private long removeBetween(byte[] key, ScoredMember first, ScoredMember last, long n) {
        if (n == 0) {
            return 0;
        }
        if (n == 1) {
            byte[] member = first.memberBytes();
            t.record(new Mutation.ZSetDelete(t.db(), key, member), key.length + member.length);
            return 1;
        }
        byte[] a = first.memberBytes();
        byte[] b = last.memberBytes();
        t.record(new Mutation.ZSetRemoveRange(t.db(), key, a, first.score(), b, last.score()),
                key.length + a.length + b.length + 16);
        return n;
    }

    /**
     * A big set on disk: visits the members in {@code range}, from the lowest (the highest when
     * {@code reverse}), until the visitor answers false: a seek into the score index and the
     * members read.
     */
    private static void walk(ZSetEntry z, ZSetRange range, boolean reverse, java.util.function.Predicate<ScoredMember> visitor) {
        DiskScores d = z.disk();
        if (z.size() == 0 || DiskScores.emptyRange(range)) {
            return;
        }
        if (reverse) {
            d.walkBackward(DiskScores.upperBound(range, z.at(z.size() - 1).score()),
                    m -> !range.atMostMax(m) || (range.atLeastMin(m) && visitor.test(m)));
        } else {
            d.walk(DiskScores.lowerBound(range, z.at(0).score()),
                    m -> !range.atLeastMin(m) || (range.atMostMax(m) && visitor.test(m)));
        }
    }
}
