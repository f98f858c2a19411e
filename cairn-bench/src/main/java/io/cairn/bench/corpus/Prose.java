package io.cairn.bench.corpus;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes one language's text from its {@link Lexicon}: titles, and sentences of Zipfian words of
 * varying length (4 to 24 words, 14 on average), half of those of 8 words or more with a comma,
 * the first word capitalised where the script has case, ended by the language's full stop;
 * sentences in paragraphs. Words are joined by a space, or by nothing in Chinese and Japanese.
 *
 * <p>Immutable and thread-safe; the randomness is the caller's.
 */
final class Prose {
    /**
     * Words that stand next to each other in the text, as ranks of {@link Lexicon#words()}: a
     * sentence up to its comma, or from the comma to its end. The first word of a sentence
     * ({@code sentenceStart}) is written capitalised; the others exactly as in the word list.
     */
    record Clause(int[] ranks, boolean sentenceStart) {
    }

    private final Lexicon lexicon;
    private final Language.Punctuation punctuation;
    private final int separatorBytes;
    private final int commaBytes;
    private final int fullStopBytes;
    private final int sentenceSeparatorBytes;

    Prose(Lexicon lexicon) {
        this.lexicon = lexicon;
        this.punctuation = lexicon.language().punctuation();
        this.separatorBytes = utf8Length(punctuation.wordSeparator());
        this.commaBytes = utf8Length(punctuation.comma());
        this.fullStopBytes = utf8Length(punctuation.fullStop());
        this.sentenceSeparatorBytes = utf8Length(punctuation.sentenceSeparator());
    }

    private static int utf8Length(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }

    Lexicon lexicon() {
        return lexicon;
    }

    /** 3 to 8 words, the first capitalised, no full stop. */
    String title(CorpusRandom rnd) {
        int n = rnd.between(3, 8);
        StringBuilder sb = new StringBuilder(n * 10);
        Vocabulary words = lexicon.words();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(punctuation.wordSeparator());
            }
            String w = words.draw(rnd);
            sb.append(i == 0 ? Lexicon.capitalized(w) : w);
        }
        return sb.toString();
    }

    /** A sentence length: 4 to 24 words, triangular around 14. */
    static int sentenceLength(CorpusRandom rnd) {
        return 4 + rnd.nextInt(11) + rnd.nextInt(11);
    }

    /**
     * Appends a sentence of {@code n} words to {@code out}, and its clauses to {@code clauses} when
     * that is not null.
     *
     * @return the UTF-8 bytes appended
     */
    int sentence(CorpusRandom rnd, int n, StringBuilder out, List<Clause> clauses) {
        int comma = n >= 8 && rnd.chance(0.5) ? rnd.between(2, n - 3) : -1; // words before the comma
        int[] ranks = new int[n];
        Vocabulary words = lexicon.words();
        int bytes = fullStopBytes;
        for (int i = 0; i < n; i++) {
            ranks[i] = words.drawRank(rnd);
            if (i == comma) {
                out.append(punctuation.comma());
                bytes += commaBytes;
                if (punctuation.spaced()) {
                    out.append(' ');
                    bytes++;
                }
            } else if (i > 0) {
                out.append(punctuation.wordSeparator());
                bytes += separatorBytes;
            }
            String w = words.word(ranks[i]);
            out.append(i == 0 ? Lexicon.capitalized(w) : w);
            bytes += words.utf8Length(ranks[i]); // capitalising keeps the length in these scripts, near enough
        }
        out.append(punctuation.fullStop());
        if (clauses != null) {
            if (comma < 0) {
                clauses.add(new Clause(ranks, true));
            } else {
                clauses.add(new Clause(Arrays.copyOfRange(ranks, 0, comma), true));
                clauses.add(new Clause(Arrays.copyOfRange(ranks, comma, n), false));
            }
        }
        return bytes;
    }

    /** {@code min} to {@code max} sentences of varying length. */
    void sentences(CorpusRandom rnd, int min, int max, StringBuilder out, List<Clause> clauses) {
        int n = rnd.between(min, max);
        for (int s = 0; s < n; s++) {
            if (s > 0) {
                out.append(punctuation.sentenceSeparator());
            }
            sentence(rnd, sentenceLength(rnd), out, clauses);
        }
    }

    /**
     * Paragraphs of 2 to 5 sentences, separated by a blank line, until the text has about
     * {@code targetBytes} of UTF-8: it stops after the first sentence that reaches it. Sizing in
     * bytes rather than words keeps languages of long words (Persian, Russian in two-byte letters)
     * as large as the others.
     */
    void paragraphs(CorpusRandom rnd, int targetBytes, StringBuilder out, List<Clause> clauses) {
        int bytes = 0;
        for (int p = 0; bytes < targetBytes; p++) {
            if (p > 0) {
                out.append("\n\n");
                bytes += 2;
            }
            int n = rnd.between(2, 5);
            for (int s = 0; s < n && bytes < targetBytes; s++) {
                if (s > 0) {
                    out.append(punctuation.sentenceSeparator());
                    bytes += sentenceSeparatorBytes;
                }
                bytes += sentence(rnd, sentenceLength(rnd), out, clauses);
            }
        }
    }

    /** The words of {@code clause} as they stand in the text, joined as the language joins them. */
    String render(Clause clause, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            if (i > from) {
                sb.append(punctuation.wordSeparator());
            }
            String w = lexicon.words().word(clause.ranks()[i]);
            sb.append(i == 0 && clause.sentenceStart() ? Lexicon.capitalized(w) : w);
        }
        return sb.toString();
    }
}
