package io.cairn.bench.corpus;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;

/**
 * What a corpus is: its languages, its shape and its seed. The same spec (and the same word lists)
 * makes the same articles, byte for byte.
 *
 * @param languages the languages, in {@link Language} declaration order whatever order they were
 *     given in; article {@code i} is in {@code languages.get(i % languages.size())}
 * @param shape which fields the articles have
 * @param seed fixes every random choice
 */
public record CorpusSpec(List<Language> languages, Shape shape, long seed) {

    public CorpusSpec {
        Objects.requireNonNull(shape, "shape");
        if (languages.isEmpty()) {
            throw new IllegalArgumentException("languages: empty (expected: at least one of " + Language.codes() + ")");
        }
        EnumSet<Language> set = EnumSet.noneOf(Language.class);
        for (Language l : languages) {
            if (!set.add(Objects.requireNonNull(l, "language"))) {
                throw new IllegalArgumentException("languages: " + l.code() + " twice (expected: each at most once)");
            }
        }
        languages = List.copyOf(new ArrayList<>(set));
    }

    /** Every language. */
    public static CorpusSpec all(Shape shape, long seed) {
        return new CorpusSpec(List.of(Language.values()), shape, seed);
    }

    /** The language of article {@code index}. */
    public Language languageOf(long index) {
        return languages.get((int) Math.floorMod(index, (long) languages.size()));
    }
}
