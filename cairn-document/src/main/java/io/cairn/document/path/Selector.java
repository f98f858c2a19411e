package io.cairn.document.path;

import java.util.Objects;

/** One selector inside a {@link Segment}: what a step picks out of the value it is applied to. */
public sealed interface Selector {

    /** An object member by key ({@code .name}, {@code ['name']}); nothing on other values. */
    record Name(String key) implements Selector {
        public Name {
            Objects.requireNonNull(key, "key");
        }
    }

    /** An array element ({@code [2]}); a negative index counts from the end ({@code [-1]} is the last). */
    record Index(long index) implements Selector {
    }

    /** Every member value of an object or every element of an array ({@code .*}, {@code [*]}). */
    record Wildcard() implements Selector {
    }

    /**
     * Array elements {@code start <= i < end} stepping by {@code step} ({@code [1:3]}, {@code [::2]}),
     * negative bounds counting from the end, missing bounds meaning the whole array.
     *
     * @param start null for the first element
     * @param end null for past the last element
     * @param step at least 1
     */
    record Slice(Long start, Long end, long step) implements Selector {
        public Slice {
            if (step < 1) {
                throw new IllegalArgumentException("step: " + step + " (expected: >= 1)");
            }
        }
    }

    Wildcard WILDCARD = new Wildcard();
}
