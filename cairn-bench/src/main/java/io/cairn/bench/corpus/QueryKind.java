package io.cairn.bench.corpus;

import java.util.Locale;

/** The kinds of query {@link QueryGenerator} draws. */
public enum QueryKind {
    /** One word of an article: half the time a word drawn from its text (frequent words come up more), half its rarest word. */
    TERM,
    /** Two words that stand next to each other in an article's body, with nothing but a word separator between them. */
    PHRASE,
    /** A word of an article and a range of {@code year} that holds the article's year. */
    TERM_RANGE,
    /** One of an article's categories. */
    TAG,
    /** The first letters of a word of an article: at least 2 (1 in Chinese and Japanese), never the whole word. */
    PREFIX;

    /** {@code term}, {@code phrase}, {@code term-range}, {@code tag}, {@code prefix}. */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** @throws IllegalArgumentException naming the kinds there are */
    public static QueryKind of(String name) {
        for (QueryKind k : values()) {
            if (k.cliName().equals(name.strip().toLowerCase(Locale.ROOT))) {
                return k;
            }
        }
        throw new IllegalArgumentException("query kind: " + name + " (expected: term, phrase, term-range, tag or prefix)");
    }
}
