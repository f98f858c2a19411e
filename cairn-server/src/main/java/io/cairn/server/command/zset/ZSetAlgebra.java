package io.cairn.server.command.zset;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Operation;
import io.cairn.server.command.Replies;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * ZUNION, ZINTER, ZDIFF (numkeys key [key ...] [WEIGHTS w ...] [AGGREGATE SUM | MIN | MAX]
 * [WITHSCORES]), their STORE forms (dst numkeys key ...; answer the size stored, an empty result
 * deleting dst) and ZINTERCARD numkeys key [key ...] [LIMIT limit], computed as Redis's
 * {@code zunionInterDiffGenericCommand} computes them: inputs in ascending size (a stable sort),
 * a weighted score that is NaN (inf times 0) counting as 0, SUM of inf and -inf as 0, and the
 * result in (score, member) order. DIFF keeps the first set's scores; it takes no WEIGHTS nor
 * AGGREGATE.
 *
 * <p>Redis reads numkeys and counts the keys first, then checks every key's type, and only then
 * reads the options: so an option error is kept ({@code refused}) and thrown after the type checks.
 */
record ZSetAlgebra(Op op, byte[] store, byte[][] keys, double[] weights, Aggregate aggregate, boolean withScores,
                   long limit, boolean cardinality, InvalidRequestException refused, int protocol) implements Operation {

    enum Op { UNION, INTER, DIFF }

    enum Aggregate { SUM, MIN, MAX }

    /**
     * @param numkeysAt where numkeys is (1, or 2 for the STORE forms, whose destination is at 1)
     * @param cardinality ZINTERCARD: only the size, LIMIT allowed, nothing stored
     */
    static ZSetAlgebra parse(CommandContext c, Op op, int numkeysAt, boolean cardinality) {
        long numkeys = c.integer(numkeysAt);
        if (numkeys < 1) {
            throw new InvalidRequestException("ERR at least 1 input key is needed for '" + c.spec().name() + "' command");
        }
        if (numkeys > c.argc() - numkeysAt - 1) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        byte[][] keys = Arrays.copyOfRange(c.args(), numkeysAt + 1, numkeysAt + 1 + (int) numkeys);
        byte[] store = numkeysAt == 2 ? c.arg(1) : null;
        double[] weights = new double[keys.length];
        Arrays.fill(weights, 1.0);
        Aggregate aggregate = Aggregate.SUM;
        boolean withScores = false;
        long limit = 0;
        InvalidRequestException refused = null;
        try {
            boolean weighed = op != Op.DIFF && !cardinality;
            for (int j = numkeysAt + 1 + keys.length; j < c.argc(); j++) {
                int remaining = c.argc() - j;
                String opt = c.option(j);
                if (weighed && remaining >= keys.length + 1 && opt.equals("WEIGHTS")) {
                    for (int i = 0; i < keys.length; i++) {
                        weights[i] = weight(c.arg(++j));
                    }
                } else if (weighed && remaining >= 2 && opt.equals("AGGREGATE")) {
                    aggregate = switch (c.option(++j)) {
                        case "SUM" -> Aggregate.SUM;
                        case "MIN" -> Aggregate.MIN;
                        case "MAX" -> Aggregate.MAX;
                        default -> throw new InvalidRequestException(CommandContext.SYNTAX);
                    };
                } else if (store == null && !cardinality && opt.equals("WITHSCORES")) {
                    withScores = true;
                } else if (cardinality && remaining >= 2 && opt.equals("LIMIT")) {
                    limit = ZSetArgs.atLeast(c.arg(++j), 0, "ERR LIMIT can't be negative");
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
        } catch (InvalidRequestException e) {
            refused = e;
        }
        return new ZSetAlgebra(op, store, keys, weights, aggregate, withScores, limit, cardinality, refused,
                c.session().protocol());
    }

    private static double weight(byte[] arg) {
        try {
            return CommandContext.parseDouble(arg);
        } catch (InvalidRequestException e) {
            throw new InvalidRequestException("ERR weight value is not a float");
        }
    }

    /** One input: a sorted set's key, weight and size (0 when absent); read by lookups or a walk. */
    private record Input(byte[] key, double weight, int size) {
        Double score(Txn t, ScoredMember m) {
            return t.zscore(key, m.memberBytes());
        }
    }

    @Override
    public RespValue run(Txn t) {
        for (byte[] k : keys) {
            ValueType type = t.type(k);
            if (type != ValueType.NONE && type != ValueType.ZSET) {
                throw new WrongTypeException(ValueType.ZSET, type);
            }
        }
        if (refused != null) {
            throw refused;
        }
        List<Input> inputs = new ArrayList<>(keys.length);
        for (int i = 0; i < keys.length; i++) {
            inputs.add(new Input(keys[i], weights[i], t.zcard(keys[i])));
        }
        if (op != Op.DIFF) {
            inputs.sort(Comparator.comparingInt(Input::size));
        }
        if (cardinality) {
            return RespValue.integer(interCard(t, inputs));
        }
        List<ScoredMember> result = switch (op) {
            case UNION -> union(t, inputs);
            case INTER -> inter(t, inputs);
            case DIFF -> diff(t, inputs);
        };
        if (store != null) {
            return RespValue.integer(t.zsets().store(store, result));
        }
        result.sort(null);
        return Replies.scored(result, withScores, protocol);
    }

    private static double weighted(Input in, double score) {
        double s = in.weight() * score;
        return Double.isNaN(s) ? 0 : s;
    }

    private double aggregate(double target, double value) {
        return switch (aggregate) {
            case SUM -> {
                double s = target + value;
                yield Double.isNaN(s) ? 0 : s;
            }
            case MIN -> value < target ? value : target;
            case MAX -> value > target ? value : target;
        };
    }

    private List<ScoredMember> union(Txn t, List<Input> inputs) {
        Map<String, double[]> acc = HashMap.newHashMap(inputs.getLast().size());
        for (Input in : inputs) {
            for (ScoredMember m : t.zsets().members(in.key())) {
                double s = weighted(in, m.score());
                double[] cell = acc.get(m.member());
                if (cell == null) {
                    acc.put(m.member(), new double[] {s});
                } else {
                    cell[0] = aggregate(cell[0], s);
                }
            }
        }
        List<ScoredMember> out = new ArrayList<>(acc.size());
        acc.forEach((member, cell) -> out.add(new ScoredMember(member, cell[0])));
        return out;
    }

    private List<ScoredMember> inter(Txn t, List<Input> inputs) {
        List<ScoredMember> out = new ArrayList<>();
        Input first = inputs.getFirst();
        next:
        for (ScoredMember m : t.zsets().members(first.key())) {
            double score = weighted(first, m.score());
            for (int j = 1; j < inputs.size(); j++) {
                Double s = inputs.get(j).score(t, m);
                if (s == null) {
                    continue next;
                }
                score = aggregate(score, s * inputs.get(j).weight()); // NaN here is Redis's too: SUM makes it 0
            }
            out.add(new ScoredMember(m.member(), score));
        }
        return out;
    }

    /** ZINTERCARD: the members in every input, counting up to {@code limit} (0: no limit). */
    private long interCard(Txn t, List<Input> inputs) {
        long n = 0;
        next:
        for (ScoredMember m : t.zsets().members(inputs.getFirst().key())) {
            for (int j = 1; j < inputs.size(); j++) {
                if (inputs.get(j).score(t, m) == null) {
                    continue next;
                }
            }
            if (++n == limit) {
                break;
            }
        }
        return n;
    }

    private static List<ScoredMember> diff(Txn t, List<Input> inputs) {
        List<ScoredMember> out = new ArrayList<>();
        next:
        for (ScoredMember m : t.zsets().members(inputs.getFirst().key())) {
            for (int j = 1; j < inputs.size(); j++) {
                if (inputs.get(j).score(t, m) != null) {
                    continue next;
                }
            }
            out.add(m);
        }
        return out;
    }
}
