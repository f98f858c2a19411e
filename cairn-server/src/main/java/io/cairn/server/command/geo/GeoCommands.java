package io.cairn.server.command.geo;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.List;

/**
 * GEOADD, GEODIST, GEOHASH and GEOPOS, and the registration of the whole family (the searches
 * are {@link GeoSearch}). A geo set is a plain sorted set whose scores are {@link GeoHash}
 * scores, so ZRANGE, ZSCORE and ZREM work on it, and the geo commands read any sorted set.
 *
 * <p>Each command parses into a record before the store's lock and runs inside it. Replies are
 * Redis 7.2's in both protocols: distances as bulk strings with four decimals, coordinates as
 * Redis's long-double text ({@link RespValue.DoubleText}: bulk in RESP2, double in RESP3).
 */
public final class GeoCommands {
    private GeoCommands() {
    }

    public static void register(Commands.Registrar r) {
        r.data("geoadd", GeoCommands::geoadd);
        r.data("geodist", GeoCommands::geodist);
        r.data("geohash", c -> new Hashes(c.arg(1), members(c)));
        r.data("geopos", c -> new Positions(c.arg(1), members(c)));
        GeoSearch.register(r);
    }

    private static List<byte[]> members(CommandContext c) {
        List<byte[]> members = new ArrayList<>(c.argc() - 2);
        for (int i = 2; i < c.argc(); i++) {
            members.add(c.arg(i));
        }
        return members;
    }

    // ------------------------------------------------------------------ GEOADD

    /** GEOADD's points, as ZADD with the scores the points give; {@code ch} counts updates too. */
    record Add(byte[] key, boolean nx, boolean xx, boolean ch, List<byte[]> members, long[] scores)
            implements Operation {
        @Override
        public RespValue run(Txn t) {
            long added = 0;
            long updated = 0;
            for (int i = 0; i < scores.length; i++) {
                byte[] member = members.get(i);
                double score = scores[i];
                Double old = t.zscore(key, member);
                if (old == null ? xx : nx || old == score) {
                    continue;
                }
                t.zadd(key, member, score);
                if (old == null) {
                    added++;
                } else {
                    updated++;
                }
            }
            return RespValue.integer(ch ? added + updated : added);
        }
    }

    /** GEOADD key [NX | XX] [CH] longitude latitude member [...]. */
    private static Add geoadd(CommandContext c) {
        boolean nx = false;
        boolean xx = false;
        boolean ch = false;
        int first = 2;
        options:
        for (; first < c.argc(); first++) {
            switch (c.option(first)) {
                case "NX" -> nx = true;
                case "XX" -> xx = true;
                case "CH" -> ch = true;
                default -> {
                    break options;
                }
            }
        }
        int rest = c.argc() - first;
        if (rest % 3 != 0 || nx && xx || rest == 0) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        long[] scores = new long[rest / 3];
        List<byte[]> members = new ArrayList<>(scores.length);
        for (int j = 0; j < scores.length; j++) {
            double[] point = GeoArguments.point(c, first + 3 * j);
            scores[j] = GeoHash.score(point[0], point[1]);
            members.add(c.arg(first + 3 * j + 2));
        }
        return new Add(c.arg(1), nx, xx, ch, members, scores);
    }

    // ------------------------------------------------------------------ GEODIST, GEOHASH, GEOPOS

    /** GEODIST: the distance in {@code unit}s (metres each), or null when a member is missing. */
    record Distance(byte[] key, byte[] first, byte[] second, double toMeters) implements Operation {
        @Override
        public RespValue run(Txn t) {
            Double a = t.zscore(key, first);
            Double b = t.zscore(key, second);
            if (a == null || b == null) {
                return RespValue.NULL;
            }
            double[] p = GeoHash.decodeScore(a);
            double[] q = GeoHash.decodeScore(b);
            return RespValue.bulk(GeoText.distance(GeoDistance.between(p[0], p[1], q[0], q[1]) / toMeters));
        }
    }

    /** GEODIST key member1 member2 [M | KM | FT | MI]. */
    private static Distance geodist(CommandContext c) {
        double toMeters = 1;
        if (c.argc() == 5) {
            toMeters = GeoArguments.unit(c, 4);
        } else if (c.argc() > 5) {
            throw new InvalidRequestException(CommandContext.SYNTAX);
        }
        return new Distance(c.arg(1), c.arg(2), c.arg(3), toMeters);
    }

    /** GEOHASH: each member's standard 11-character geohash, or null. */
    record Hashes(byte[] key, List<byte[]> members) implements Operation {
        @Override
        public RespValue run(Txn t) {
            t.zcard(key); // the type check, even with no members
            List<RespValue> out = new ArrayList<>(members.size());
            for (byte[] member : members) {
                Double score = t.zscore(key, member);
                if (score == null) {
                    out.add(RespValue.NULL);
                } else {
                    double[] p = GeoHash.decodeScore(score);
                    out.add(RespValue.bulk(GeoHash.standardText(p[0], p[1])));
                }
            }
            return RespValue.array(out);
        }
    }

    /** GEOPOS: each member's [longitude, latitude], or a null array. */
    record Positions(byte[] key, List<byte[]> members) implements Operation {
        @Override
        public RespValue run(Txn t) {
            t.zcard(key); // the type check, even with no members
            List<RespValue> out = new ArrayList<>(members.size());
            for (byte[] member : members) {
                Double score = t.zscore(key, member);
                out.add(score == null ? RespValue.NULL_ARRAY : coordinates(GeoHash.decodeScore(score)));
            }
            return RespValue.array(out);
        }
    }

    /** {@code [longitude, latitude]} in Redis's text. */
    static RespValue coordinates(double[] point) {
        return RespValue.array(List.of(
                new RespValue.DoubleText(GeoText.coordinate(point[0])),
                new RespValue.DoubleText(GeoText.coordinate(point[1]))));
    }
}
