package io.cairn.server.command.search;

import io.cairn.resp.RespValue;
import io.cairn.search.AggregateResult;
import io.cairn.search.CheckReport;
import io.cairn.search.IndexInfo;
import io.cairn.search.SearchRequest;
import io.cairn.search.SearchResult;
import io.cairn.search.schema.FieldSpec;
import io.cairn.search.schema.FieldType;
import io.cairn.search.schema.IndexDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * FT.* results as RediSearch shapes them: flat arrays of names and values over RESP2, maps over
 * RESP3 ({@code total_results}, {@code results} of {@code id} / {@code score} /
 * {@code extra_attributes}, as RediSearch 2.8 answers a RESP3 client).
 */
final class SearchReplies {
    private SearchReplies() {
    }

    /** RESP3: {@code {attributes, format, results: [{id, score?, extra_attributes, values}], total_results, warning}}. */
    static RespValue search3(SearchResult r, SearchRequest req) {
        List<RespValue> results = new ArrayList<>(r.hits().size());
        for (SearchResult.Hit h : r.hits()) {
            List<RespValue> one = new ArrayList<>(List.of(RespValue.bulk("id"), RespValue.bulk(h.key())));
            if (req.withScores()) {
                one.add(RespValue.bulk("score"));
                one.add(new RespValue.DoubleReply(h.score()));
            }
            one.add(RespValue.bulk("extra_attributes"));
            one.add(h.fields() == null ? map(List.of()) : map(flat(h.fields())));
            one.add(RespValue.bulk("values"));
            one.add(RespValue.array(List.of()));
            results.add(map(one));
        }
        return result3(r.total(), results);
    }

    /** RESP3 rows of FT.AGGREGATE: {@code {..., results: [{extra_attributes, values}], total_results}}, with a cursor {@code [map, id]}. */
    static RespValue aggregate3(AggregateResult r, boolean cursor) {
        List<RespValue> results = new ArrayList<>(r.rows().size());
        for (List<Map.Entry<String, byte[]>> row : r.rows()) {
            results.add(map(List.of(RespValue.bulk("extra_attributes"), map(flat(row)),
                    RespValue.bulk("values"), RespValue.array(List.of()))));
        }
        RespValue body = result3(r.total(), results);
        return cursor ? RespValue.array(List.of(body, RespValue.integer(r.cursorId()))) : body;
    }

    private static RespValue result3(long total, List<RespValue> results) {
        return map(List.of(RespValue.bulk("attributes"), RespValue.array(List.of()),
                RespValue.bulk("format"), RespValue.bulk("STRING"),
                RespValue.bulk("results"), RespValue.array(results),
                RespValue.bulk("total_results"), RespValue.integer(total),
                RespValue.bulk("warning"), RespValue.array(List.of())));
    }

    /** A flat {@code [name, value, ...]} array as a RESP3 map (FT.INFO, FT.CHECK over RESP3). */
    static RespValue asMap(RespValue flat) {
        if (flat instanceof RespValue.ArrayReply a) {
            List<RespValue> items = new ArrayList<>(a.items().size());
            for (int i = 0; i < a.items().size(); i++) {
                RespValue v = a.items().get(i);
                items.add(i % 2 == 1 && v instanceof RespValue.ArrayReply inner && isPairs(inner) ? asMap(inner) : v);
            }
            return map(items);
        }
        return flat;
    }

    /** Whether an array reads as name/value pairs (an even number of items, every name a string). */
    private static boolean isPairs(RespValue.ArrayReply a) {
        if (a.items().isEmpty() || a.items().size() % 2 != 0) {
            return false;
        }
        for (int i = 0; i < a.items().size(); i += 2) {
            if (!(a.items().get(i) instanceof RespValue.BulkString)) {
                return false;
            }
        }
        return true;
    }

    private static List<RespValue> flat(List<Map.Entry<String, byte[]>> fields) {
        List<RespValue> out = new ArrayList<>(fields.size() * 2);
        for (Map.Entry<String, byte[]> e : fields) {
            out.add(RespValue.bulk(e.getKey()));
            out.add(e.getValue() == null ? new RespValue.NullReply() : RespValue.bulk(e.getValue()));
        }
        return out;
    }

    private static RespValue map(List<RespValue> flatPairs) {
        List<Map.Entry<RespValue, RespValue>> entries = new ArrayList<>(flatPairs.size() / 2);
        for (int i = 0; i + 1 < flatPairs.size(); i += 2) {
            entries.add(new java.util.AbstractMap.SimpleImmutableEntry<>(flatPairs.get(i), flatPairs.get(i + 1)));
        }
        return new RespValue.MapReply(entries);
    }

    /** {@code [total, key, [field, value, ...], ...]}, with a score after each key under WITHSCORES. */
    static RespValue search(SearchResult r, SearchRequest req) {
        List<RespValue> out = new ArrayList<>(1 + r.hits().size() * 3);
        out.add(RespValue.integer(r.total()));
        for (SearchResult.Hit h : r.hits()) {
            out.add(RespValue.bulk(h.key()));
            if (req.withScores()) {
                out.add(RespValue.bulk(score(h.score())));
            }
            if (h.fields() != null) {
                out.add(pairs(h.fields()));
            }
        }
        return RespValue.array(out);
    }

    /** {@code [total, row, ...]}; with a cursor {@code [[total, row, ...], cursorId]}. */
    static RespValue aggregate(AggregateResult r, boolean cursor) {
        List<RespValue> rows = new ArrayList<>(1 + r.rows().size());
        rows.add(RespValue.integer(r.total()));
        for (List<Map.Entry<String, byte[]>> row : r.rows()) {
            rows.add(pairs(row));
        }
        RespValue body = RespValue.array(rows);
        return cursor ? RespValue.array(List.of(body, RespValue.integer(r.cursorId()))) : body;
    }

    static RespValue list(List<String> names) {
        return RespValue.array(names.stream().map(RespValue::bulk).toList());
    }

    static RespValue info(IndexInfo i) {
        IndexDefinition d = i.definition();
        List<RespValue> def = new ArrayList<>(List.of(
                RespValue.bulk("key_type"), RespValue.bulk(d.source().name()),
                RespValue.bulk("prefixes"), RespValue.array(d.prefixes().stream().map(RespValue::bulk).toList()),
                RespValue.bulk("default_language"), RespValue.bulk(d.language())));
        if (d.languageField() != null) {
            def.add(RespValue.bulk("language_field"));
            def.add(RespValue.bulk(d.languageField()));
        }
        def.add(RespValue.bulk("default_score"));
        def.add(RespValue.bulk("1"));
        List<RespValue> attributes = new ArrayList<>();
        for (FieldSpec f : d.fields()) {
            List<RespValue> a = new ArrayList<>(List.of(
                    RespValue.bulk("identifier"), RespValue.bulk(f.path()),
                    RespValue.bulk("attribute"), RespValue.bulk(f.name()),
                    RespValue.bulk("type"), RespValue.bulk(f.type().name())));
            if (f.type() == FieldType.TEXT) {
                a.add(RespValue.bulk("WEIGHT"));
                a.add(RespValue.bulk(score(f.weight())));
            }
            if (f.type() == FieldType.TAG) {
                a.add(RespValue.bulk("SEPARATOR"));
                a.add(RespValue.bulk(String.valueOf(f.separator())));
                if (f.caseSensitive()) {
                    a.add(RespValue.bulk("CASESENSITIVE"));
                }
            }
            if (f.sortable()) {
                a.add(RespValue.bulk("SORTABLE"));
            }
            attributes.add(RespValue.array(a));
        }
        List<RespValue> out = new ArrayList<>(List.of(
                RespValue.bulk("index_name"), RespValue.bulk(d.name()),
                RespValue.bulk("index_options"), RespValue.array(List.of()),
                RespValue.bulk("index_definition"), RespValue.array(def),
                RespValue.bulk("attributes"), RespValue.array(attributes),
                RespValue.bulk("num_docs"), RespValue.integer(i.numDocs()),
                RespValue.bulk("max_doc_id"), RespValue.integer(i.maxDoc()),
                RespValue.bulk("indexing"), RespValue.integer(i.indexing() ? 1 : 0),
                RespValue.bulk("percent_indexed"), RespValue.bulk(score(i.percentIndexed())),
                RespValue.bulk("hash_indexing_failures"), RespValue.integer(i.indexingFailures()),
                RespValue.bulk("last_indexing_failure"), i.lastIndexingFailure() == null
                        ? RespValue.bulk("") : RespValue.bulk(i.lastIndexingFailure()),
                RespValue.bulk("state"), RespValue.bulk(i.state()),
                RespValue.bulk("backlog"), RespValue.integer(i.backlog()),
                RespValue.bulk("disk_bytes"), RespValue.integer(i.diskBytes()),
                RespValue.bulk("opened"), RespValue.bulk(i.opened()),
                RespValue.bulk("caught_up_batches"), RespValue.integer(i.caughtUpBatches()),
                RespValue.bulk("cursor_stats"), RespValue.array(List.of(
                        RespValue.bulk("index_total"), RespValue.integer(i.cursors())))));
        latency(out, "index_apply", i.applyLatency());
        latency(out, "index_refresh", i.refreshLatency());
        latency(out, "index_merge", i.mergeLatency());
        out.add(RespValue.bulk("index_merge_read_bytes"));
        out.add(RespValue.integer(i.mergeBytesRead()));
        out.add(RespValue.bulk("index_merge_written_bytes"));
        out.add(RespValue.integer(i.mergeBytesWritten()));
        return RespValue.array(out);
    }

    /** Cairn's timings: {@code <name>_count}, {@code _mean_usec}, {@code _p50/95/99/999_usec}, {@code _max_usec}. */
    private static void latency(List<RespValue> out, String name, io.cairn.common.LatencyHistogram h) {
        out.add(RespValue.bulk(name + "_count"));
        out.add(RespValue.integer(h.count()));
        out.add(RespValue.bulk(name + "_mean_usec"));
        out.add(RespValue.integer(Math.round(h.meanMicros())));
        for (double p : new double[] {50, 95, 99, 99.9}) {
            out.add(RespValue.bulk(name + "_p" + (p == 99.9 ? "999" : Integer.toString((int) p)) + "_usec"));
            out.add(RespValue.integer(h.percentileMicros(p)));
        }
        out.add(RespValue.bulk(name + "_max_usec"));
        out.add(RespValue.integer(h.maxMicros()));
    }

    static RespValue check(CheckReport c) {
        return RespValue.array(List.of(
                RespValue.bulk("status"), RespValue.bulk(c.consistent() ? "OK" : "MISMATCH"),
                RespValue.bulk("lsn"), RespValue.integer(c.lsn()),
                RespValue.bulk("documents_in_data"), RespValue.integer(c.inData()),
                RespValue.bulk("documents_in_index"), RespValue.integer(c.inIndex()),
                RespValue.bulk("missing"), RespValue.integer(c.missing()),
                RespValue.bulk("extra"), RespValue.integer(c.extra()),
                RespValue.bulk("stale"), RespValue.integer(c.stale()),
                RespValue.bulk("stable"), RespValue.integer(c.stable() ? 1 : 0),
                RespValue.bulk("examples"), RespValue.array(c.examples().stream().map(RespValue::bulk).toList())));
    }

    private static RespValue pairs(List<Map.Entry<String, byte[]>> fields) {
        List<RespValue> out = new ArrayList<>(fields.size() * 2);
        for (Map.Entry<String, byte[]> e : fields) {
            out.add(RespValue.bulk(e.getKey()));
            out.add(e.getValue() == null ? new RespValue.NullReply() : RespValue.bulk(e.getValue()));
        }
        return RespValue.array(out);
    }

    private static String score(double d) {
        if (d == Math.rint(d) && Math.abs(d) < 1e15) {
            return Long.toString((long) d);
        }
        return Double.toString(d);
    }
}
