package io.cairn.bench.corpus;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * One language's words, sorted by {@link String#compareTo} and without duplicates, so that the
 * list does not depend on the order the files were read in. Immutable.
 *
 * @param language whose words these are
 * @param words the words, sorted and unique
 * @param source what they were read from: the package and the files
 */
public record WordList(Language language, List<String> words, String source) {

    public WordList {
        words = List.copyOf(words);
        for (int i = 1; i < words.size(); i++) {
            if (words.get(i - 1).compareTo(words.get(i)) >= 0) {
                throw new IllegalArgumentException("words: not sorted and unique at " + i + ": "
                        + words.get(i - 1) + " then " + words.get(i));
            }
        }
    }

    public int size() {
        return words.size();
    }

    /**
     * The first 16 hex digits of the SHA-256 of the words, one a line: two machines with the same
     * fingerprints for the languages used make the same corpus from the same seed.
     */
    public String fingerprint() {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String w : words) {
                sha.update(w.getBytes(StandardCharsets.UTF_8));
                sha.update((byte) '\n');
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
