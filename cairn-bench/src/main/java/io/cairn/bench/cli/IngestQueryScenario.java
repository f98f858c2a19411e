package io.cairn.bench.cli;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.Corpus;
import io.cairn.bench.corpus.CorpusSpec;
import io.cairn.bench.corpus.Language;
import io.cairn.bench.corpus.Shape;
import io.cairn.bench.corpus.WordLists;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.report.OpStats;
import io.cairn.bench.report.RunResult;
import io.cairn.bench.search.SearchBench;
import io.cairn.bench.search.SearchBench.Phase;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code ingest-query}: generated articles ingested with the search indexes on, then a query phase
 * mixing searches, facet counts, deep pages, updates and deletes, on Cairn and on the references
 * (PostgreSQL 15, embedded Lucene) with the same articles and queries. See docs/bench.md.
 */
final class IngestQueryScenario {
    private IngestQueryScenario() {
    }

    static Options options() {
        Options o = BenchRun.common(Map.of("systems", "cairn", "durability", "fsync", "operations", "2000"));
        o.declare("references", "postgres,lucene", "reference systems: postgres (PostgreSQL 15 with JSONB and GIN),"
                + " lucene (embedded, no log, no network); empty for none");
        o.declare("articles", "20000", "articles ingested per shape");
        o.declare("shapes", "small,full", "article shapes: small (title and one sentence), full (12 fields, 1-3 KB)");
        o.declare("languages", "en", "corpus languages (codes, or all); PostgreSQL analyses the ones it has a configuration for");
        o.declare("ingest-connections", "8", "connections (threads) loading articles");
        o.declare("batch", "100", "articles per batch: one pipeline of JSON.SET, one transaction, one round of adds");
        o.declare("query-clients", "4", "clients in the query phase");
        o.declare("phase-seconds", "60", "longest a query phase runs; it stops early with the operations done so far");
        return o;
    }

    static void run(BenchRun bench) throws IOException, InterruptedException {
        Options o = bench.options();
        int articles = (int) o.number("articles", 1, 10_000_000);
        int connections = (int) o.number("ingest-connections", 1, 1024);
        int batch = (int) o.number("batch", 1, 100_000);
        int clients = (int) o.number("query-clients", 1, 1024);
        double phaseSeconds = o.decimal("phase-seconds", 1);
        int queries = (int) Math.min(bench.operations(), 10_000_000);
        List<Language> languages = o.string("languages").equals("all") ? List.of(Language.values())
                : o.list("languages").stream().map(Language::ofCode).toList();
        List<String> references = o.string("references").isBlank() ? List.of() : o.list("references");
        for (String r : references) {
            if (!r.equals("postgres") && !r.equals("lucene")) {
                throw new IllegalArgumentException("--references: " + r + " (expected: postgres, lucene)");
            }
        }
        if (bench.durabilities().size() != 1) {
            throw new IllegalArgumentException("--durability: one durability (the references are run at the same)");
        }
        Durability d = bench.durabilities().getFirst();
        for (String shapeName : o.list("shapes")) {
            Shape shape = Shape.of(shapeName);
            CorpusSpec spec = new CorpusSpec(languages, shape, bench.seed());
            Corpus corpus = Corpus.open(spec, WordLists.system());
            bench.status("generating " + articles + " " + shape.cliName() + " articles");
            List<Article> all = SearchBench.generate(corpus, articles);
            List<SearchBench.Op> ops = SearchBench.queryMix(corpus, articles, queries, bench.seed());
            String workload = "articles-" + shape.cliName();
            for (Systems system : bench.systems()) {
                try (Peer peer = bench.start(system, d, false)) {
                    measure(bench, SearchBench.cairn(peer), d, shape, workload, all, ops, connections, batch, clients,
                            phaseSeconds);
                }
            }
            for (String r : references) {
                bench.status("starting " + r + " (" + d.label() + ")");
                try (var sys = r.equals("postgres") ? SearchBench.postgres(d) : SearchBench.lucene()) {
                    bench.setting(r + ".version", sys.version());
                    measure(bench, sys, d, shape, workload, all, ops, connections, batch, clients, phaseSeconds);
                }
            }
        }
    }

    private static void measure(BenchRun bench, io.cairn.bench.search.SearchSystem sys, Durability d, Shape shape,
            String workload, List<Article> all, List<SearchBench.Op> ops, int connections, int batch, int clients,
            double phaseSeconds) throws IOException, InterruptedException {
        sys.create(shape);
        long memoryBefore = sys.memoryBytes();
        sys.resetInternalStats();
        Phase ingest = SearchBench.ingest(sys, all, connections, batch);
        List<OpStats> internal = sys.internalLatencies();
        sys.internalFigures().forEach((k, v) -> bench.setting(sys.label() + "." + workload + "." + k, v));
        if (!internal.isEmpty()) {
            List<OpStats> rows = new java.util.ArrayList<>(ingest.stats());
            rows.addAll(internal);
            ingest = new Phase(ingest.seconds(), ingest.operations(), ingest.perSecond(), rows, ingest.errors());
        }
        long disk = sys.diskBytes();
        long memoryAfter = sys.memoryBytes();
        long memory = memoryBefore < 0 || memoryAfter < 0 ? -1 : memoryAfter - memoryBefore;
        record(bench, sys.label(), d, workload, "ingest", connections, ingest);
        bench.setting(sys.label() + "." + workload + ".disk_bytes_per_article",
                disk < 0 ? "unknown" : String.format(Locale.ROOT, "%.0f", (double) disk / all.size()));
        bench.setting(sys.label() + "." + workload + ".memory_bytes_per_article",
                memory < 0 ? "unknown" : String.format(Locale.ROOT, "%.0f", (double) memory / all.size()));
        bench.status(String.format(Locale.ROOT, "%-8s %-14s ingest %,10.0f articles/s   disk %,d B/article   memory %,d B/article",
                sys.label(), workload, ingest.perSecond(), disk / all.size(), memory / all.size()));
        for (OpStats s : internal) {
            bench.status(String.format(Locale.ROOT, "%-8s %-14s %-6s %-11s p50 %,9.0f us   p99 %,9.0f us   (%,d)",
                    sys.label(), workload, "inside", s.operation(), s.p50Micros(), s.p99Micros(), s.count()));
        }
        // First the searches alone from one client (the latency of a search), then the whole mix
        // with writes from several (what a search costs while the index changes).
        Phase search = SearchBench.query(sys, all, SearchBench.searchesOnly(ops), 1, phaseSeconds);
        record(bench, sys.label(), d, workload, "search", 1, search);
        sys.resetInternalStats();
        Phase query = SearchBench.query(sys, all, ops, clients, phaseSeconds);
        List<OpStats> inside = sys.internalLatencies(); // the reopens and merges the writes caused
        sys.internalFigures().forEach((k, v) -> bench.setting(sys.label() + "." + workload + ".mixed." + k, v));
        if (!inside.isEmpty()) {
            List<OpStats> rows = new java.util.ArrayList<>(query.stats());
            rows.addAll(inside);
            query = new Phase(query.seconds(), query.operations(), query.perSecond(), rows, query.errors());
        }
        record(bench, sys.label(), d, workload, "mixed", clients, query);
        for (Phase p : List.of(search, query)) {
            for (OpStats s : p.stats()) {
                bench.status(String.format(Locale.ROOT, "%-8s %-14s %-6s %-11s p50 %,9.0f us   p99 %,9.0f us", sys.label(),
                        workload, p == search ? "alone" : "mixed", s.operation(), s.p50Micros(), s.p99Micros()));
            }
        }
    }

    private static void record(BenchRun bench, String system, Durability d, String workload, String phase,
            int clients, Phase p) {
        bench.record(new RunResult("ingest-query", system, d.label(), workload, phase, "sync", clients, clients, 1,
                p.seconds(), p.operations(), p.perSecond(), p.stats(), List.of(), p.errors(), null));
    }
}
