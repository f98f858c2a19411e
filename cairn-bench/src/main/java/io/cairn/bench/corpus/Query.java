package io.cairn.bench.corpus;

import java.util.List;

/**
 * A query drawn from the corpus: the words to look for, not a query string of any engine. Each
 * names the article it was drawn from ({@link #source()}), which a correct search must return.
 */
public sealed interface Query {

    Language language();

    /** The index of the article it was drawn from. */
    long source();

    /**
     * @param word as in the word list (the body may show it capitalised at a sentence's start)
     * @param rare true when it is the rarest word of the article, false when drawn from its text
     */
    record Term(Language language, long source, String word, boolean rare) implements Query {
    }

    /**
     * @param words two words, as in the word list
     * @param text the words as the body has them: joined by a space, or by nothing in Chinese and
     *     Japanese; a substring of the source's body
     */
    record Phrase(Language language, long source, List<String> words, String text) implements Query {
        public Phrase {
            words = List.copyOf(words);
        }
    }

    /**
     * A term in a numeric range: {@code field} (always {@code year}) between {@code min} and
     * {@code max} inclusive, a range that holds the source's value.
     */
    record TermInRange(Language language, long source, String word, String field, int min, int max)
            implements Query {
    }

    /** @param tag one of the source's categories */
    record Tag(Language language, long source, String tag) implements Query {
    }

    /** @param prefix the first letters of {@code word}, a word of the source's body */
    record Prefix(Language language, long source, String prefix, String word) implements Query {
    }
}
