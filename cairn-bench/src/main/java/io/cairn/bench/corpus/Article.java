package io.cairn.bench.corpus;

import java.util.List;

/**
 * One generated article with every field of {@link Shape#FULL}; {@link ArticleJson} writes the
 * fields of the spec's shape. Immutable.
 *
 * @param id {@code article:<index>}, the key it loads under
 * @param language its language, written as the {@code lang} code
 * @param title 3 to 8 words
 * @param summary one or two sentences
 * @param body paragraphs separated by a blank line ({@link Shape#FULL}), or one sentence
 * @param categories 1 to 4 distinct tags: lower-case words, no spaces, commas or {@code |}
 * @param section one word of a dozen per language
 * @param author a name of two words
 * @param year 1990 to 2025, the year of {@code published}
 * @param published an ISO date, {@code yyyy-mm-dd}
 * @param views heavy-tailed (Pareto): most articles have tens, a few millions
 * @param ratingTenths the rating 0.0 to 5.0 in tenths (0 to 50)
 */
public record Article(String id, Language language, String title, String summary, String body,
        List<String> categories, String section, String author, int year, String published, long views,
        int ratingTenths) {

    public Article {
        categories = List.copyOf(categories);
    }

    /** The rating, 0.0 to 5.0 with one decimal. */
    public double rating() {
        return ratingTenths / 10.0;
    }
}
