package io.cairn.storage.engine;

import java.util.ArrayList;
import java.util.List;

/**
 * One page of HSCAN, SSCAN or ZSCAN ({@link Txn#scan}): the cursor to continue with, 0 when the
 * iteration is complete, and the elements visited, each with its value: a hash field's value
 * ({@code byte[]}), a sorted-set member's score ({@code Double}), or null for a set member.
 * Element and value arrays may be the stored ones: never change them.
 */
public record ScanPage(long cursor, List<byte[]> elements, List<Object> values) {
    static final ScanPage EMPTY = new ScanPage(0, List.of(), List.of());

    /** The page of {@code entry} (null: absent, an empty final page), which must be of type {@code expected}. */
    static ScanPage of(Object entry, ValueType expected, long cursor, int count) {
        if (entry == null) {
            return EMPTY;
        }
        if (!(entry instanceof CollectionEntry c) || c.type() != expected) {
            throw new WrongTypeException(expected, EntryKeys.typeOf(entry));
        }
        int expect = Math.min(Math.max(count, 16), c.size());
        List<byte[]> elements = new ArrayList<>(expect);
        List<Object> values = new ArrayList<>(expect);
        long next = c.scan(cursor, Math.max(1, count), (e, v) -> {
            elements.add(e);
            values.add(v);
        });
        return new ScanPage(next, elements, values);
    }
}
