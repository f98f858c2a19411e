package io.cairn.server.command.geo;

import io.cairn.common.InvalidRequestException;
import io.cairn.resp.RespValue;
import io.cairn.server.command.CommandContext;
import io.cairn.server.command.Commands;
import io.cairn.server.command.Operation;
import io.cairn.server.command.geo.GeoHash.Cell;
import io.cairn.storage.engine.ScoredMember;
import io.cairn.storage.engine.Txn;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * GEOSEARCH, GEOSEARCHSTORE, GEORADIUS, GEORADIUSBYMEMBER and the two {@code _RO} forms: one
 * parser over Redis's shared option loop, one {@link Query} that runs them all.
 *
 * <p>A search reads at most nine score ranges of the geo set, the {@link SearchCells} around the
 * centre, keeps the members inside the shape in the order it meets them (cell by cell, by score
 * within a cell), then sorts by distance when asked (COUNT alone implies ASC; COUNT ANY stops
 * reading at COUNT matches and sorts only on request), and replies or stores.
 *
 * <p><b>Error order.</b> Redis checks the key's type first and then reads the arguments, looking a
 * FROMMEMBER up the moment it meets it; a missing source key skips the lookups (and
 * GEORADIUSBYMEMBER's radius) and answers an empty result. The parser, which runs before the lock,
 * therefore records what it cannot decide as {@link Step}s in argument order, the first argument
 * error last, and the query replays them against the data, so every command fails with exactly
 * the error Redis gives.
 */
final class GeoSearch {
    private static final int COORDS = 1;
    private static final int MEMBER = 2;
    private static final int NO_STORE = 4;
    private static final int SEARCH = 8;
    private static final int SEARCH_STORE = 16;
    static final String NO_MEMBER = "ERR could not decode requested zset member";

    private GeoSearch() {
    }

    static void register(Commands.Registrar r) {
        r.data("georadius", c -> parse(c, COORDS));
        r.data("georadius_ro", c -> parse(c, COORDS | NO_STORE));
        r.data("georadiusbymember", c -> parse(c, MEMBER));
        r.data("georadiusbymember_ro", c -> parse(c, MEMBER | NO_STORE));
        r.data("geosearch", c -> parse(c, SEARCH));
        r.data("geosearchstore", c -> parse(c, SEARCH | SEARCH_STORE));
    }

    enum Order { NONE, ASC, DESC }

    /** What the parser leaves to be decided against the data, in argument order. */
    sealed interface Step {
        /** The member's position becomes the centre; a missing member fails. Skipped without the key. */
        record FromMember(byte[] member) implements Step {
        }

        /** An argument error; one {@code keyed} is raised only when the source key exists. */
        record Fail(InvalidRequestException error, boolean keyed) implements Step {
        }
    }

    /**
     * One parsed search. {@code centre} is null when the centre comes from a member; {@code shape}
     * is null only when a {@link Step.Fail} is sure to stop the query first; {@code count} 0 means
     * no limit; {@code storeKey} null means reply.
     */
    record Query(byte[] key, List<Step> steps, double[] centre, GeoShape shape, boolean withDist, boolean withHash,
            boolean withCoord, Order order, long count, boolean any, byte[] storeKey, boolean storeDist)
            implements Operation {

        @Override
        public RespValue run(Txn t) {
            boolean exists = t.zcard(key) > 0; // the type check comes before everything
            double[] at = centre;
            for (Step step : steps) {
                switch (step) {
                    case Step.FromMember m when exists -> {
                        Double score = t.zscore(key, m.member());
                        if (score == null) {
                            throw new InvalidRequestException(NO_MEMBER);
                        }
                        at = GeoHash.decodeScore(score);
                    }
                    case Step.Fail f when exists || !f.keyed() -> throw f.error();
                    default -> {
                    }
                }
            }
            if (!exists) {
                if (storeKey == null) {
                    return RespValue.EMPTY_ARRAY;
                }
                t.delete(storeKey);
                return RespValue.ZERO;
            }
            GeoShape area = shape.at(at[0], at[1]);
            List<Found> found = collect(t, area, any ? count : 0);
            if (found.isEmpty() && storeKey == null) {
                return RespValue.EMPTY_ARRAY;
            }
            Order sort = count != 0 && order == Order.NONE && !any ? Order.ASC : order;
            if (sort != Order.NONE) {
                Comparator<Found> byDistance = Comparator.comparingDouble(Found::meters);
                found.sort(sort == Order.ASC ? byDistance : byDistance.reversed());
            }
            int returned = count == 0 || found.size() < count ? found.size() : (int) count;
            return storeKey == null
                    ? reply(found.subList(0, returned), area.toMeters())
                    : store(t, found.subList(0, returned), area.toMeters());
        }

        /**
         * The members inside {@code area}, cell by cell; a cell equal to the one read just before
         * it is skipped, and with a {@code limit} reading stops once that many are found.
         */
        private List<Found> collect(Txn t, GeoShape area, long limit) {
            Cell[] cells = SearchCells.cover(area);
            List<Found> found = new ArrayList<>();
            int last = 0; // as Redis: the centre (index 0) is never compared with
            for (int i = 0; i < cells.length; i++) {
                Cell cell = cells[i];
                if (cell.isNone() || last != 0 && cell.equals(cells[last])) {
                    continue;
                }
                if (limit > 0 && found.size() >= limit) {
                    break;
                }
                readCell(t, cell, area, limit, found);
                last = i;
            }
            return found;
        }

        /**
         * Adds the members of one cell's score range {@code [min, max)} that lie inside the area.
         * Without a limit the range is read at once; with one it is read in growing pages, so
         * COUNT ANY on a big set stops soon after it has enough.
         */
        private void readCell(Txn t, Cell cell, GeoShape area, long limit, List<Found> found) {
            double min = cell.minScore();
            double below = Math.nextDown((double) cell.maxScore());
            long offset = 0;
            long page = limit > 0 ? Math.max(16, limit) : -1;
            while (true) {
                List<ScoredMember> members = t.zrangeByScore(key, min, below, offset, page);
                for (ScoredMember m : members) {
                    double[] p = GeoHash.decodeScore(m.score());
                    double meters = area.distanceIfInside(p[0], p[1]);
                    if (meters >= 0) {
                        found.add(new Found(m, p, meters));
                    }
                    if (limit > 0 && found.size() >= limit) {
                        return;
                    }
                }
                if (page < 0 || members.size() < page) {
                    return;
                }
                offset += page;
                page *= 2;
            }
        }

        private RespValue reply(List<Found> found, double toMeters) {
            boolean plain = !withDist && !withHash && !withCoord;
            List<RespValue> out = new ArrayList<>(found.size());
            for (Found f : found) {
                RespValue member = RespValue.bulk(f.member().memberBytes());
                if (plain) {
                    out.add(member);
                    continue;
                }
                List<RespValue> item = new ArrayList<>(4);
                item.add(member);
                if (withDist) {
                    item.add(RespValue.bulk(GeoText.distance(f.meters() / toMeters)));
                }
                if (withHash) {
                    item.add(RespValue.integer((long) f.member().score()));
                }
                if (withCoord) {
                    item.add(GeoCommands.coordinates(f.point()));
                }
                out.add(RespValue.array(item));
            }
            return RespValue.array(out);
        }

        /** Replaces the destination (any type, its expiry too) with the results; none deletes it. */
        private RespValue store(Txn t, List<Found> found, double toMeters) {
            t.delete(storeKey);
            for (Found f : found) {
                double score = storeDist ? f.meters() / toMeters : f.member().score();
                t.zadd(storeKey, f.member().memberBytes(), score);
            }
            return RespValue.integer(found.size());
        }
    }

    /** A member inside the area, its decoded point and its distance from the centre in metres. */
    private record Found(ScoredMember member, double[] point, double meters) {
    }

    // ------------------------------------------------------------------ parsing

    /**
     * Reads the command as Redis's {@code georadiusGeneric} does. An argument error ends the
     * parse and becomes the last step, so it is raised after the lookups before it.
     */
    static Query parse(CommandContext c, int flags) {
        Parser p = new Parser(c, flags);
        try {
            p.parse();
        } catch (InvalidRequestException e) {
            p.steps.add(new Step.Fail(e, false));
        }
        return new Query(c.arg(p.source), List.copyOf(p.steps), p.centre, p.shape, p.withDist, p.withHash,
                p.withCoord, p.order, p.count, p.any, p.storeKey, p.storeDist);
    }

    /** The parse's state; used once. */
    private static final class Parser {
        private final CommandContext c;
        private final int flags;
        private final int source;
        private final List<Step> steps = new ArrayList<>();
        private double[] centre;
        private GeoShape shape;
        private boolean withDist;
        private boolean withHash;
        private boolean withCoord;
        private boolean any;
        private Order order = Order.NONE;
        private long count;
        private byte[] storeKey;
        private boolean storeDist;

        Parser(CommandContext c, int flags) {
            this.c = c;
            this.flags = flags;
            this.source = has(SEARCH_STORE) ? 2 : 1;
        }

        private boolean has(int flag) {
            return (flags & flag) != 0;
        }

        void parse() {
            int first;
            if (has(COORDS)) {
                first = 6;
                centre = GeoArguments.point(c, 2);
                shape = GeoArguments.circle(c, 4);
            } else if (has(MEMBER)) {
                first = 5;
                steps.add(new Step.FromMember(c.arg(2)));
                try {
                    shape = GeoArguments.circle(c, 3);
                } catch (InvalidRequestException e) {
                    steps.add(new Step.Fail(e, true)); // Redis reads the radius only when the key exists
                }
            } else {
                first = source + 1;
                if (has(SEARCH_STORE)) {
                    storeKey = c.arg(1);
                }
            }
            boolean fromMember = false;
            boolean fromLonLat = false;
            boolean byRadius = false;
            boolean byBox = false;
            boolean search = has(SEARCH);
            boolean storeAllowed = !has(NO_STORE) && !search;
            for (int i = first; i < c.argc(); i++) {
                int left = c.argc() - 1 - i; // arguments after this one
                String word = c.option(i);
                if (word.equals("WITHDIST")) {
                    withDist = true;
                } else if (word.equals("WITHHASH")) {
                    withHash = true;
                } else if (word.equals("WITHCOORD")) {
                    withCoord = true;
                } else if (word.equals("ANY")) {
                    any = true;
                } else if (word.equals("ASC")) {
                    order = Order.ASC;
                } else if (word.equals("DESC")) {
                    order = Order.DESC;
                } else if (word.equals("COUNT") && left >= 1) {
                    count = c.integer(++i);
                    if (count <= 0) {
                        throw new InvalidRequestException("ERR COUNT must be > 0");
                    }
                } else if ((word.equals("STORE") || word.equals("STOREDIST")) && left >= 1 && storeAllowed) {
                    storeKey = c.arg(++i);
                    storeDist = word.equals("STOREDIST");
                } else if (word.equals("STOREDIST") && has(SEARCH_STORE)) {
                    storeDist = true;
                } else if (word.equals("FROMMEMBER") && left >= 1 && search && !fromLonLat) {
                    steps.add(new Step.FromMember(c.arg(++i)));
                    fromMember = true;
                } else if (word.equals("FROMLONLAT") && left >= 2 && search && !fromMember) {
                    centre = GeoArguments.point(c, i + 1);
                    fromLonLat = true;
                    i += 2;
                } else if (word.equals("BYRADIUS") && left >= 2 && search && !byBox) {
                    shape = GeoArguments.circle(c, i + 1);
                    byRadius = true;
                    i += 2;
                } else if (word.equals("BYBOX") && left >= 3 && search && !byRadius) {
                    shape = GeoArguments.box(c, i + 1);
                    byBox = true;
                    i += 3;
                } else {
                    throw new InvalidRequestException(CommandContext.SYNTAX);
                }
            }
            if (storeKey != null && (withDist || withHash || withCoord)) {
                throw new InvalidRequestException("ERR " + (has(SEARCH_STORE) ? "GEOSEARCHSTORE" : "STORE option in GEORADIUS")
                        + " is not compatible with WITHDIST, WITHHASH and WITHCOORD options");
            }
            if (search && !fromMember && !fromLonLat) {
                throw new InvalidRequestException(
                        "ERR exactly one of FROMMEMBER or FROMLONLAT can be specified for " + c.string(0));
            }
            if (search && !byRadius && !byBox) {
                throw new InvalidRequestException(
                        "ERR exactly one of BYRADIUS and BYBOX can be specified for " + c.string(0));
            }
            if (any && count == 0) {
                throw new InvalidRequestException("ERR the ANY argument requires COUNT argument");
            }
        }
    }
}
