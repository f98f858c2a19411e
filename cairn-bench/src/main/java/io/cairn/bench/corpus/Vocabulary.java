package io.cairn.bench.corpus;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Words in the order of their popularity, drawn with Zipfian frequencies: {@link #word(int)} of
 * rank 0 is the most frequent. Immutable and thread-safe.
 */
public final class Vocabulary {
    private final String[] words;
    /** The UTF-8 length of each word, for text made to a size in bytes. */
    private final int[] utf8Lengths;
    private final ZipfSampler zipf;

    Vocabulary(List<String> byRank, double exponent) {
        if (byRank.isEmpty()) {
            throw new IllegalArgumentException("words: empty (expected: at least one)");
        }
        this.words = byRank.toArray(String[]::new);
        this.utf8Lengths = new int[words.length];
        for (int r = 0; r < words.length; r++) {
            utf8Lengths[r] = words[r].getBytes(StandardCharsets.UTF_8).length;
        }
        this.zipf = new ZipfSampler(words.length, exponent);
    }

    /**
     * {@code sorted} in an order fixed by {@code rnd} (Fisher-Yates): which words are frequent
     * depends on the seed, not on the alphabet.
     */
    static Vocabulary shuffled(List<String> sorted, double exponent, CorpusRandom rnd) {
        String[] a = sorted.toArray(String[]::new);
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            String t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return new Vocabulary(List.of(a), exponent);
    }

    public int size() {
        return words.length;
    }

    /** The word of {@code rank}: 0 is the most frequent. */
    public String word(int rank) {
        return words[rank];
    }

    /** Every word, most frequent first. */
    public List<String> words() {
        return List.of(words);
    }

    /** The length of {@link #word(int)} in UTF-8. */
    int utf8Length(int rank) {
        return utf8Lengths[rank];
    }

    public ZipfSampler zipf() {
        return zipf;
    }

    int drawRank(CorpusRandom rnd) {
        return zipf.draw(rnd);
    }

    String draw(CorpusRandom rnd) {
        return words[zipf.draw(rnd)];
    }
}
