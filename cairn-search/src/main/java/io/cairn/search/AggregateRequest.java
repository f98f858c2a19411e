package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.analysis.Languages;
import io.cairn.search.schema.Arguments;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An {@code FT.AGGREGATE}: match, optionally group with reducers (facet counts), sort, page, and
 * optionally read the rows through a cursor. One GROUPBY step; APPLY and FILTER are refused.
 *
 * @param load fields to load into rows without GROUPBY (null: none; {@code ["*"]}: all)
 * @param groupBy the grouping fields (empty: no grouping, one row per document)
 * @param sortBy row properties with their order; {@code sortMax} keeps at most that many (0: all)
 * @param cursorCount rows per cursor read; 0 when WITHCURSOR was not given
 */
public record AggregateRequest(String query, List<String> load, List<String> groupBy, List<Reducer> reducers,
        List<SortKey> sortBy, int sortMax, int offset, int limit, int cursorCount, long maxIdleMillis,
        String language) {

    /** Rows per cursor read when WITHCURSOR gives no COUNT. */
    public static final int DEFAULT_CURSOR_COUNT = 1000;
    public static final long DEFAULT_MAX_IDLE = 300_000;

    /** {@code REDUCE function nargs args... [AS alias]}. */
    public record Reducer(String function, List<String> args, String alias) {
    }

    public record SortKey(String property, boolean ascending) {
    }

    public boolean withCursor() {
        return cursorCount > 0;
    }

    /** {@code args}: everything after the query. */
    public static AggregateRequest parse(String query, List<String> args) {
        Arguments a = new Arguments(args);
        List<String> load = null;
        List<String> groupBy = new ArrayList<>();
        List<Reducer> reducers = new ArrayList<>();
        List<SortKey> sortBy = new ArrayList<>();
        int sortMax = 0;
        int offset = 0;
        int limit = -1;
        int cursorCount = 0;
        long maxIdle = DEFAULT_MAX_IDLE;
        String language = null;
        boolean grouped = false;
        while (a.hasNext()) {
            String kw = a.nextUpper("option");
            switch (kw) {
                case "LOAD" -> {
                    if (a.accept("*")) {
                        load = List.of("*");
                    } else {
                        int n = a.nextCount("LOAD", 1024);
                        load = new ArrayList<>();
                        for (String f : a.nextN(n, "LOAD")) {
                            if (f.equalsIgnoreCase("AS")) {
                                throw new InvalidRequestException("LOAD ... AS is not supported by Cairn");
                            }
                            load.add(SearchRequest.stripAt(f));
                        }
                    }
                }
                case "GROUPBY" -> {
                    if (grouped) {
                        throw new InvalidRequestException("Cairn supports one GROUPBY step per FT.AGGREGATE");
                    }
                    grouped = true;
                    int n = a.nextCount("GROUPBY", 16);
                    if (n == 0) {
                        throw new InvalidRequestException("GROUPBY needs at least one property");
                    }
                    for (String p : a.nextN(n, "GROUPBY")) {
                        if (!p.startsWith("@")) {
                            throw new InvalidRequestException("Bad arguments for GROUPBY: Unknown property `" + p
                                    + "`. Did you mean `@" + p + "`?");
                        }
                        groupBy.add(p.substring(1));
                    }
                    while (a.accept("REDUCE")) {
                        String fn = a.nextUpper("REDUCE");
                        int nargs = a.nextCount("REDUCE " + fn, 16);
                        List<String> rargs = new ArrayList<>();
                        for (String r : a.nextN(nargs, "REDUCE " + fn)) {
                            rargs.add(SearchRequest.stripAt(r));
                        }
                        String alias = null;
                        if (a.accept("AS")) {
                            alias = a.next("AS");
                        }
                        reducers.add(reducer(fn, rargs, alias));
                    }
                }
                case "SORTBY" -> {
                    int n = a.nextCount("SORTBY", 64);
                    List<String> items = a.nextN(n, "SORTBY");
                    for (int i = 0; i < items.size(); i++) {
                        String p = items.get(i);
                        if (!p.startsWith("@")) {
                            throw new InvalidRequestException("Bad arguments for SORTBY: Unknown property `" + p + "`");
                        }
                        boolean asc = true;
                        if (i + 1 < items.size()) {
                            String dir = items.get(i + 1).toUpperCase(Locale.ROOT);
                            if (dir.equals("ASC") || dir.equals("DESC")) {
                                asc = dir.equals("ASC");
                                i++;
                            }
                        }
                        sortBy.add(new SortKey(p.substring(1), asc));
                    }
                    if (a.accept("MAX")) {
                        sortMax = a.nextCount("MAX", Integer.MAX_VALUE);
                    }
                }
                case "LIMIT" -> {
                    offset = a.nextCount("LIMIT", Integer.MAX_VALUE);
                    limit = a.nextCount("LIMIT", SearchRequest.MAX_LIMIT);
                }
                case "WITHCURSOR" -> {
                    cursorCount = DEFAULT_CURSOR_COUNT;
                    while (true) {
                        if (a.accept("COUNT")) {
                            cursorCount = Math.max(1, a.nextCount("COUNT", SearchRequest.MAX_LIMIT));
                        } else if (a.accept("MAXIDLE")) {
                            maxIdle = Math.max(1, a.nextCount("MAXIDLE", Integer.MAX_VALUE));
                        } else {
                            break;
                        }
                    }
                }
                case "LANGUAGE" -> language = Languages.canonical(a.next("LANGUAGE"));
                case "DIALECT" -> a.nextCount("DIALECT", 4);
                case "TIMEOUT" -> a.nextCount("TIMEOUT", Integer.MAX_VALUE);
                case "VERBATIM", "APPLY", "FILTER", "PARAMS", "ADDSCORES", "SCORER" ->
                        throw new InvalidRequestException(kw + " in FT.AGGREGATE is not supported by Cairn");
                default -> throw new InvalidRequestException("Unknown argument `" + args.get(a.position() - 1) + "`");
            }
        }
        return new AggregateRequest(query, load == null ? null : List.copyOf(load), List.copyOf(groupBy),
                List.copyOf(reducers), List.copyOf(sortBy), sortMax, offset, limit, cursorCount, maxIdle, language);
    }

    private static Reducer reducer(String fn, List<String> args, String alias) {
        int want = switch (fn) {
            case "COUNT" -> 0;
            case "COUNT_DISTINCT", "SUM", "MIN", "MAX", "AVG" -> 1;
            default -> throw new InvalidRequestException("Reducer " + fn + " is not supported by Cairn"
                    + " (COUNT, COUNT_DISTINCT, SUM, MIN, MAX, AVG are)");
        };
        if (args.size() != want) {
            throw new InvalidRequestException("Bad arguments for " + fn + ": expected " + want + " argument"
                    + (want == 1 ? "" : "s"));
        }
        String name = alias != null ? alias
                : "__generated_alias" + fn.toLowerCase(Locale.ROOT) + (args.isEmpty() ? "" : args.getFirst());
        return new Reducer(fn, List.copyOf(args), name);
    }
}
