package io.cairn.search;

import io.cairn.common.InvalidRequestException;
import io.cairn.search.analysis.Languages;
import io.cairn.search.schema.Arguments;
import java.util.ArrayList;
import java.util.List;

/**
 * An {@code FT.SEARCH}: the query and its options, parsed from the arguments after the query as
 * RediSearch documents them.
 *
 * @param returnFields the fields to return (names or paths); null for the whole document
 * @param sortBy a field to order by, or null for relevance (BM25)
 * @param highlight how to mark matched words in returned TEXT fields, or null
 * @param filters legacy {@code FILTER field min max} ranges, added to the query
 */
public record SearchRequest(String query, boolean noContent, boolean withScores, List<String> returnFields,
        String sortBy, boolean ascending, int offset, int limit, Highlight highlight, String language,
        List<Filter> filters) {

    /** Most results one page may ask for; more than the index holds costs no more. */
    public static final int MAX_LIMIT = 1_000_000;

    /** {@code HIGHLIGHT [FIELDS n f...] [TAGS open close]}; empty fields mean every returned TEXT field. */
    public record Highlight(List<String> fields, String open, String close) {
    }

    /** {@code FILTER field min max}, with {@code (} for exclusive bounds. */
    public record Filter(String field, String min, String max) {
    }

    /** {@code args}: everything after the query. */
    public static SearchRequest parse(String query, List<String> args) {
        Arguments a = new Arguments(args);
        boolean noContent = false;
        boolean withScores = false;
        List<String> returnFields = null;
        String sortBy = null;
        boolean asc = true;
        int offset = 0;
        int limit = 10;
        Highlight highlight = null;
        String language = null;
        List<Filter> filters = new ArrayList<>();
        while (a.hasNext()) {
            String kw = a.nextUpper("option");
            switch (kw) {
                case "NOCONTENT" -> noContent = true;
                case "WITHSCORES" -> withScores = true;
                case "VERBATIM", "NOSTOPWORDS" -> throw new InvalidRequestException(kw + " is not supported by Cairn");
                case "RETURN" -> {
                    int n = a.nextCount("RETURN", 1024);
                    returnFields = new ArrayList<>();
                    for (String f : a.nextN(n, "RETURN")) {
                        returnFields.add(stripAt(f));
                        if (a.accept("AS")) {
                            throw new InvalidRequestException("RETURN ... AS is not supported by Cairn");
                        }
                    }
                    if (n == 0) {
                        noContent = true;
                    }
                }
                case "SORTBY" -> {
                    sortBy = stripAt(a.next("SORTBY"));
                    if (a.accept("DESC")) {
                        asc = false;
                    } else {
                        a.accept("ASC");
                    }
                    a.accept("WITHCOUNT");
                }
                case "LIMIT" -> {
                    offset = a.nextCount("LIMIT", Integer.MAX_VALUE);
                    limit = a.nextCount("LIMIT", MAX_LIMIT);
                }
                case "HIGHLIGHT" -> {
                    List<String> fields = new ArrayList<>();
                    String open = "<b>";
                    String close = "</b>";
                    while (true) {
                        if (a.accept("FIELDS")) {
                            int n = a.nextCount("HIGHLIGHT FIELDS", 1024);
                            for (String f : a.nextN(n, "HIGHLIGHT FIELDS")) {
                                fields.add(stripAt(f));
                            }
                        } else if (a.accept("TAGS")) {
                            open = a.next("HIGHLIGHT TAGS");
                            close = a.next("HIGHLIGHT TAGS");
                        } else {
                            break;
                        }
                    }
                    highlight = new Highlight(List.copyOf(fields), open, close);
                }
                case "LANGUAGE" -> language = Languages.canonical(a.next("LANGUAGE"));
                case "FILTER" -> filters.add(new Filter(stripAt(a.next("FILTER")), a.next("FILTER"), a.next("FILTER")));
                case "DIALECT" -> {
                    int d = a.nextCount("DIALECT", 4);
                    if (d < 1) {
                        throw new InvalidRequestException("DIALECT requires a value between 1 and 4");
                    }
                }
                case "TIMEOUT" -> a.nextCount("TIMEOUT", Integer.MAX_VALUE);
                case "SCORER" -> {
                    String s = a.next("SCORER");
                    if (!s.equalsIgnoreCase("BM25") && !s.equalsIgnoreCase("BM25STD")) {
                        throw new InvalidRequestException("Scorer " + s + " is not supported by Cairn (it scores by BM25)");
                    }
                }
                case "INKEYS", "INFIELDS", "SUMMARIZE", "SLOP", "INORDER", "EXPANDER", "PAYLOAD", "PARAMS",
                     "WITHPAYLOADS", "WITHSORTKEYS", "EXPLAINSCORE", "GEOFILTER" ->
                        throw new InvalidRequestException(kw + " is not supported by Cairn");
                default -> throw new InvalidRequestException("Unknown argument `" + args.get(a.position() - 1) + "`");
            }
        }
        return new SearchRequest(query, noContent, withScores, returnFields == null ? null : List.copyOf(returnFields),
                sortBy, asc, offset, limit, highlight, language, List.copyOf(filters));
    }

    static String stripAt(String f) {
        return f.startsWith("@") ? f.substring(1) : f;
    }
}
