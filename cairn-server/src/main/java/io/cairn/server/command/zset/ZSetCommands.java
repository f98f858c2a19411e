package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CollectionScan;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.ArrayList;
import java.util.List;

/**
 * The sorted-set commands with Redis 7.2's options, replies and error texts. Each parses and
 * checks its arguments before the store's lock into a record ({@link ZSetReads},
 * {@link ZSetWrites}, {@link ZRange}, {@link ZSetPops}, {@link ZSetAlgebra}, {@link ZRandMember})
 * that runs inside it, in the order Redis checks them (numkeys, options, then the keys' types;
 * ZUNION and its kin read their options only after the types). Type errors come from
 * {@link Txn} itself. BZPOPMIN, BZPOPMAX and BZMPOP wait for data as {@link BlockingZSetPops}.
 * ZSCAN pages with a real cursor (the member hash order of the set's member map), as HSCAN and
 * SSCAN do, through {@code CollectionScan}.
 */
public final class ZSetCommands {
    private ZSetCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("zadd", ZSetWrites.Add::parse);
        r.data("zincrby", ZSetWrites.Add::incrBy);
        r.data("zrem", c -> new ZSetWrites.Remove(c.arg(1), ZSetArgs.rest(c, 2)));
        r.data("zscore", c -> new ZSetReads.Score(c.arg(1), c.arg(2)));
        r.data("zmscore", c -> new ZSetReads.MScore(c.arg(1), ZSetArgs.rest(c, 2)));
        r.data("zcard", c -> new ZSetReads.Card(c.arg(1)));
        r.data("zcount", c -> new ZSetReads.Count(c.arg(1), ZSetArgs.scoreRange(c.arg(2), c.arg(3))));
        r.data("zlexcount", c -> new ZSetReads.Count(c.arg(1), ZSetArgs.lexRange(c.arg(2), c.arg(3))));
        r.data("zrank", c -> rank(c, false));
        r.data("zrevrank", c -> rank(c, true));
        r.data("zrange", c -> ZRange.parse(c, 1, null, null, false));
        r.data("zrangestore", c -> ZRange.parse(c, 2, null, null, true));
        r.data("zrevrange", c -> ZRange.parse(c, 1, ZRange.By.RANK, true, false));
        r.data("zrangebyscore", c -> ZRange.parse(c, 1, ZRange.By.SCORE, false, false));
        r.data("zrevrangebyscore", c -> ZRange.parse(c, 1, ZRange.By.SCORE, true, false));
        r.data("zrangebylex", c -> ZRange.parse(c, 1, ZRange.By.LEX, false, false));
        r.data("zrevrangebylex", c -> ZRange.parse(c, 1, ZRange.By.LEX, true, false));
        r.data("zremrangebyscore", c -> new ZSetWrites.RemoveRange(c.arg(1), ZSetArgs.scoreRange(c.arg(2), c.arg(3))));
        r.data("zremrangebylex", c -> new ZSetWrites.RemoveRange(c.arg(1), ZSetArgs.lexRange(c.arg(2), c.arg(3))));
        r.data("zremrangebyrank", c -> new ZSetWrites.RemoveRanks(c.arg(1), c.integer(2), c.integer(3)));
        r.data("zpopmin", c -> ZSetPops.Pop.parse(c, false));
        r.data("zpopmax", c -> ZSetPops.Pop.parse(c, true));
        r.data("zmpop", c -> ZSetPops.MPop.parse(c, 1));
        r.data("zunion", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.UNION, 1, false));
        r.data("zinter", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.INTER, 1, false));
        r.data("zdiff", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.DIFF, 1, false));
        r.data("zunionstore", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.UNION, 2, false));
        r.data("zinterstore", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.INTER, 2, false));
        r.data("zdiffstore", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.DIFF, 2, false));
        r.data("zintercard", c -> ZSetAlgebra.parse(c, ZSetAlgebra.Op.INTER, 1, true));
        r.data("zrandmember", ZRandMember::parse);
        r.data("zscan", c -> CollectionScan.parse(c, ValueType.ZSET, false));
        BlockingZSetPops.register(r);
    }

    /** ZRANK / ZREVRANK key member [WITHSCORE]. */
    private static ZSetReads.Rank rank(CommandContext c, boolean reverse) {
        if (c.argc() > 4) {
            throw new InvalidRequestException("ERR wrong number of arguments for '"
                    + (reverse ? "zrevrank" : "zrank") + "' command");
        }
        boolean withScore = c.argc() == 4;
        if (withScore && !c.option(3).equals("WITHSCORE")) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        return new ZSetReads.Rank(c.arg(1), c.arg(2), reverse, withScore);
    }
}
