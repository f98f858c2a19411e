package io.cairn.bench.corpus;

import java.util.EnumMap;
import java.util.Map;

/**
 * The word lists of this machine, loaded once for all the tests of this JVM (they take a second or
 * two to read) and immutable. A missing list fails the test that needs it with
 * {@link MissingWordListException}, which names the package: {@code .ci/run} installs them all.
 */
final class InstalledWordLists {
    private InstalledWordLists() {
    }

    /** Loaded on first use; a failure is kept, so every test that needs the lists fails with it. */
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

    /** @throws MissingWordListException naming the package of the first language missing */
    static Map<Language, WordList> all() {
        if (Holder.FAILURE != null) {
            throw Holder.FAILURE;
        }
        return Holder.ALL;
    }

    static WordList of(Language language) {
        return all().get(language);
    }

    static Corpus corpus(CorpusSpec spec) {
        return Corpus.of(spec, all());
    }
}
