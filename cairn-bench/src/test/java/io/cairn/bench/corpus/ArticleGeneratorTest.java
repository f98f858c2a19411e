package io.cairn.bench.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.Character.UnicodeScript;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The articles, made from this machine's word lists (all 13 must be installed: .ci/run does it). */
class ArticleGeneratorTest {
    private static final int LANGUAGES = Language.values().length;

    private static ArticleGenerator generator(Shape shape, long seed) {
        return InstalledWordLists.corpus(CorpusSpec.all(shape, seed)).articles();
    }

    private static byte[] jsonl(ArticleGenerator g, long count, int threads) throws IOException, InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new CorpusWriter(g, threads).write(0, count, out, (a, b) -> { });
        return out.toByteArray();
    }

    @Test
    void theSameSeedWritesTheSameBytes() throws Exception {
        byte[] first = jsonl(generator(Shape.FULL, 7), 600, 1);
        byte[] second = jsonl(generator(Shape.FULL, 7), 600, 1);
        assertThat(second).isEqualTo(first);
        assertThat(jsonl(generator(Shape.FULL, 8), 600, 1)).isNotEqualTo(first);
        assertThat(jsonl(generator(Shape.SMALL, 7), 600, 1)).isNotEqualTo(first);
    }

    @Test
    void theBytesDoNotDependOnTheThreadCount() throws Exception {
        ArticleGenerator g = generator(Shape.FULL, 3);
        long count = 3 * CorpusWriter.BATCH + 17; // a last batch that is not full
        byte[] one = jsonl(g, count, 1);
        assertThat(jsonl(g, count, 2)).isEqualTo(one);
        assertThat(jsonl(g, count, 5)).isEqualTo(one);
        assertThat(new String(one, StandardCharsets.UTF_8).lines().count()).isEqualTo(count);
    }

    @Test
    void articleIDependsOnlyOnTheSeedAndI() throws Exception {
        ArticleGenerator g = generator(Shape.FULL, 11);
        List<Article> sequential = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sequential.add(g.article(i));
        }
        ArticleGenerator fresh = generator(Shape.FULL, 11);
        for (int i = 199; i >= 0; i -= 7) {
            assertThat(fresh.article(i)).isEqualTo(sequential.get(i));
        }
        // A range written from the middle is the tail of the whole.
        ByteArrayOutputStream tail = new ByteArrayOutputStream();
        new CorpusWriter(g, 2).write(150, 50, tail, (a, b) -> { });
        String whole = new String(jsonl(g, 200, 1), StandardCharsets.UTF_8);
        assertThat(whole).endsWith(tail.toString(StandardCharsets.UTF_8));
        assertThat(g.article(1L << 40).id()).isEqualTo("article:" + (1L << 40));
    }

    @Test
    void theLanguagesTakeTurns() {
        ArticleGenerator g = generator(Shape.SMALL, 1);
        for (int i = 0; i < 2 * LANGUAGES; i++) {
            assertThat(g.article(i).language()).isEqualTo(Language.values()[i % LANGUAGES]);
        }
        ArticleGenerator two = InstalledWordLists.corpus(new CorpusSpec(List.of(Language.JA, Language.EN),
                Shape.SMALL, 1)).articles();
        assertThat(two.article(0).language()).isEqualTo(Language.EN);
        assertThat(two.article(1).language()).isEqualTo(Language.JA);
    }

    /** A language's vocabulary depends on the seed and its word list, not on the other languages. */
    @Test
    void aLexiconDoesNotDependOnTheOtherLanguages() {
        Corpus alone = InstalledWordLists.corpus(new CorpusSpec(List.of(Language.DE), Shape.FULL, 5));
        Corpus all = InstalledWordLists.corpus(CorpusSpec.all(Shape.FULL, 5));
        assertThat(alone.lexicon(Language.DE).words().words()).isEqualTo(all.lexicon(Language.DE).words().words());
        assertThat(alone.lexicon(Language.DE).categories().words()).isEqualTo(all.lexicon(Language.DE).categories().words());
    }

    @Test
    void frequentWordsAreShuffledBySeedNotAlphabetical() {
        WordList en = InstalledWordLists.of(Language.EN);
        List<String> top = new Lexicon(en, 1).words().words().subList(0, 10);
        assertThat(top).isNotEqualTo(top.stream().sorted().toList());
        assertThat(new Lexicon(en, 2).words().word(0)).isNotEqualTo(top.getFirst());
        assertThat(top).doesNotContain(en.words().getFirst());
    }

    @Test
    void everyLanguageWritesTextInItsScript() {
        ArticleGenerator g = generator(Shape.FULL, 1);
        Map<Language, UnicodeScript> script = Map.ofEntries(Map.entry(Language.AR, UnicodeScript.ARABIC),
                Map.entry(Language.FA, UnicodeScript.ARABIC), Map.entry(Language.KO, UnicodeScript.HANGUL),
                Map.entry(Language.ZH, UnicodeScript.HAN), Map.entry(Language.RU, UnicodeScript.CYRILLIC));
        for (int i = 0; i < 5 * LANGUAGES; i++) {
            Article a = g.article(i);
            Language l = a.language();
            assertThat(a.title()).as("title of %s", a.id()).isNotBlank();
            assertThat(a.body()).as("body of %s", a.id()).isNotBlank();
            double share = switch (l) {
                case JA -> share(a.body(), Set.of(UnicodeScript.HAN, UnicodeScript.HIRAGANA, UnicodeScript.KATAKANA));
                case EN, NL, FR, DE, IT, PT, ES -> share(a.body(), Set.of(UnicodeScript.LATIN));
                default -> share(a.body(), Set.of(script.get(l)));
            };
            assertThat(share).as("share of %s letters in the body of %s", l, a.id()).isGreaterThan(0.95);
            if (l == Language.ZH || l == Language.JA) {
                assertThat(a.body()).as("body of %s", a.id()).doesNotContain(" ").contains("\u3002");
                assertThat(a.title()).doesNotContain(" ");
            } else {
                assertThat(a.body()).as("body of %s", a.id()).contains(" ");
            }
        }
    }

    /** The share of letters (not punctuation or spaces) that are of {@code scripts}. */
    private static double share(String text, Set<UnicodeScript> scripts) {
        long letters = text.codePoints().filter(Character::isLetter).count();
        long in = text.codePoints().filter(Character::isLetter)
                .filter(c -> scripts.contains(UnicodeScript.of(c))).count();
        return letters == 0 ? 0 : in / (double) letters;
    }

    @Test
    void fieldsAreInTheirRanges() {
        ArticleGenerator g = generator(Shape.FULL, 2);
        for (int i = 0; i < 40 * LANGUAGES; i++) {
            Article a = g.article(i);
            assertThat(a.id()).isEqualTo("article:" + i);
            assertThat(a.year()).isBetween(1990, 2025);
            assertThat(LocalDate.parse(a.published()).getYear()).isEqualTo(a.year());
            assertThat(a.views()).isGreaterThanOrEqualTo(10);
            assertThat(a.ratingTenths()).isBetween(0, 50);
            assertThat(a.categories()).hasSizeBetween(1, 4).doesNotHaveDuplicates()
                    .allSatisfy(t -> assertThat(t).isNotBlank().doesNotContain(",", "|", " ", "\t", "\n"));
            assertThat(a.section()).isNotBlank();
            assertThat(a.author()).isNotBlank();
            assertThat(a.summary()).isNotBlank();
            if (a.language().punctuation().spaced()) {
                assertThat(a.title().split(" ")).hasSizeBetween(3, 8);
            }
        }
    }

    @Test
    void viewsAreHeavyTailed() {
        ArticleGenerator g = generator(Shape.SMALL, 4);
        List<Long> views = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            views.add(g.article(i).views());
        }
        List<Long> sorted = views.stream().sorted().toList();
        long median = sorted.get(sorted.size() / 2);
        long max = sorted.getLast();
        assertThat(median).isBetween(15L, 30L);
        assertThat(max).isGreaterThan(1000 * median);
    }

    /** Wikipedia stubs: 1-3 KB of body, in paragraphs, in every language (long words or not). */
    @Test
    void fullBodiesAreTheSizeOfAStub() {
        ArticleGenerator g = generator(Shape.FULL, 6);
        long[] bytes = new long[LANGUAGES];
        int per = 100;
        int paragraphed = 0;
        for (int i = 0; i < per * LANGUAGES; i++) {
            Article a = g.article(i);
            int size = a.body().getBytes(StandardCharsets.UTF_8).length;
            assertThat(size).as("body bytes of %s (%s)", a.id(), a.language()).isBetween(1000, 4500);
            bytes[a.language().ordinal()] += size;
            paragraphed += a.body().contains("\n\n") ? 1 : 0;
        }
        for (Language l : Language.values()) {
            assertThat(bytes[l.ordinal()] / per).as("mean body bytes of %s", l).isBetween(1700L, 2500L);
        }
        assertThat(paragraphed).as("bodies of more than one paragraph").isGreaterThan(per * LANGUAGES * 9 / 10);
    }

    @Test
    void smallArticlesHaveOneSentenceAndShareTheRestWithFullOnes() {
        ArticleGenerator small = generator(Shape.SMALL, 9);
        ArticleGenerator full = generator(Shape.FULL, 9);
        for (int i = 0; i < 3 * LANGUAGES; i++) {
            Article s = small.article(i);
            Article f = full.article(i);
            String stop = s.language().punctuation().fullStop();
            assertThat(s.body()).endsWith(stop);
            assertThat(s.body().indexOf(stop)).isEqualTo(s.body().length() - stop.length());
            assertThat(s.title()).isEqualTo(f.title());
            assertThat(s.categories()).isEqualTo(f.categories());
            assertThat(s.year()).isEqualTo(f.year());
        }
    }

    /** Word frequencies in the generated text follow the lexicon's Zipf law. */
    @Test
    void theMostFrequentWordHasItsZipfianShareOfTheText() {
        Corpus c = InstalledWordLists.corpus(new CorpusSpec(List.of(Language.EN), Shape.FULL, 12));
        ZipfSampler zipf = c.lexicon(Language.EN).words().zipf();
        long[] counts = new long[zipf.size()];
        long total = 0;
        for (int i = 0; i < 3000; i++) {
            for (Prose.Clause clause : c.articles().generate(i, true).bodyClauses()) {
                for (int r : clause.ranks()) {
                    counts[r]++;
                    total++;
                }
            }
        }
        double p = zipf.probability(0);
        double sigma = Math.sqrt(p * (1 - p) / total);
        assertThat(counts[0] / (double) total).isCloseTo(p, within(5 * sigma));
        assertThat(counts[1] / (double) total).isCloseTo(zipf.probability(1), within(5 * sigma));
        assertThat(counts[9] / (double) counts[0]).isCloseTo(0.1, within(0.02));
    }

    @Test
    void aSpecNeedsALexiconForEachLanguage() {
        assertThatThrownBy(() -> new ArticleGenerator(new CorpusSpec(List.of(Language.EN), Shape.FULL, 1), Map.of()))
                .hasMessage("lexicons: none for en (expected one per language of the spec)");
        assertThatThrownBy(() -> new CorpusSpec(List.of(), Shape.FULL, 1))
                .hasMessageStartingWith("languages: empty");
        assertThatThrownBy(() -> new CorpusSpec(List.of(Language.EN, Language.EN), Shape.FULL, 1))
                .hasMessage("languages: en twice (expected: each at most once)");
        ArticleGenerator g = generator(Shape.FULL, 1); // outside the lambda: it skips when the word lists are missing
        assertThatThrownBy(() -> g.article(-1)).hasMessage("index: -1 (expected: >= 0)");
    }
}
