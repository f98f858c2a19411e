package io.cairn.search.query;

import java.util.List;

/**
 * A parsed query. {@code fields} lists the attributes a text node is scoped to
 * ({@code @title|body:...}); empty means every TEXT field of the index.
 */
public sealed interface QueryNode {

    /** A word: exact ({@code hello}), a prefix ({@code hel*}) or fuzzy ({@code %helo%}, distance 1–3). */
    record Term(List<String> fields, String text, boolean prefix, int fuzzy) implements QueryNode {
    }

    /** Words in this order, next to each other: {@code "hello world"}. */
    record Phrase(List<String> fields, String text) implements QueryNode {
    }

    /** {@code @field:[min max]}; an exclusive bound is written {@code (min}. */
    record Range(String field, double min, boolean minInclusive, double max, boolean maxInclusive) implements QueryNode {
    }

    /** {@code @field:{a | b*}}: any of the tags; a tag ending in {@code *} is a prefix. */
    record Tags(String field, List<Tag> tags) implements QueryNode {
    }

    /** One tag of {@link Tags}. */
    record Tag(String value, boolean prefix) {
    }

    /** Every child matches (words separated by spaces). */
    record And(List<QueryNode> children) implements QueryNode {
    }

    /** Any child matches ({@code a | b}). */
    record Or(List<QueryNode> children) implements QueryNode {
    }

    /** The child does not match ({@code -word}). */
    record Not(QueryNode child) implements QueryNode {
    }

    /** The child may match and scores higher when it does ({@code ~word}). */
    record Optional(QueryNode child) implements QueryNode {
    }

    /** Every document ({@code *}). */
    record All() implements QueryNode {
    }
}
