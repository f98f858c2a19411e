package io.cairn.bench.search;

/**
 * A query of the query phase, in terms every system can express: words already chosen from the
 * corpus (so they occur), ranges on {@code year}, tags on {@code categories}.
 */
public sealed interface BenchQuery {
    /** Articles containing {@code word} in title or body, top 10 by relevance. */
    record Term(String word) implements BenchQuery {
    }

    /** Articles containing the words in this order, top 10. */
    record Phrase(String text) implements BenchQuery {
    }

    /** Term, with {@code year} in [min, max]. */
    record TermInRange(String word, int min, int max) implements BenchQuery {
    }

    /** Counts per category among the articles containing {@code word}: the 10 largest. */
    record Facets(String word) implements BenchQuery {
    }

    /** Articles from {@code min} on, ordered by year, 10 from {@code offset}. */
    record DeepPage(int min, int offset) implements BenchQuery {
    }

    default String kind() {
        return switch (this) {
            case Term t -> "term";
            case Phrase p -> "phrase";
            case TermInRange r -> "term+range";
            case Facets f -> "facets";
            case DeepPage d -> "deep-page";
        };
    }
}
