package io.cairn.bench.search;

import io.cairn.bench.corpus.Article;
import io.cairn.bench.corpus.ArticleGenerator;
import io.cairn.bench.corpus.Corpus;
import io.cairn.bench.corpus.Query;
import io.cairn.bench.corpus.QueryKind;
import io.cairn.bench.peer.Durability;
import io.cairn.bench.peer.Peer;
import io.cairn.bench.report.OpStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.Histogram;

/**
 * The two phases of {@code ingest-query}, the same for every {@link SearchSystem}: ingest (batches
 * from several threads, then wait until everything is searchable) and a query mix (searches, facet
 * counts, deep pages, updates, deletes) from several clients. Latencies are recorded per operation
 * in HdrHistogram recorders. Stateless.
 */
public final class SearchBench {
    private SearchBench() {
    }

    /** One operation of the query phase. */
    public sealed interface Op {
    }

    /** A search of some kind. */
    public record Search(BenchQuery query) implements Op {
    }

    /** Rewrites article {@code index} (same content: an overwrite that every index must process). */
    public record Update(int index) implements Op {
    }

    public record Delete(int index) implements Op {
    }

    /** What a phase measured. */
    public record Phase(double seconds, long operations, double perSecond, List<OpStats> stats,
            Map<String, Long> errors) {
    }

    public static SearchSystem cairn(Peer peer) {
        return new CairnSearch(peer);
    }

    public static SearchSystem postgres(Durability d) throws IOException {
        return PostgresSearch.start(d);
    }

    /** Whether PostgreSQL 15's server program is installed where Debian puts it. */
    public static boolean postgresInstalled() {
        return PostgresSearch.binaries() != null;
    }

    public static SearchSystem lucene() throws IOException {
        return new EmbeddedLucene();
    }

    /** Articles 0..n-1, generated on every core (outside any timed phase). */
    public static List<Article> generate(Corpus corpus, int n) {
        ArticleGenerator g = corpus.articles();
        return IntStream.range(0, n).parallel().mapToObj(g::article).toList();
    }

    /**
     * The query phase's operations, drawn with {@code seed}: 30 % term, 15 % phrase, 15 % term in a
     * year range, 10 % facet counts, 10 % deep pages, 15 % updates, 5 % deletes (of articles in the
     * last tenth, so most searches still find their source).
     */
    public static List<Op> queryMix(Corpus corpus, int articles, int n, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<Query> terms = corpus.queries(QueryKind.TERM, Math.max(1, n * 40 / 100), seed, articles);
        List<Query> phrases = corpus.queries(QueryKind.PHRASE, Math.max(1, n * 15 / 100), seed + 1, articles);
        List<Query> ranges = corpus.queries(QueryKind.TERM_RANGE, Math.max(1, n * 15 / 100), seed + 2, articles);
        List<Op> ops = new ArrayList<>(n);
        int t = 0;
        int p = 0;
        int r = 0;
        for (int i = 0; i < n; i++) {
            int roll = rnd.nextInt(100);
            Op op;
            if (roll < 30) {
                op = new Search(new BenchQuery.Term(((Query.Term) terms.get(t++ % terms.size())).word()));
            } else if (roll < 45) {
                op = new Search(new BenchQuery.Phrase(((Query.Phrase) phrases.get(p++ % phrases.size())).text()));
            } else if (roll < 60) {
                Query.TermInRange q = (Query.TermInRange) ranges.get(r++ % ranges.size());
                op = new Search(new BenchQuery.TermInRange(q.word(), q.min(), q.max()));
            } else if (roll < 70) {
                op = new Search(new BenchQuery.Facets(((Query.Term) terms.get(t++ % terms.size())).word()));
            } else if (roll < 80) {
                int offset = Math.max(0, Math.min(articles / 4, 1_000 + rnd.nextInt(4_000)));
                op = new Search(new BenchQuery.DeepPage(ArticleGenerator.FIRST_YEAR + rnd.nextInt(5), offset));
            } else if (roll < 95) {
                op = new Update(rnd.nextInt(articles));
            } else {
                op = new Delete(articles - 1 - rnd.nextInt(Math.max(1, articles / 10)));
            }
            ops.add(op);
        }
        return ops;
    }

    /** The searches of {@code ops} only (no writes): for the latency of a search on a quiet index. */
    public static List<Op> searchesOnly(List<Op> ops) {
        return ops.stream().filter(o -> o instanceof Search).toList();
    }

    /**
     * Ingests {@code all} in batches of {@code batch} from {@code connections} threads, then waits
     * until the system can find every article; the time includes that wait.
     */
    public static Phase ingest(SearchSystem sys, List<Article> all, int connections, int batch)
            throws IOException, InterruptedException {
        Recorder latency = new Recorder(3);
        AtomicInteger next = new AtomicInteger();
        Map<String, Long> errors = new ConcurrentHashMap<>();
        int batches = (all.size() + batch - 1) / batch;
        long start = System.nanoTime();
        List<Thread> threads = new ArrayList<>();
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        for (int c = 0; c < connections; c++) {
            threads.add(Thread.ofPlatform().name("ingest-" + c).start(() -> {
                try (SearchSystem.Session s = sys.session()) {
                    for (int b = next.getAndIncrement(); b < batches; b = next.getAndIncrement()) {
                        List<Article> part = all.subList(b * batch, Math.min(all.size(), (b + 1) * batch));
                        long t0 = System.nanoTime();
                        s.insert(part);
                        latency.recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        if (!failures.isEmpty()) {
            throw new IOException(sys.label() + " ingest failed: " + failures.getFirst(), failures.getFirst());
        }
        sys.awaitSearchable(all.size());
        double seconds = (System.nanoTime() - start) / 1e9;
        Histogram h = latency.getIntervalHistogram();
        return new Phase(seconds, all.size(), all.size() / seconds, List.of(stats("insert-batch", h, 0)), errors);
    }

    /**
     * Runs the operations from {@code clients} threads, each taking the next one, until they are
     * done or {@code maxSeconds} passed (then the operations done so far are the result).
     */
    public static Phase query(SearchSystem sys, List<Article> all, List<Op> ops, int clients, double maxSeconds)
            throws InterruptedException, IOException {
        long deadline = System.nanoTime() + (long) (maxSeconds * 1e9);
        AtomicInteger done = new AtomicInteger();
        Map<String, Recorder> recorders = new ConcurrentHashMap<>();
        Map<String, AtomicLong> errorCounts = new ConcurrentHashMap<>();
        Map<String, Long> samples = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            threads.add(Thread.ofPlatform().name("query-" + c).start(() -> {
                try (SearchSystem.Session s = sys.session()) {
                    for (int i = next.getAndIncrement(); i < ops.size() && System.nanoTime() - deadline < 0;
                            i = next.getAndIncrement()) {
                        Op op = ops.get(i);
                        String kind = switch (op) {
                            case Search q -> q.query().kind();
                            case Update u -> "update";
                            case Delete d -> "delete";
                        };
                        long t0 = System.nanoTime();
                        try {
                            switch (op) {
                                case Search q -> s.query(q.query());
                                case Update u -> s.update(all.get(u.index()));
                                case Delete d -> s.delete(all.get(d.index()).id());
                            }
                        } catch (IOException | RuntimeException e) {
                            errorCounts.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
                            if (samples.size() < 20) {
                                samples.merge(kind + ": " + e.getMessage(), 1L, Long::sum);
                            }
                        }
                        recorders.computeIfAbsent(kind, k -> new Recorder(3))
                                .recordValue(Math.max(1, (System.nanoTime() - t0) / 1000));
                        done.incrementAndGet();
                    }
                } catch (IOException e) {
                    samples.merge("session: " + e.getMessage(), 1L, Long::sum);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, OpStats> byKind = new LinkedHashMap<>();
        for (String kind : List.of("term", "phrase", "term+range", "facets", "deep-page", "update", "delete")) {
            Recorder r = recorders.get(kind);
            if (r != null) {
                AtomicLong e = errorCounts.get(kind);
                byKind.put(kind, stats(kind, r.getIntervalHistogram(), e == null ? 0 : e.get()));
            }
        }
        return new Phase(seconds, done.get(), done.get() / seconds, List.copyOf(byKind.values()), Map.copyOf(samples));
    }

    private static OpStats stats(String op, Histogram h, long errors) {
        return new OpStats(op, h.getTotalCount(), errors, h.getMean(), h.getValueAtPercentile(50),
                h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
    }
}
