package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ZSetOps;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * ZRANDMEMBER key [count [WITHSCORES]]. Without a count: one random member, nil when the key is
 * absent. A positive count: that many distinct members, the whole set (highest first, as Redis
 * walks it) when it has no more, else distinct random ones in rank order; a negative count: {@code -count} picks that may
 * repeat, in random order. Each pick is a select by rank, O(log n).
 *
 * <p>Redis takes any count in -(2^63 - 1) .. 2^63 - 1 (half that with WITHSCORES) and streams
 * the picks, closing the client when its output buffer limit is passed; Cairn builds a reply
 * whole, so it refuses, once the set is known to exist, more repeats than
 * client-output-buffer-limit / {@value #BYTES_PER_PICK}, before picking any.
 */
record ZRandMember(byte[] key, Long count, boolean withScores, long mostPicks, RandomGenerator random, int protocol)
        implements Operation {
    /** Bytes of client output one pick is allowed, at the least, when bounding repeats (as SRANDMEMBER's). */
    static final int BYTES_PER_PICK = 64;

    static ZRandMember parse(CommandContext c) {
        if (c.argc() == 2) {
            return new ZRandMember(c.arg(1), null, false, 0, c.server().random(), c.session().protocol());
        }
        long count = c.integer(2);
        if (count == Long.MIN_VALUE) {
            throw new InvalidRequestException("ERR value is out of range, value must between "
                    + -Long.MAX_VALUE + " and " + Long.MAX_VALUE);
        }
        if (c.argc() > 4 || c.argc() == 4 && !c.option(3).equals("WITHSCORES")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        boolean withScores = c.argc() == 4;
        if (withScores && (count < -Long.MAX_VALUE / 2 || count > Long.MAX_VALUE / 2)) {
            throw new InvalidRequestException("ERR value is out of range");
        }
        long mostPicks = Math.max(1, c.server().outputBufferLimits().normal().hardOrMax() / BYTES_PER_PICK);
        return new ZRandMember(c.arg(1), count, withScores, mostPicks, c.server().random(), c.session().protocol());
    }

    @Override
    public RespValue run(Txn t) {
        ZSetOps z = t.zsets();
        int size = z.card(key);
        if (count == null) {
            return size == 0 ? RespValue.NULL : RespValue.bulk(z.pick(key, random.nextInt(size)).memberBytes());
        }
        if (size == 0 || count == 0) {
            return RespValue.EMPTY_ARRAY;
        }
        List<ScoredMember> picked;
        if (count < 0) {
            if (-count > mostPicks) {
                throw new InvalidRequestException("ERR value is out of range, value must between " + -mostPicks
                        + " and " + Long.MAX_VALUE);
            }
            picked = new ArrayList<>((int) -count);
            for (long i = 0; i < -count; i++) {
                picked.add(z.pick(key, random.nextInt(size)));
            }
        } else if (count >= size) {
            picked = z.byRank(key, 0, -1, true); // Redis walks the whole set from its end
        } else if (z.ranksWalk(key)) {
            picked = distinctOnDisk(z, size, (int) (long) count);
        } else {
            picked = new ArrayList<>((int) (long) count);
            for (int rank : distinctRanks(size, (int) (long) count)) {
                picked.add(z.atRank(key, rank));
            }
        }
        return Replies.scored(picked, withScores, protocol);
    }

    /**
     * {@code k} distinct members of a big set on disk, where a rank is a walk: picks by seek,
     * distinct by member; past a few repeats for each (or when most of the set is wanted), a
     * selection in one pass over the set instead (Knuth's algorithm S: every k-subset equally likely).
     */
    private List<ScoredMember> distinctOnDisk(ZSetOps z, int n, int k) {
        List<ScoredMember> out = new ArrayList<>(k);
        if (k * 3L <= n) {
            Set<String> taken = HashSet.newHashSet(k);
            for (long tries = 0; out.size() < k && tries <= 8L * k + 64; tries++) {
                ScoredMember m = z.pick(key, random.nextInt(n));
                if (taken.add(m.member())) {
                    out.add(m);
                }
            }
            if (out.size() == k) {
                return out;
            }
            out.clear();
        }
        int seen = 0;
        for (ScoredMember m : z.members(key)) {
            if (random.nextInt(n - seen++) < k - out.size()) {
                out.add(m);
            }
        }
        return out;
    }

    /** {@code k} distinct ranks below {@code n}, ascending (Floyd's sampling: O(k) expected). */
    private int[] distinctRanks(int n, int k) {
        Set<Integer> chosen = HashSet.newHashSet(k);
        for (int j = n - k; j < n; j++) {
            int r = random.nextInt(j + 1);
            chosen.add(chosen.contains(r) ? j : r);
        }
        int[] ranks = chosen.stream().mapToInt(Integer::intValue).toArray();
        Arrays.sort(ranks);
        return ranks;
    }
}
