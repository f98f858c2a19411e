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
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * {@code ingest-query}: generated articles ingested with the search indexes on, then a query phase
 * mixing searches, facet counts, deep pages, updates and deletes, on Cairn and on the references
 * (PostgreSQL 15, embedded Lucene) with the same articles and queries. See docs/bench.md.
 */
final class IngestQueryScenario extends MeasuredScenario {
    @Option(names = "--references", defaultValue = "postgres,lucene", paramLabel = "LIST",
            description = "reference systems: postgres (PostgreSQL 15 with JSONB and GIN), lucene (embedded, no log,"
                    + " no network); empty for none")
    String references;

    @Option(names = "--articles", defaultValue = "20000", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "articles ingested per shape")
    long articles;

    @Option(names = "--shapes", defaultValue = "small,full", paramLabel = "LIST",
            description = "article shapes: small (title and one sentence), full (12 fields, 1-3 KB)")
    String shapes;

    @Option(names = "--languages", defaultValue = "en", paramLabel = "LIST",
            description = "corpus languages (codes, or all); PostgreSQL analyses the ones it has a configuration for")
    String languages;

    @Option(names = "--ingest-connections", defaultValue = "8", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "connections (threads) loading articles")
    long ingestConnections;

    @Option(names = "--batch", defaultValue = "100", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "articles per batch: one pipeline of JSON.SET, one transaction, one round of adds")
    long batch;

    @Option(names = "--query-clients", defaultValue = "4", paramLabel = "N", converter = Values.WholeNumber.class,
            description = "clients in the query phase")
    long queryClients;

    @Option(names = "--phase-seconds", defaultValue = "60", paramLabel = "SECONDS", converter = Values.Decimal.class,
            description = "longest a query phase runs; it stops early with the operations done so far")
    double phaseSeconds;

    IngestQueryScenario(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    void check() {
        Values.range("--articles", articles, 1, 10_000_000);
        Values.range("--ingest-connections", ingestConnections, 1, 1024);
        Values.range("--batch", batch, 1, 100_000);
        Values.range("--query-clients", queryClients, 1, 1024);
        Values.atLeast("--phase-seconds", phaseSeconds, 1);
        languages();
        references();
        Values.names("--shapes", shapes).forEach(Shape::of);
        if (common.durabilities().size() != 1) {
            throw new IllegalArgumentException("--durability: one durability (the references are run at the same)");
        }
    }

    private List<Language> languages() {
        return languages.strip().equals("all") ? List.of(Language.values())
                : Values.names("--languages", languages).stream().map(Language::ofCode).toList();
    }

    private List<String> references() {
        List<String> list = references.isBlank() ? List.of() : Values.names("--references", references);
        for (String r : list) {
            if (!r.equals("postgres") && !r.equals("lucene")) {
                throw new IllegalArgumentException("--references: " + r + " (expected: postgres, lucene)");
            }
        }
        return list;
    }

    @Override
    void run(BenchRun bench) throws IOException, InterruptedException {
        int articles = (int) this.articles;
        int connections = (int) ingestConnections;
        int batch = (int) this.batch;
        int clients = (int) queryClients;
        double phaseSeconds = this.phaseSeconds;
        int queries = (int) Math.min(bench.operations(), 10_000_000);
        List<Language> languages = languages();
        List<String> references = references();
        Durability d = bench.durabilities().getFirst();
        for (String shapeName : Values.names("--shapes", shapes)) {
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
