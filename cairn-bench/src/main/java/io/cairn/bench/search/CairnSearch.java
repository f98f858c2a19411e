package io.cairn.bench.search;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.ArticleJson;
import io.cairn.bench.corpus.Shape;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.peer.ProcessMemory;
import io.cairn.bench.peer.ProcessPeer;
import io.cairn.bench.driver.Wire;
import io.cairn.bench.report.OpStats;
import io.cairn.resp.RespValue;
import io.cairn.resp.client.RespClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Cairn over RESP: articles as JSON documents under {@code article:}, one FT index over them.
 * Ingest pipelines a batch of JSON.SET per round trip; queries are FT.SEARCH and FT.AGGREGATE
 * returning each hit's key and title. The server's durability is the peer's ({@code fsync} for the
 * published figures), so an ingested batch is on disk when its replies arrive.
 */
final class CairnSearch implements SearchSystem {
    static final String INDEX = "articles";
    private final Peer peer;
    private Shape shape;

    CairnSearch(Peer peer) {
        this.peer = peer;
    }

    @Override
    public String label() {
        return "cairn";
    }

    @Override
    public String version() {
        return peer.version();
    }

    @Override
    public void create(Shape s) throws IOException {
        this.shape = s;
        try (RespClient c = connect()) {
            call(c, "FLUSHALL");
            RespValue list = call(c, "FT._LIST");
            if (list instanceof RespValue.ArrayReply l && !l.items().isEmpty()) {
                call(c, "FT.DROPINDEX", INDEX);
            }
            List<String> args = new ArrayList<>(List.of("FT.CREATE", INDEX, "ON", "JSON", "PREFIX", "1", "article:",
                    "LANGUAGE_FIELD", "$.lang", "SCHEMA",
                    "$.title", "AS", "title", "TEXT", "WEIGHT", "2",
                    "$.body", "AS", "body", "TEXT",
                    "$.year", "AS", "year", "NUMERIC",
                    "$.categories[*]", "AS", "categories", "TAG"));
            if (s == Shape.FULL) {
                args.addAll(List.of("$.summary", "AS", "summary", "TEXT", "$.section", "AS", "section", "TAG",
                        "$.author", "AS", "author", "TAG", "$.views", "AS", "views", "NUMERIC",
                        "$.rating", "AS", "rating", "NUMERIC"));
            }
            call(c, args.toArray(String[]::new));
        }
    }

    private RespClient connect() throws IOException {
        return RespClient.connect(peer.address(), RespClient.Options.DEFAULT
                .withConnectTimeoutMillis(Wire.READ_TIMEOUT_MILLIS).withReadTimeoutMillis(Wire.READ_TIMEOUT_MILLIS));
    }

    /** Sends one command and returns its reply; an error reply is thrown, after the command's start. */
    private static RespValue call(RespClient c, String... args) throws IOException {
        RespValue r = c.call(args);
        if (r instanceof RespValue.ErrorReply e) {
            String command = String.join(" ", args);
            throw new IOException(command.substring(0, Math.min(60, command.length())) + ": " + e.message());
        }
        return r;
    }

    @Override
    public Session session() throws IOException {
        RespClient c = connect();
        return new Session() {
            @Override
            public void insert(List<Article> batch) throws IOException {
                for (Article a : batch) {
                    c.send(List.of("JSON.SET", a.id(), "$", ArticleJson.toJson(a, shape)));
                }
                c.flush();
                for (int i = 0; i < batch.size(); i++) {
                    if (c.read() instanceof RespValue.ErrorReply e) {
                        throw new IOException(e.message());
                    }
                }
            }

            @Override
            public int query(BenchQuery q) throws IOException {
                RespValue r = switch (q) {
                    case BenchQuery.Term t -> call(c, "FT.SEARCH", INDEX, escape(t.word()), "RETURN", "1", "title");
                    case BenchQuery.Phrase p -> call(c, "FT.SEARCH", INDEX, "\"" + p.text().replace("\"", "\\\"") + "\"",
                            "RETURN", "1", "title");
                    case BenchQuery.TermInRange t -> call(c, "FT.SEARCH", INDEX, escape(t.word()) + " @year:["
                            + t.min() + " " + t.max() + "]", "RETURN", "1", "title");
                    case BenchQuery.Facets f -> call(c, "FT.AGGREGATE", INDEX, escape(f.word()), "GROUPBY", "1",
                            "@categories", "REDUCE", "COUNT", "0", "AS", "n", "SORTBY", "2", "@n", "DESC", "MAX", "10");
                    case BenchQuery.DeepPage d -> call(c, "FT.SEARCH", INDEX, "@year:[" + d.min() + " +inf]", "SORTBY",
                            "year", "ASC", "LIMIT", Integer.toString(d.offset()), "10", "RETURN", "1", "title");
                };
                List<RespValue> items = ((RespValue.ArrayReply) r).items();
                return q instanceof BenchQuery.Facets ? items.size() - 1 : (items.size() - 1) / 2;
            }

            @Override
            public void update(Article a) throws IOException {
                call(c, "JSON.SET", a.id(), "$", ArticleJson.toJson(a, shape));
            }

            @Override
            public void delete(String id) throws IOException {
                call(c, "DEL", id);
            }

            @Override
            public void close() {
                c.close();
            }
        };
    }

    /** Backslash-escapes the query syntax's operator characters in a corpus word. */
    static String escape(String word) {
        StringBuilder sb = new StringBuilder(word.length() + 4);
        for (int i = 0; i < word.length(); i++) {
            char ch = word.charAt(i);
            if ("()|@\"{}[]~%*:-\\".indexOf(ch) >= 0) {
                sb.append('\\');
            }
            sb.append(ch);
        }
        return sb.toString();
    }

    @Override
    public void awaitSearchable(long articles) throws IOException {
        try (RespClient c = connect()) {
            // A search waits until the index applied every acknowledged write: one is enough.
            RespValue.ArrayReply r = (RespValue.ArrayReply) call(c, "FT.SEARCH", INDEX, "*", "LIMIT", "0", "0");
            long n = ((RespValue.IntegerReply) r.items().getFirst()).value();
            if (n != articles) {
                throw new IOException("cairn: the index holds " + n + " articles, " + articles + " were written");
            }
        }
    }

    @Override
    public void resetInternalStats() throws IOException {
        try (RespClient c = connect()) {
            call(c, "CONFIG", "RESETSTAT");
        }
    }

    @Override
    public List<OpStats> internalLatencies() throws IOException {
        Map<String, Long> info = new HashMap<>();
        Map<String, Double> disk = new HashMap<>();
        try (RespClient c = connect()) {
            String text = RespValue.textOf(call(c, "INFO", "persistence"));
            for (String line : text.split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(colon + 1).matches("-?\\d+")) {
                    info.put(line.substring(0, colon), Long.parseLong(line.substring(colon + 1)));
                }
            }
            for (String line : RespValue.textOf(call(c, "INFO", "disk")).split("\r\n")) { // a disk database's
                int colon = line.indexOf(':');
                if (colon > 0 && line.substring(colon + 1).matches("-?\\d+(\\.\\d+)?")) {
                    disk.put(line.substring(0, colon), Double.parseDouble(line.substring(colon + 1)));
                }
            }
            List<RespValue> ft = ((RespValue.ArrayReply) call(c, "FT.INFO", INDEX)).items();
            for (int i = 0; i + 1 < ft.size(); i += 2) {
                if (ft.get(i + 1) instanceof RespValue.IntegerReply v) {
                    info.put(RespValue.textOf(ft.get(i)), v.value());
                }
            }
        }
        List<OpStats> out = new ArrayList<>();
        for (String[] n : new String[][] {{"wal_write", "log-write"}, {"wal_fsync", "log-fsync"},
                {"index_apply", "index-apply"}, {"index_refresh", "index-flush"}, {"index_merge", "index-merge"}}) {
            Long count = info.get(n[0] + "_count");
            if (count == null || count == 0) {
                continue;
            }
            out.add(new OpStats(n[1], count, 0, info.get(n[0] + "_mean_usec"), info.get(n[0] + "_p50_usec"),
                    info.get(n[0] + "_p95_usec"), info.get(n[0] + "_p99_usec"), info.get(n[0] + "_p999_usec"),
                    info.get(n[0] + "_max_usec")));
        }
        // The disk engine's, MarkLogic's timings (INFO disk gives count, p50, p99 and max in ms): the
        // stage's saves, RocksDB's flushes (saves made durable) and merges.
        for (String[] n : new String[][] {{"disk_stage_save", "disk_stage_saves", "disk-save"},
                {"disk_flush", "disk_flushes", "disk-flush"}, {"disk_compaction", "disk_compactions", "disk-merge"}}) {
            Double count = disk.get(n[1]);
            if (count == null || count == 0) {
                continue;
            }
            double p50 = disk.get(n[0] + "_p50_ms") * 1000;
            double p99 = disk.get(n[0] + "_p99_ms") * 1000;
            double max = disk.get(n[0] + "_max_ms") * 1000;
            out.add(new OpStats(n[2], count.longValue(), 0, Double.NaN, p50, Double.NaN, p99, Double.NaN, max));
        }
        lastFigures = Map.of("index_merge_read_bytes", String.valueOf(info.getOrDefault("index_merge_read_bytes", 0L)),
                "index_merge_written_bytes", String.valueOf(info.getOrDefault("index_merge_written_bytes", 0L)));
        return out;
    }

    private Map<String, String> lastFigures = Map.of();

    @Override
    public Map<String, String> internalFigures() {
        return lastFigures;
    }

    @Override
    public long diskBytes() throws IOException {
        return peer instanceof ProcessPeer p ? ProcessMemory.du(p.dir()) : -1;
    }

    @Override
    public long memoryBytes() {
        return peer.pid() > 0 ? ProcessMemory.heapAfterGc(peer.pid()) : -1;
    }

    @Override
    public void close() throws IOException {
        peer.close();
    }
}
