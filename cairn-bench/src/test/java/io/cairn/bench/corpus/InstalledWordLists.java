package io.cairn.bench.corpus;

import io.cairn.testkit.DebianPackages;
import java.util.EnumMap;
import java.util.Map;

/**
 * The word lists of this machine, loaded once for all the tests of this JVM (they take a second or
 * two to read) and immutable. When one is missing, every test that needs them is skipped through
 * {@link DebianPackages#skip}, printing the {@link MissingWordListException}'s message, which
 * names the package: {@code .ci/run} and {@code ./cairn bench peers install} install them all.
 */
public final class InstalledWordLists {
    private InstalledWordLists() {
    }

    /** Loaded on first use; a failure is kept, so every test that needs the lists meets it. */
    private static final class Holder {
        static final Map<Language, WordList> ALL;
        static final RuntimeException FAILURE;

        static {
            Map<Language, WordList> all = null;
            RuntimeException failure = null;
            try {
                all = load();
            } catch (RuntimeException e) {
                failure = e;
            }
            ALL = all;
            FAILURE = failure;
        }

        private static Map<Language, WordList> load() {
            Map<Language, WordList> m = new EnumMap<>(Language.class);
            WordLists lists = WordLists.system();
            for (Language l : Language.values()) {
                m.put(l, lists.load(l));
            }
            return Map.copyOf(m);
        }
    }

    /**
     * Every language's list; skips the calling test, naming the package of the first language
     * missing, when one is not installed.
     */
    public static Map<Language, WordList> all() {
        if (Holder.FAILURE instanceof MissingWordListException missing) {
            DebianPackages.skip(missing.getMessage() + "; .ci/run installs it too");
        }
        if (Holder.FAILURE != null) {
            throw Holder.FAILURE;
        }
        return Holder.ALL;
    }

    /** Skips the calling test unless every language's word list is installed. */
    public static void assumeInstalled() {
        all();
    }

    static WordList of(Language language) {
        return all().get(language);
    }

    static Corpus corpus(CorpusSpec spec) {
        return Corpus.of(spec, all());
    }
}
