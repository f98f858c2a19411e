package io.cairn.bench.corpus;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One language's vocabularies for a seed, all made from its {@link WordList}: the words of text
 * ({@link #words()}, the whole list in a shuffled Zipfian order), the category tags
 * ({@value #CATEGORIES} lower-cased words, Zipfian), the authors ({@value #AUTHORS} names of two
 * words each, Zipfian) and the sections ({@value #SECTIONS} words, drawn uniformly). Depends only on
 * the word list and the seed, not on which other languages the corpus has.
 *
 * <p>Immutable and thread-safe.
 */
public final class Lexicon {
    /** The Zipf exponent of every vocabulary: rank r is drawn in proportion to 1/(r+1). */
    public static final double EXPONENT = 1.0;
    static final int CATEGORIES = 256;
    static final int AUTHORS = 1000;
    static final int SECTIONS = 12;

    private static final long WORD_ORDER = 1;
    private static final long CATEGORY_PICK = 2;
    private static final long AUTHOR_PICK = 3;
    private static final long SECTION_PICK = 4;

    private final Language language;
    private final Vocabulary words;
    private final Vocabulary categories;
    private final Vocabulary authors;
    private final List<String> sections;

    public Lexicon(WordList list, long seed) {
        this.language = list.language();
        long lang = languageKey(language);
        List<String> sorted = list.words();
        this.words = Vocabulary.shuffled(sorted, EXPONENT, CorpusRandom.of(seed, WORD_ORDER, lang));
        boolean spaced = language.punctuation().spaced();
        int minTagLength = spaced ? 3 : 2;
        this.categories = new Vocabulary(pick(sorted, CATEGORIES, CorpusRandom.of(seed, CATEGORY_PICK, lang),
                w -> w.codePointCount(0, w.length()) >= minTagLength ? w.toLowerCase(Locale.ROOT) : null), EXPONENT);
        CorpusRandom authorRnd = CorpusRandom.of(seed, AUTHOR_PICK, lang);
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int attempt = 0; names.size() < AUTHORS && attempt < AUTHORS * 10; attempt++) {
            String name = capitalized(sorted.get(authorRnd.nextInt(sorted.size())))
                    + language.punctuation().wordSeparator()
                    + capitalized(sorted.get(authorRnd.nextInt(sorted.size())));
            if (seen.add(name)) {
                names.add(name);
            }
        }
        this.authors = new Vocabulary(names, EXPONENT);
        this.sections = pick(sorted, SECTIONS, CorpusRandom.of(seed, SECTION_PICK, lang), Lexicon::capitalized);
    }

    /**
     * Up to {@code n} distinct words drawn uniformly from {@code sorted}, each mapped by
     * {@code form} (null: not this one), in the order drawn.
     */
    private static List<String> pick(List<String> sorted, int n, CorpusRandom rnd,
            UnaryOperator<String> form) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int attempt = 0; out.size() < n && attempt < n * 20; attempt++) {
            String w = form.apply(sorted.get(rnd.nextInt(sorted.size())));
            if (w != null && seen.add(w)) {
                out.add(w);
            }
        }
        if (out.isEmpty()) { // only a tiny list has no word of the form
            out.add(sorted.get(0));
        }
        return out;
    }

    /** A stable number for the language: its code's two letters, so reordering the enum changes nothing. */
    static long languageKey(Language language) {
        String c = language.code();
        return (long) c.charAt(0) << 16 | c.charAt(1);
    }

    /** {@code word} with its first letter in title case (unchanged in scripts without case). */
    static String capitalized(String word) {
        int first = word.codePointAt(0);
        int title = Character.toTitleCase(first);
        return title == first ? word : new StringBuilder(word.length()).appendCodePoint(title)
                .append(word, Character.charCount(first), word.length()).toString();
    }

    public Language language() {
        return language;
    }

    public Vocabulary words() {
        return words;
    }

    public Vocabulary categories() {
        return categories;
    }

    public Vocabulary authors() {
        return authors;
    }

    public List<String> sections() {
        return sections;
    }
}
