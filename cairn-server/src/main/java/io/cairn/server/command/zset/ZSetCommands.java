package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The sorted-set commands (ZADD ... ZSCAN) with Redis 7.2's options, replies and error texts.
 *
 * <p>Every handler is a stateless {@link io.cairn.server.command.DataCommand} run under the
 * store's lock; each parses and checks all its arguments before its first write, so a command
 * that fails changes nothing. Type errors come from {@link Txn} itself.
 *
 * <p>Score ranges are inclusive doubles for {@link Txn#zrangeByScore}: an exclusive bound
 * {@code (x} becomes the adjacent double ({@code Math.nextUp}/{@code nextDown}), which selects
 * exactly the same members. Lex ranges compare member bytes unsigned, as Redis's memcmp does;
 * like Redis, they are meaningful only when all members share one score. ZSCAN returns every
 * member in one page with cursor {@code 0}, a valid SCAN answer for a set with no stable cursor.
 */
public final class ZSetCommands {
    static final String NOT_A_NUMBER = "ERR resulting score is not a number (NaN)";
    static final String BAD_SCORE_RANGE = "ERR min or max is not a float";
    static final String BAD_LEX_RANGE = "ERR min or max not valid string range item";

    private ZSetCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.inline("zadd", ZSetCommands::zadd);
        r.inline("zincrby", ZSetCommands::zincrby);
        r.inline("zrem", ZSetCommands::zrem);
        r.inline("zscore", (t, c) -> score(t.zscore(c.arg(1), c.arg(2))));
        r.inline("zmscore", ZSetCommands::zmscore);
        r.inline("zcard", (t, c) -> RespValue.integer(t.zcard(c.arg(1))));
        r.inline("zcount", (t, c) -> {
            ScoreRange range = ScoreRange.parse(c.arg(2), c.arg(3));
            return RespValue.integer(range.members(t, c.arg(1)).size());
        });
        r.inline("zrank", (t, c) -> rank(t, c, false));
        r.inline("zrevrank", (t, c) -> rank(t, c, true));
        r.inline("zrange", (t, c) -> range(t, c, null, false));
        r.inline("zrangebyscore", (t, c) -> range(t, c, By.SCORE, false));
        r.inline("zrevrangebyscore", (t, c) -> range(t, c, By.SCORE, true));
        r.inline("zrangebylex", (t, c) -> range(t, c, By.LEX, false));
        r.inline("zrevrange", (t, c) -> range(t, c, By.RANK, true));
        r.inline("zremrangebyscore", (t, c) -> {
            ScoreRange range = ScoreRange.parse(c.arg(2), c.arg(3));
            return RespValue.integer(remove(t, c.arg(1), range.members(t, c.arg(1))));
        });
        r.inline("zremrangebyrank", (t, c) -> {
            long start = c.integer(2);
            long stop = c.integer(3);
            return RespValue.integer(remove(t, c.arg(1), byRank(t, c.arg(1), start, stop, false)));
        });
        r.inline("zpopmin", (t, c) -> pop(t, c, false));
        r.inline("zpopmax", (t, c) -> pop(t, c, true));
        r.data("zscan", c -> CollectionScan.parse(c, ValueType.ZSET, false));
    }

    // ------------------------------------------------------------------ ZADD, ZINCRBY

    /** ZADD's flags; {@code first} is the index of the first score. */
    private record AddFlags(boolean nx, boolean xx, boolean gt, boolean lt, boolean ch, boolean incr, int first) {
        static final AddFlags INCR_ONLY = new AddFlags(false, false, false, false, false, true, 2);

        /** Reads the flags up to the first word that is not one, then checks they fit together. */
        static AddFlags parse(CommandContext c) {
            boolean nx = false, xx = false, gt = false, lt = false, ch = false, incr = false;
            int i = 2;
            for (; i < c.argc(); i++) {
                switch (c.option(i)) {
                    case "NX" -> nx = true;
                    case "XX" -> xx = true;
                    case "GT" -> gt = true;
                    case "LT" -> lt = true;
                    case "CH" -> ch = true;
                    case "INCR" -> incr = true;
                    default -> {
                        return check(new AddFlags(nx, xx, gt, lt, ch, incr, i), c.argc() - i);
                    }
                }
            }
            return check(new AddFlags(nx, xx, gt, lt, ch, incr, i), 0);
        }

        private static AddFlags check(AddFlags f, int pairArgs) {
            if (pairArgs == 0 || pairArgs % 2 != 0) {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
            if (f.nx && f.xx) {
                throw new InvalidRequestException("ERR XX and NX options at the same time are not compatible");
            }
            if (f.nx && (f.gt || f.lt) || f.gt && f.lt) {
                throw new InvalidRequestException("ERR GT, LT, and/or NX options at the same time are not compatible");
            }
            if (f.incr && pairArgs > 2) {
                throw new InvalidRequestException("ERR INCR option supports a single increment-element pair");
            }
            return f;
        }

        /**
         * The score {@code member} gets, or null when the flags leave it alone.
         *
         * @throws InvalidRequestException when an increment makes NaN (inf plus -inf)
         */
        Double target(Double old, double score) {
            if (old == null) {
                return xx ? null : score;
            }
            if (nx) {
                return null;
            }
            double next = incr ? old + score : score;
            if (Double.isNaN(next)) {
                throw new InvalidRequestException(NOT_A_NUMBER);
            }
            if (lt && next >= old || gt && next <= old) {
                return null;
            }
            return next;
        }
    }

    private static RespValue zadd(Txn t, CommandContext c) {
        AddFlags flags = AddFlags.parse(c);
        double[] scores = new double[(c.argc() - flags.first()) / 2];
        for (int j = 0; j < scores.length; j++) {
            scores[j] = c.number(flags.first() + 2 * j);
        }
        byte[] key = c.arg(1);
        if (flags.incr()) {
            return score(increment(t, key, c.arg(flags.first() + 1), scores[0], flags));
        }
        long added = 0;
        long updated = 0;
        for (int j = 0; j < scores.length; j++) {
            byte[] member = c.arg(flags.first() + 2 * j + 1);
            Double old = t.zscore(key, member);
            Double next = flags.target(old, scores[j]);
            if (next == null || old != null && next.doubleValue() == old.doubleValue()) {
                continue;
            }
            t.zadd(key, member, next);
            if (old == null) {
                added++;
            } else {
                updated++;
            }
        }
        return RespValue.integer(flags.ch() ? added + updated : added);
    }

    private static RespValue zincrby(Txn t, CommandContext c) {
        double by = c.number(2);
        return score(increment(t, c.arg(1), c.arg(3), by, AddFlags.INCR_ONLY));
    }

    /** ZADD INCR and ZINCRBY: the new score, or null when a flag stopped the update. */
    private static Double increment(Txn t, byte[] key, byte[] member, double by, AddFlags flags) {
        Double old = t.zscore(key, member);
        Double next = flags.target(old, by);
        if (next != null && (old == null || next.doubleValue() != old.doubleValue())) {
            t.zadd(key, member, next);
        }
        return next;
    }

    // ------------------------------------------------------------------ single members

    private static RespValue zrem(Txn t, CommandContext c) {
        long removed = 0;
        for (int i = 2; i < c.argc(); i++) {
            if (t.zrem(c.arg(1), c.arg(i))) {
                removed++;
            }
        }
        return RespValue.integer(removed);
    }

    private static RespValue zmscore(Txn t, CommandContext c) {
        List<RespValue> out = new ArrayList<>(c.argc() - 2);
        for (int i = 2; i < c.argc(); i++) {
            out.add(score(t.zscore(c.arg(1), c.arg(i))));
        }
        return RespValue.array(out);
    }

    /** A score reply: a double in RESP3, its text in RESP2 (the encoder's choice), or null. */
    private static RespValue score(Double s) {
        return s == null ? RespValue.NULL : new RespValue.DoubleReply(s);
    }

    /** ZRANK / ZREVRANK key member [WITHSCORE]. */
    private static RespValue rank(Txn t, CommandContext c, boolean reverse) {
        if (c.argc() > 4) {
            throw new InvalidRequestException("ERR wrong number of arguments for '"
                    + (reverse ? "zrevrank" : "zrank") + "' command");
        }
        boolean withScore = c.argc() == 4;
        if (withScore && !c.option(3).equals("WITHSCORE")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        byte[] key = c.arg(1);
        Long rank = t.zrank(key, c.arg(2));
        if (rank == null) {
            return withScore ? RespValue.NULL_ARRAY : RespValue.NULL;
        }
        long r = reverse ? t.zcard(key) - 1 - rank : rank;
        if (!withScore) {
            return RespValue.integer(r);
        }
        return RespValue.array(List.of(RespValue.integer(r), score(t.zscore(key, c.arg(2)))));
    }

    // ------------------------------------------------------------------ ranges

    private enum By { RANK, SCORE, LEX }

    /**
     * ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES], and the
     * older commands as fixed forms of it ({@code fixed} null means ZRANGE, whose words choose).
     * With REV, a score or lex range is given max first.
     */
    private static RespValue range(Txn t, CommandContext c, By fixed, boolean reverse) {
        By by = fixed;
        boolean rev = reverse;
        boolean withScores = false;
        long offset = 0;
        long limit = -1;
        for (int i = 4; i < c.argc(); i++) {
            String opt = c.option(i);
            if (opt.equals("WITHSCORES")) {
                withScores = true;
            } else if (opt.equals("LIMIT") && i + 2 < c.argc()) {
                offset = c.integer(i + 1);
                limit = c.integer(i + 2);
                i += 2;
            } else if (fixed == null && !rev && opt.equals("REV")) {
                rev = true;
            } else if (by == null && opt.equals("BYSCORE")) {
                by = By.SCORE;
            } else if (by == null && opt.equals("BYLEX")) {
                by = By.LEX;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        if (by == null) {
            by = By.RANK;
        }
        if (limit != -1 && by == By.RANK) {
            throw new InvalidRequestException(
                    "ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX");
        }
        if (withScores && by == By.LEX) {
            throw new InvalidRequestException("ERR syntax error, WITHSCORES not supported in combination with BYLEX");
        }
        byte[] key = c.arg(1);
        byte[] min = c.arg(rev && by != By.RANK ? 3 : 2);
        byte[] max = c.arg(rev && by != By.RANK ? 2 : 3);
        List<ScoredMember> members = switch (by) {
            case RANK -> byRank(t, key, c.integer(2), c.integer(3), rev);
            case SCORE -> byScore(t, key, ScoreRange.parse(min, max), rev, offset, limit);
            case LEX -> page(byLex(t, key, LexRange.parse(min, max), rev), offset, limit);
        };
        return Replies.scored(members, withScores, c.session().protocol());
    }

    /** Members by rank, Redis's clamping applied; with {@code reverse}, rank 0 is the highest. */
    private static List<ScoredMember> byRank(Txn t, byte[] key, long start, long stop, boolean reverse) {
        long n = t.zcard(key);
        if (start < 0) {
            start = Math.max(0, n + start);
        }
        if (stop < 0) {
            stop = n + stop;
        }
        if (start > stop || start >= n) {
            return List.of();
        }
        stop = Math.min(stop, n - 1);
        return reverse ? t.zrangeByRank(key, n - 1 - stop, n - 1 - start).reversed() : t.zrangeByRank(key, start, stop);
    }

    private static List<ScoredMember> byScore(
            Txn t, byte[] key, ScoreRange r, boolean reverse, long offset, long limit) {
        if (offset < 0) {
            t.zcard(key); // the type check still applies
            return List.of();
        }
        if (!reverse) {
            return t.zrangeByScore(key, r.min(), r.max(), offset, limit);
        }
        return page(r.members(t, key).reversed(), offset, limit);
    }

    private static List<ScoredMember> byLex(Txn t, byte[] key, LexRange r, boolean reverse) {
        List<ScoredMember> out = new ArrayList<>();
        for (ScoredMember m : t.zrangeByRank(key, 0, -1)) {
            if (r.contains(m.member())) {
                out.add(m);
            }
        }
        return reverse ? out.reversed() : out;
    }

    /** LIMIT: a negative offset selects nothing, a negative count everything after the offset. */
    private static List<ScoredMember> page(List<ScoredMember> all, long offset, long limit) {
        if (offset < 0 || offset >= all.size()) {
            return List.of();
        }
        int from = (int) offset;
        int to = limit < 0 ? all.size() : (int) Math.min(all.size(), from + Math.min(limit, all.size()));
        return all.subList(from, to);
    }

    /** Inclusive score bounds for {@link Txn#zrangeByScore}; {@code min > max} selects nothing. */
    private record ScoreRange(double min, double max) {
        private static final ScoreRange EMPTY = new ScoreRange(Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY);

        static ScoreRange parse(byte[] min, byte[] max) {
            boolean minExclusive = min.length > 0 && min[0] == '(';
            boolean maxExclusive = max.length > 0 && max[0] == '(';
            double lo = bound(min, minExclusive);
            double hi = bound(max, maxExclusive);
            if (minExclusive && lo == Double.POSITIVE_INFINITY || maxExclusive && hi == Double.NEGATIVE_INFINITY) {
                return EMPTY; // nothing lies above +inf or below -inf
            }
            return new ScoreRange(minExclusive ? Math.nextUp(lo) : lo, maxExclusive ? Math.nextDown(hi) : hi);
        }

        private static double bound(byte[] arg, boolean exclusive) {
            if (exclusive && arg.length == 1) {
                return 0; // Redis's strtod reads a bare "(" as an exclusive 0
            }
            try {
                return CommandContext.parseDouble(exclusive ? Arrays.copyOfRange(arg, 1, arg.length) : arg);
            } catch (InvalidRequestException e) {
                throw new InvalidRequestException(BAD_SCORE_RANGE);
            }
        }

        List<ScoredMember> members(Txn t, byte[] key) {
            return t.zrangeByScore(key, min, max, 0, -1);
        }
    }

    /** One end of a lex range: {@code -} and {@code +} are the infinities, else {@code [x} or {@code (x}. */
    private record LexBound(String value, int infinity, boolean exclusive) {
        static LexBound parse(byte[] arg) {
            if (arg.length == 1 && arg[0] == '-') {
                return new LexBound(null, -1, false);
            }
            if (arg.length == 1 && arg[0] == '+') {
                return new LexBound(null, 1, false);
            }
            if (arg.length == 0 || arg[0] != '(' && arg[0] != '[') {
                throw new InvalidRequestException(BAD_LEX_RANGE);
            }
            return new LexBound(new String(arg, 1, arg.length - 1, StandardCharsets.ISO_8859_1), 0, arg[0] == '(');
        }

        /** Compares {@code member} with this bound: negative when below it. Never 0 for an infinity. */
        int compare(String member) {
            return infinity != 0 ? -infinity : member.compareTo(value);
        }
    }

    private record LexRange(LexBound min, LexBound max) {
        static LexRange parse(byte[] min, byte[] max) {
            return new LexRange(LexBound.parse(min), LexBound.parse(max));
        }

        boolean contains(String member) {
            int lo = min.compare(member);
            int hi = max.compare(member);
            return (min.exclusive() ? lo > 0 : lo >= 0) && (max.exclusive() ? hi < 0 : hi <= 0);
        }
    }

    // ------------------------------------------------------------------ removal

    private static long remove(Txn t, byte[] key, List<ScoredMember> members) {
        long removed = 0;
        for (ScoredMember m : members) {
            if (t.zrem(key, m.memberBytes())) {
                removed++;
            }
        }
        return removed;
    }

    /**
     * ZPOPMIN / ZPOPMAX key [count]. Without a count the reply is a flat [member, score] in both
     * protocols; with one, RESP3 nests the pairs, as Redis 7 does.
     */
    private static RespValue pop(Txn t, CommandContext c, boolean highest) {
        if (c.argc() > 3) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        long count = -1;
        if (c.argc() == 3) {
            count = nonNegative(c.arg(2));
        }
        byte[] key = c.arg(1);
        if (t.zcard(key) == 0 || count == 0) {
            return RespValue.EMPTY_ARRAY;
        }
        long n = count == -1 ? 1 : count;
        List<ScoredMember> popped = highest ? t.zrangeByRank(key, -n, -1).reversed() : t.zrangeByRank(key, 0, n - 1);
        remove(t, key, popped);
        return Replies.scored(popped, true, count == -1 ? 2 : c.session().protocol());
    }

    /** Redis words both a non-integer and a negative count this way for ZPOPMIN/ZPOPMAX. */
    private static long nonNegative(byte[] arg) {
        long v;
        try {
            v = CommandContext.parseLong(arg);
        } catch (InvalidRequestException e) {
            v = -1;
        }
        if (v < 0) {
            throw new InvalidRequestException("ERR value is out of range, must be positive");
        }
        return v;
    }
}
