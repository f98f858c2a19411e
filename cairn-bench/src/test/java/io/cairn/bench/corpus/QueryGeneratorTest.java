package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** Every query is drawn from the corpus: what it looks for is in the article it names. */
class QueryGeneratorTest {
    private static final long ARTICLES = 5000;
    private static final int N = 300;

    private final Corpus full = InstalledWordLists.corpus(CorpusSpec.all(Shape.FULL, 21));

    private static boolean occurs(String word, Article a) {
        String body = a.body();
        return body.contains(word) || body.contains(Lexicon.capitalized(word));
    }

    @Test
    void termsOccurInTheirSourceAndMixFrequentAndRareWords() {
        List<Query> qs = full.queries(QueryKind.TERM, N, 1, ARTICLES);
        long rare = 0;
        double rankOfRare = 0;
        double rankOfDrawn = 0;
        for (Query q : qs) {
            Query.Term t = (Query.Term) q;
            Article a = full.articles().article(t.source());
            assertThat(t.source()).isBetween(0L, ARTICLES - 1);
            assertThat(t.language()).isEqualTo(a.language());
            assertThat(occurs(t.word(), a)).as("%s in %s", t.word(), a.id()).isTrue();
            int rank = full.lexicon(t.language()).words().words().indexOf(t.word());
            if (t.rare()) {
                rare++;
                rankOfRare += rank;
            } else {
                rankOfDrawn += rank;
            }
        }
        assertThat(rare).isBetween(N / 4L, 3L * N / 4);
        assertThat(rankOfRare / rare).as("mean rank of the rare terms against the drawn ones")
                .isGreaterThan(10 * rankOfDrawn / (N - rare));
    }

    @Test
    void phrasesAreSubstringsOfTheirSourceBody() {
        for (Query q : full.queries(QueryKind.PHRASE, N, 2, ARTICLES)) {
            Query.Phrase p = (Query.Phrase) q;
            Article a = full.articles().article(p.source());
            assertThat(a.body()).as("body of %s", a.id()).contains(p.text());
            assertThat(p.words()).hasSize(2);
            assertThat(p.text()).isEqualTo(String.join(p.language().punctuation().wordSeparator(), p.words()));
        }
    }

    @Test
    void phrasesComeFromSmallArticlesToo() {
        Corpus small = InstalledWordLists.corpus(CorpusSpec.all(Shape.SMALL, 21));
        for (Query q : small.queries(QueryKind.PHRASE, N, 3, ARTICLES)) {
            Query.Phrase p = (Query.Phrase) q;
            assertThat(small.articles().article(p.source()).body()).contains(p.text());
        }
    }

    @Test
    void rangesHoldTheSourceYear() {
        for (Query q : full.queries(QueryKind.TERM_RANGE, N, 4, ARTICLES)) {
            Query.TermInRange r = (Query.TermInRange) q;
            Article a = full.articles().article(r.source());
            assertThat(r.field()).isEqualTo("year");
            assertThat(a.year()).isBetween(r.min(), r.max());
            assertThat(r.min()).isGreaterThanOrEqualTo(ArticleGenerator.FIRST_YEAR);
            assertThat(r.max()).isLessThanOrEqualTo(ArticleGenerator.LAST_YEAR);
            assertThat(occurs(r.word(), a)).isTrue();
        }
    }

    @Test
    void tagsAreCategoriesOfTheirSource() {
        for (Query q : full.queries(QueryKind.TAG, N, 5, ARTICLES)) {
            Query.Tag t = (Query.Tag) q;
            assertThat(full.articles().article(t.source()).categories()).contains(t.tag());
        }
    }

    @Test
    void prefixesStartAWordOfTheirSource() {
        for (Query q : full.queries(QueryKind.PREFIX, N, 6, ARTICLES)) {
            Query.Prefix p = (Query.Prefix) q;
            Article a = full.articles().article(p.source());
            assertThat(p.word()).startsWith(p.prefix());
            int prefix = p.prefix().codePointCount(0, p.prefix().length());
            assertThat(prefix).isBetween(p.language().punctuation().spaced() ? 2 : 1,
                    p.word().codePointCount(0, p.word().length()) - 1);
            assertThat(occurs(p.word(), a)).isTrue();
        }
    }

    @Test
    void theSameSeedDrawsTheSameQueries() {
        for (QueryKind k : QueryKind.values()) {
            List<Query> a = full.queries(k, 50, 9, ARTICLES);
            Corpus again = InstalledWordLists.corpus(CorpusSpec.all(Shape.FULL, 21));
            assertThat(again.queries(k, 50, 9, ARTICLES)).as("%s", k).isEqualTo(a);
            assertThat(full.queries(k, 50, 10, ARTICLES)).as("%s", k).isNotEqualTo(a);
            assertThat(full.queries(k, 80, 9, ARTICLES).subList(0, 50)).as("%s", k).isEqualTo(a);
        }
    }

    @Test
    void kindsHaveCommandLineNames() {
        for (QueryKind k : QueryKind.values()) {
            assertThat(QueryKind.of(k.cliName().toUpperCase(Locale.ROOT))).isEqualTo(k);
        }
        assertThat(QueryKind.TERM_RANGE.cliName()).isEqualTo("term-range");
        assertThatThrownBy(() -> QueryKind.of("fuzzy"))
                .hasMessage("query kind: fuzzy (expected: term, phrase, term-range, tag or prefix)");
        assertThatThrownBy(() -> new QueryGenerator(full.articles(), 0)).hasMessage("articles: 0 (expected: > 0)");
    }
}
