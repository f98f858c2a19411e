package io.cairn.bench.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * Loads each language's {@link WordList} from the files its {@link WordSource} names, under one
 * root directory ({@code /} on a real machine; a test's temporary directory in tests).
 *
 * <p>Every candidate word is normalised to NFKC (the Korean dictionary stores decomposed jamo, the
 * Dutch one writes the {@code ĳ} ligature, ipadic has half-width kana) and kept only when it is a plain word of its language: letters of the language's scripts (or letters
 * common to every script, such as the Japanese prolonged sound mark), combining marks, and the
 * zero-width non-joiner between letters (Persian writes it inside words); no digits, punctuation or
 * spaces; at most one upper-case letter (no acronyms such as {@code NASA}); at most
 * {@value #MAX_LENGTH} code points. Then the words are sorted and deduped.
 *
 * <p>Immutable and thread-safe; each call reads the files again.
 */
public final class WordLists {
    /** Longer entries are dropped. */
    public static final int MAX_LENGTH = 32;
    private static final int ZWNJ = 0x200C;

    private final Path root;

    public WordLists(Path root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    /** The word lists of this machine, under {@code /}. */
    public static WordLists system() {
        return new WordLists(Path.of("/"));
    }

    public Path root() {
        return root;
    }

    /**
     * @throws MissingWordListException when a file of the language's source is missing, naming it
     *     and the Debian package that installs it, or when no word survives the filter
     * @throws UncheckedIOException when a file cannot be read
     */
    public WordList load(Language language) {
        WordSource source = language.source();
        for (String f : source.files()) {
            if (!Files.isRegularFile(root.resolve(f))) {
                throw missing(language, root.resolve(f) + " not found", null);
            }
        }
        List<String> raw;
        try {
            raw = source.read(root);
        } catch (NoSuchFileException e) {
            throw missing(language, e.getFile() + " not found", e);
        } catch (IOException e) {
            throw new UncheckedIOException("word list of " + language.code() + ": " + e.getMessage(), e);
        }
        TreeSet<String> words = new TreeSet<>();
        for (String w : raw) {
            String n = Normalizer.normalize(w, Normalizer.Form.NFKC);
            if (accept(language, n)) {
                words.add(n);
            }
        }
        if (words.isEmpty()) {
            throw missing(language, "no word of " + language.englishName() + " in " + files(language)
                    + " (" + raw.size() + " entries read, none kept)", null);
        }
        return new WordList(language, new ArrayList<>(words), source.debianPackage() + " " + files(language));
    }

    private String files(Language language) {
        return String.join(", ", language.source().files().stream().map(f -> root.resolve(f).toString()).toList());
    }

    private static MissingWordListException missing(Language language, String what, Throwable cause) {
        String pkg = language.source().debianPackage();
        return new MissingWordListException(language, "no word list for " + language.code() + " ("
                + language.englishName() + "): " + what + "; install the Debian package " + pkg
                + " (apt-get install " + pkg + ", or ./cairn bench peers install)", cause);
    }

    /** True when {@code word} (already NFKC) is a plain word of {@code language}, as the class says. */
    static boolean accept(Language language, String word) {
        if (word.isEmpty() || word.codePointCount(0, word.length()) > MAX_LENGTH) {
            return false;
        }
        int upper = 0;
        boolean inScript = false;
        int previous = -1;
        for (int i = 0; i < word.length(); ) {
            int cp = word.codePointAt(i);
            i += Character.charCount(cp);
            boolean last = i == word.length();
            if (Character.isLetter(cp)) {
                Character.UnicodeScript script = Character.UnicodeScript.of(cp);
                if (language.scripts().contains(script)) {
                    inScript = true;
                } else if (script != Character.UnicodeScript.COMMON) {
                    return false;
                }
                if (Character.isUpperCase(cp) || Character.isTitleCase(cp)) {
                    upper++;
                }
            } else if (isMark(cp)) {
                if (previous < 0) {
                    return false;
                }
            } else if (cp == ZWNJ) {
                if (previous < 0 || last || previous == ZWNJ) {
                    return false;
                }
            } else {
                return false;
            }
            previous = cp;
        }
        return inScript && upper <= 1;
    }

    private static boolean isMark(int cp) {
        int t = Character.getType(cp);
        return t == Character.NON_SPACING_MARK || t == Character.COMBINING_SPACING_MARK
                || t == Character.ENCLOSING_MARK;
    }
}
