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

    private static final class Holder {
        static final Map<Language, WordList> ALL = load();

        private static Map<Language, WordList> load() {
            Map<Language, WordList> m = new EnumMap<>(Language.class);
            WordLists lists = WordLists.system();
            for (Language l : Language.values()) {
                m.put(l, lists.load(l));
            }
            return Map.copyOf(m);
        }
    }

    static Map<Language, WordList> all() {
        return Holder.ALL;
    }

    static WordList of(Language language) {
        return all().get(language);
    }

    static Corpus corpus(CorpusSpec spec) {
        return Corpus.of(spec, all());
    }
}
