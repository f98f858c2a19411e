package io.cairn.bench.corpus;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A corpus ready to generate: its spec, the word list and {@link Lexicon} of each language, the
 * {@link ArticleGenerator} and queries drawn from it.
 *
 * <pre>{@code
 * Corpus corpus = Corpus.open(new CorpusSpec(List.of(Language.EN, Language.JA), Shape.FULL, 42),
 *         WordLists.system());
 * Article a = corpus.articles().article(7);
 * List<Query> phrases = corpus.queries(QueryKind.PHRASE, 100, 1, 1_000_000);
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 */
public final class Corpus {
    private final CorpusSpec spec;
    private final Map<Language, WordList> wordLists;
    private final Map<Language, Lexicon> lexicons = new EnumMap<>(Language.class);
    private final ArticleGenerator articles;

    private Corpus(CorpusSpec spec, Map<Language, WordList> wordLists) {
        this.spec = spec;
        this.wordLists = new EnumMap<>(Language.class);
        for (Language l : spec.languages()) {
            WordList list = wordLists.get(l);
            if (list == null) {
                throw new IllegalArgumentException("word lists: none for " + l.code() + " (expected one per language of the spec)");
            }
            this.wordLists.put(l, list);
            this.lexicons.put(l, new Lexicon(list, spec.seed()));
        }
        this.articles = new ArticleGenerator(spec, lexicons);
    }

    /**
     * Loads the word list of each language of {@code spec} (in parallel: each is independent) and
     * builds the corpus.
     *
     * @throws MissingWordListException naming the first missing language's package
     */
    public static Corpus open(CorpusSpec spec, WordLists lists) {
        Map<Language, WordList> loaded = new EnumMap<>(Language.class);
        List<WordList> all = spec.languages().parallelStream().map(lists::load).toList();
        for (WordList w : all) {
            loaded.put(w.language(), w);
        }
        return new Corpus(spec, loaded);
    }

    /** A corpus of word lists already loaded (those of other languages are ignored). */
    public static Corpus of(CorpusSpec spec, Map<Language, WordList> wordLists) {
        return new Corpus(spec, wordLists);
    }

    public CorpusSpec spec() {
        return spec;
    }

    public WordList wordList(Language language) {
        return wordLists.get(language);
    }

    public Lexicon lexicon(Language language) {
        return lexicons.get(language);
    }

    public ArticleGenerator articles() {
        return articles;
    }

    /**
     * {@code n} queries of {@code kind}, drawn with {@code seed} from the first {@code articles}
     * articles.
     */
    public List<Query> queries(QueryKind kind, int n, long seed, long articles) {
        return new QueryGenerator(this.articles, articles).queries(kind, n, seed);
    }
}
