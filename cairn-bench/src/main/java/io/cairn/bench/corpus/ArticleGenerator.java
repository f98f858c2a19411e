package io.cairn.bench.corpus;

import java.time.LocalDate;
import java.time.Year;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Makes the articles of a {@link CorpusSpec}. Random access: article {@code i} depends only on the
 * seed, the word lists and {@code i} (each article draws from its own {@link CorpusRandom} stream),
 * so threads may make disjoint ranges and their concatenation equals one thread's output.
 *
 * <p>Immutable and thread-safe.
 */
public final class ArticleGenerator {
    /** The first and last year of an article. */
    public static final int FIRST_YEAR = 1990;
    public static final int LAST_YEAR = 2025;
    private static final long ARTICLE = 16;
    /** Pareto views: scale and shape; 1.16 is the "80/20" shape. */
    private static final double VIEWS_SCALE = 10;
    private static final double VIEWS_SHAPE = 1.16;
    private static final long MAX_VIEWS = 10_000_000_000L;
    /** A full body's size is drawn uniformly from this range of UTF-8 bytes (then ends its sentence). */
    static final int MIN_BODY_BYTES = 1000;
    static final int MAX_BODY_BYTES = 3000;

    /** An article with the clauses of its body, for the queries drawn from it. */
    record Generated(long index, Article article, List<Prose.Clause> bodyClauses) {
    }

    private final CorpusSpec spec;
    private final Map<Language, Prose> prose = new EnumMap<>(Language.class);

    /**
     * @param lexicons one per language of the spec (more are ignored)
     * @throws IllegalArgumentException when a language of the spec has no lexicon
     */
    public ArticleGenerator(CorpusSpec spec, Map<Language, Lexicon> lexicons) {
        this.spec = spec;
        for (Language l : spec.languages()) {
            Lexicon lexicon = lexicons.get(l);
            if (lexicon == null) {
                throw new IllegalArgumentException("lexicons: none for " + l.code() + " (expected one per language of the spec)");
            }
            prose.put(l, new Prose(lexicon));
        }
    }

    public CorpusSpec spec() {
        return spec;
    }

    Prose prose(Language language) {
        return prose.get(language);
    }

    /** Article {@code index} ({@code >= 0}). */
    public Article article(long index) {
        return generate(index, false).article();
    }

    Generated generate(long index, boolean withClauses) {
        if (index < 0) {
            throw new IllegalArgumentException("index: " + index + " (expected: >= 0)");
        }
        Language language = spec.languageOf(index);
        Prose p = prose.get(language);
        Lexicon lexicon = p.lexicon();
        CorpusRandom rnd = CorpusRandom.of(spec.seed(), ARTICLE, index);

        String title = p.title(rnd);
        List<String> categories = categories(lexicon.categories(), rnd);
        int year = rnd.between(FIRST_YEAR, LAST_YEAR);
        String published = LocalDate.ofYearDay(year, rnd.between(1, Year.of(year).length())).toString();
        long views = views(rnd);
        int rating = Math.max(rnd.nextInt(51), rnd.nextInt(51)); // leans high, as ratings do
        String section = lexicon.sections().get(rnd.nextInt(lexicon.sections().size()));
        String author = lexicon.authors().draw(rnd);
        StringBuilder text = new StringBuilder(spec.shape() == Shape.FULL ? 3072 : 256);
        p.sentences(rnd, 1, 2, text, null);
        String summary = text.toString();

        text.setLength(0);
        List<Prose.Clause> clauses = withClauses ? new ArrayList<>() : null;
        if (spec.shape() == Shape.FULL) {
            p.paragraphs(rnd, rnd.between(MIN_BODY_BYTES, MAX_BODY_BYTES), text, clauses);
        } else {
            p.sentence(rnd, Prose.sentenceLength(rnd), text, clauses);
        }
        Article a = new Article("article:" + index, language, title, summary, text.toString(), categories,
                section, author, year, published, views, rating);
        return new Generated(index, a, clauses == null ? List.of() : clauses);
    }

    /** 1 to 4 distinct tags, Zipfian. */
    private static List<String> categories(Vocabulary tags, CorpusRandom rnd) {
        int n = Math.min(rnd.between(1, 4), tags.size());
        List<String> out = new ArrayList<>(n);
        for (int attempt = 0; out.size() < n && attempt < 32; attempt++) {
            String t = tags.draw(rnd);
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    /** Pareto: {@code scale / u^(1/shape)}, u uniform in (0, 1]. */
    private static long views(CorpusRandom rnd) {
        double u = 1 - rnd.nextDouble();
        double v = VIEWS_SCALE / StrictMath.pow(u, 1 / VIEWS_SHAPE);
        return v >= MAX_VIEWS ? MAX_VIEWS : (long) v;
    }
}
