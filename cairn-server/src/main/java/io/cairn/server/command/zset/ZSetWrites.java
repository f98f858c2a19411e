package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ZSetOps;
import io.cairn.storage.engine.ZSetRange;

/** The sorted-set writes by member and by range. Each record holds its checked arguments. */
sealed interface ZSetWrites extends Operation {
    String NOT_A_NUMBER = "ERR resulting score is not a number (NaN)";

    /**
     * ZADD key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...], and ZINCRBY as
     * its INCR form: the number of members added (or changed, with CH), or with INCR the new
     * score (nil when a flag stopped the update).
     */
    record Add(byte[] key, AddFlags flags, double[] scores, byte[][] members) implements ZSetWrites {
        static Add parse(CommandContext c) {
            AddFlags flags = AddFlags.parse(c);
            int n = (c.argc() - flags.first()) / 2;
            double[] scores = new double[n];
            byte[][] members = new byte[n][];
            for (int j = 0; j < n; j++) {
                scores[j] = c.number(flags.first() + 2 * j);
                members[j] = c.arg(flags.first() + 2 * j + 1);
            }
            return new Add(c.arg(1), flags, scores, members);
        }

        /** ZINCRBY key increment member. */
        static Add incrBy(CommandContext c) {
            return new Add(c.arg(1), AddFlags.INCR_ONLY, new double[] {c.number(2)}, new byte[][] {c.arg(3)});
        }

        @Override
        public RespValue run(Txn t) {
            Seen seen = new Seen(flags);
            if (flags.incr()) {
                t.zsets().add(key, members[0], scores[0], seen);
                return ZSetArgs.score(seen.next);
            }
            long added = 0;
            long updated = 0;
            for (int j = 0; j < scores.length; j++) {
                if (t.zsets().add(key, members[j], scores[j], seen)) {
                    if (seen.old == null) {
                        added++;
                    } else {
                        updated++;
                    }
                }
            }
            return RespValue.integer(flags.ch() ? added + updated : added);
        }
    }

    /** The flags' rule for one member at a time, keeping the old and new score of the last call. */
    final class Seen implements ZSetOps.ScoreRule {
        private final AddFlags flags;
        Double old;
        Double next;

        Seen(AddFlags flags) {
            this.flags = flags;
        }

        @Override
        public Double next(Double old, double score) {
            this.old = old;
            this.next = flags.target(old, score);
            return next;
        }
    }

    /** ZADD's flags; {@code first} is the index of the first score. */
    record AddFlags(boolean nx, boolean xx, boolean gt, boolean lt, boolean ch, boolean incr, int first) {
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

    /** ZREM key member [member ...]: how many were removed. */
    record Remove(byte[] key, byte[][] members) implements ZSetWrites {
        @Override
        public RespValue run(Txn t) {
            long removed = 0;
            for (byte[] m : members) {
                if (t.zrem(key, m)) {
                    removed++;
                }
            }
            return RespValue.integer(removed);
        }
    }

    /** ZREMRANGEBYSCORE / ZREMRANGEBYLEX key min max: how many were removed, in one logged removal. */
    record RemoveRange(byte[] key, ZSetRange range) implements ZSetWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.zsets().removeRange(key, range));
        }
    }

    /** ZREMRANGEBYRANK key start stop, ranks clamped as ZRANGE clamps them. */
    record RemoveRanks(byte[] key, long start, long stop) implements ZSetWrites {
        @Override
        public RespValue run(Txn t) {
            return RespValue.integer(t.zsets().removeByRank(key, start, stop));
        }
    }
}
