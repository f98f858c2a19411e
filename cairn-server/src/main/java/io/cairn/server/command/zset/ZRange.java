package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ZSetRange;
import java.util.List;

/**
 * ZRANGE key start stop [BYSCORE | BYLEX] [REV] [LIMIT offset count] [WITHSCORES], the older
 * forms that fix some of its words (ZREVRANGE, ZRANGEBYSCORE, ZREVRANGEBYSCORE, ZRANGEBYLEX,
 * ZREVRANGEBYLEX), and ZRANGESTORE dst src min max [BYSCORE | BYLEX] [REV] [LIMIT offset count],
 * which stores the range instead (an empty one deletes {@code dst}) and answers its size.
 *
 * <p>{@link #parse} reads the options as Redis's {@code zrangeGenericCommand} does, in its order
 * and words: each word once, LIMIT only by score or lex, WITHSCORES not by lex nor when storing;
 * with REV a score or lex range is given max first. {@code store} is null for a reply.
 */
record ZRange(byte[] key, Selection selection, boolean reverse, long offset, long limit, boolean withScores,
              int protocol, byte[] store) implements Operation {

    /** What the range selects: ranks (negative ones from the end) or a score or lex range. */
    sealed interface Selection {
        record Ranks(long start, long stop) implements Selection {
        }

        record Within(ZSetRange range) implements Selection {
        }
    }

    /** The kind of range, fixed by the command's name or, for ZRANGE and ZRANGESTORE, chosen by its words. */
    enum By { RANK, SCORE, LEX }

    /**
     * @param keyAt  the index of the source key (1, or 2 for ZRANGESTORE)
     * @param by     the fixed kind, or null when BYSCORE / BYLEX choose
     * @param rev    true for the REV forms, false when fixed forward, null when REV chooses
     */
    static ZRange parse(CommandContext c, int keyAt, By by, Boolean rev, boolean store) {
        boolean withScores = false;
        long offset = 0;
        long limit = -1;
        for (int i = keyAt + 3; i < c.argc(); i++) {
            String opt = c.option(i);
            if (!store && opt.equals("WITHSCORES")) {
                withScores = true;
            } else if (opt.equals("LIMIT") && c.argc() - i - 1 >= 2) {
                offset = c.integer(i + 1);
                limit = c.integer(i + 2);
                i += 2;
            } else if (rev == null && opt.equals("REV")) {
                rev = true;
            } else if (by == null && opt.equals("BYLEX")) {
                by = By.LEX;
            } else if (by == null && opt.equals("BYSCORE")) {
                by = By.SCORE;
            } else {
                throw new InvalidRequestException(CommandContext.SYNTAX);
            }
        }
        boolean reverse = rev != null && rev;
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
        int minAt = reverse && by != By.RANK ? keyAt + 2 : keyAt + 1;
        int maxAt = reverse && by != By.RANK ? keyAt + 1 : keyAt + 2;
        Selection selection = switch (by) {
            case RANK -> new Selection.Ranks(c.integer(minAt), c.integer(maxAt));
            case SCORE -> new Selection.Within(ZSetArgs.scoreRange(c.arg(minAt), c.arg(maxAt)));
            case LEX -> new Selection.Within(ZSetArgs.lexRange(c.arg(minAt), c.arg(maxAt)));
        };
        return new ZRange(c.arg(keyAt), selection, reverse, offset, limit, withScores, c.session().protocol(),
                store ? c.arg(1) : null);
    }

    @Override
    public RespValue run(Txn t) {
        List<ScoredMember> members = switch (selection) {
            case Selection.Ranks r -> t.zsets().byRank(key, r.start(), r.stop(), reverse);
            case Selection.Within w -> t.zsets().range(key, w.range(), reverse, offset, limit);
        };
        if (store != null) {
            return RespValue.integer(t.zsets().store(store, members));
        }
        return Replies.scored(members, withScores, protocol);
    }
}
