package io.cairn.bench.corpus;

import java.util.ArrayList;
import java.util.List;

/**
 * Draws queries from the first {@code articles} articles of a corpus: query {@code i} of a kind
 * picks an article with its own {@link CorpusRandom} stream (fixed by the seed, the kind and
 * {@code i}), makes that article again and takes its words, so every query matches at least the
 * article it names, and the same arguments give the same queries.
 *
 * <p>Immutable and thread-safe.
 */
public final class QueryGenerator {
    private static final long QUERIES = 32;
    /** How far below and above the source's year a range reaches, at most. */
    private static final int YEAR_SPREAD = 5;

    private final ArticleGenerator generator;
    private final long articles;

    /**
     * @param articles how many articles the corpus has (queries come from {@code [0, articles)})
     * @throws IllegalArgumentException unless {@code articles > 0}
     */
    public QueryGenerator(ArticleGenerator generator, long articles) {
        if (articles <= 0) {
            throw new IllegalArgumentException("articles: " + articles + " (expected: > 0)");
        }
        this.generator = generator;
        this.articles = articles;
    }

    /** {@code n} queries of {@code kind}. */
    public List<Query> queries(QueryKind kind, int n, long seed) {
        if (n < 0) {
            throw new IllegalArgumentException("n: " + n + " (expected: >= 0)");
        }
        List<Query> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(query(kind, seed, i));
        }
        return out;
    }

    /** Query {@code i} of {@code kind}: the same whichever others are drawn. */
    public Query query(QueryKind kind, long seed, long i) {
        CorpusRandom rnd = CorpusRandom.of(seed, QUERIES + kind.ordinal(), i);
        // An article whose body has no clause of two words (a short small-shape sentence cut by
        // its comma can have none) cannot give a phrase: try the next article.
        for (int attempt = 0; ; attempt++) {
            ArticleGenerator.Generated g = generator.generate(rnd.nextLong(articles), true);
            Query q = from(kind, g, rnd);
            if (q != null) {
                return q;
            }
            if (attempt > 1000) {
                throw new IllegalStateException("no " + kind.cliName() + " query in 1000 articles");
            }
        }
    }

    private Query from(QueryKind kind, ArticleGenerator.Generated g, CorpusRandom rnd) {
        Article a = g.article();
        Prose prose = generator.prose(a.language());
        Vocabulary words = prose.lexicon().words();
        return switch (kind) {
            case TERM -> {
                boolean rare = rnd.chance(0.5);
                yield new Query.Term(a.language(), g.index(), words.word(rare ? rarest(g) : anyRank(g, rnd)), rare);
            }
            case TERM_RANGE -> {
                int min = Math.max(ArticleGenerator.FIRST_YEAR, a.year() - rnd.nextInt(YEAR_SPREAD + 1));
                int max = Math.min(ArticleGenerator.LAST_YEAR, a.year() + rnd.nextInt(YEAR_SPREAD + 1));
                yield new Query.TermInRange(a.language(), g.index(), words.word(anyRank(g, rnd)), "year", min, max);
            }
            case TAG -> new Query.Tag(a.language(), g.index(), a.categories().get(rnd.nextInt(a.categories().size())));
            case PHRASE -> phrase(g, prose, rnd);
            case PREFIX -> prefix(g, words, rnd);
        };
    }

    /** A rank drawn from the body's words: frequent words come up as often as in the text. */
    private static int anyRank(ArticleGenerator.Generated g, CorpusRandom rnd) {
        int total = 0;
        for (Prose.Clause c : g.bodyClauses()) {
            total += c.ranks().length;
        }
        int k = rnd.nextInt(total);
        for (Prose.Clause c : g.bodyClauses()) {
            if (k < c.ranks().length) {
                return c.ranks()[k];
            }
            k -= c.ranks().length;
        }
        throw new IllegalStateException("unreachable");
    }

    private static int rarest(ArticleGenerator.Generated g) {
        int rarest = 0;
        for (Prose.Clause c : g.bodyClauses()) {
            for (int r : c.ranks()) {
                rarest = Math.max(rarest, r);
            }
        }
        return rarest;
    }

    /**
     * Two neighbours of one clause, never the capitalised first word of a sentence, so the words
     * are as in the word list and the text is a substring of the body.
     */
    private static Query phrase(ArticleGenerator.Generated g, Prose prose, CorpusRandom rnd) {
        List<int[]> starts = new ArrayList<>(); // {clause, first word}
        List<Prose.Clause> clauses = g.bodyClauses();
        for (int c = 0; c < clauses.size(); c++) {
            Prose.Clause clause = clauses.get(c);
            for (int i = clause.sentenceStart() ? 1 : 0; i + 1 < clause.ranks().length; i++) {
                starts.add(new int[] {c, i});
            }
        }
        if (starts.isEmpty()) {
            return null;
        }
        int[] s = starts.get(rnd.nextInt(starts.size()));
        Prose.Clause clause = clauses.get(s[0]);
        Vocabulary words = prose.lexicon().words();
        return new Query.Phrase(g.article().language(), g.index(),
                List.of(words.word(clause.ranks()[s[1]]), words.word(clause.ranks()[s[1] + 1])),
                prose.render(clause, s[1], s[1] + 2));
    }

    private static Query prefix(ArticleGenerator.Generated g, Vocabulary words, CorpusRandom rnd) {
        int minPrefix = g.article().language().punctuation().spaced() ? 2 : 1;
        List<Integer> ranks = new ArrayList<>();
        for (Prose.Clause c : g.bodyClauses()) {
            for (int r : c.ranks()) {
                if (words.word(r).codePointCount(0, words.word(r).length()) > minPrefix) {
                    ranks.add(r);
                }
            }
        }
        if (ranks.isEmpty()) {
            return null;
        }
        String word = words.word(ranks.get(rnd.nextInt(ranks.size())));
        int length = word.codePointCount(0, word.length());
        int take = rnd.between(minPrefix, length - 1);
        return new Query.Prefix(g.article().language(), g.index(), word.substring(0, word.offsetByCodePoints(0, take)), word);
    }
}
