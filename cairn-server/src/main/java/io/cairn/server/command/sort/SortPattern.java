package io.cairn.server.command.sort;

import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.Arrays;

/**
 * A BY or GET pattern of SORT, and the value it names for one element, as Redis's
 * {@code lookupKeyByPattern}: {@code #} is the element itself; otherwise the first {@code *} is
 * replaced by the element to make a key, whose string value is the answer, or, when a
 * {@code ->field} follows the {@code *}, that field of the hash at the key. A pattern without
 * {@code *} names nothing, and neither does a key that is absent or of another type. As in Redis,
 * the search for {@code #}, {@code *} and {@code ->} stops at a NUL byte. Immutable.
 *
 * @param text   the pattern as given
 * @param self   whether it is {@code #}
 * @param star   where its {@code *} is, or -1
 * @param arrow  where the {@code ->} of a hash field is, or -1
 */
record SortPattern(byte[] text, boolean self, int star, int arrow) {

    static SortPattern of(byte[] text) {
        int end = 0;
        while (end < text.length && text[end] != 0) {
            end++;
        }
        boolean self = end == 1 && text[0] == '#';
        int star = -1;
        for (int i = 0; i < end && star < 0; i++) {
            if (text[i] == '*') {
                star = i;
            }
        }
        int arrow = -1;
        if (star >= 0) {
            for (int i = star + 1; i + 1 < end && arrow < 0; i++) {
                if (text[i] == '-' && text[i + 1] == '>') {
                    arrow = i;
                }
            }
            if (arrow >= 0 && arrow + 2 >= end) {
                arrow = -1; // "->" with nothing after it is part of the key name
            }
        }
        return new SortPattern(text, self, star, arrow);
    }

    /** Whether the pattern names a key for each element: BY without one does not sort at all. */
    boolean hasStar() {
        return star >= 0;
    }

    /** The value named for {@code element}, or null. */
    byte[] lookup(Txn t, byte[] element) {
        if (self) {
            return element;
        }
        if (star < 0) {
            return null;
        }
        int postfixEnd = arrow >= 0 ? arrow : text.length;
        byte[] key = new byte[star + element.length + postfixEnd - star - 1];
        System.arraycopy(text, 0, key, 0, star);
        System.arraycopy(element, 0, key, star, element.length);
        System.arraycopy(text, star + 1, key, star + element.length, postfixEnd - star - 1);
        ValueType type = t.type(key);
        if (arrow >= 0) {
            return type == ValueType.HASH ? t.hget(key, Arrays.copyOfRange(text, arrow + 2, text.length)) : null;
        }
        return type == ValueType.STRING ? t.get(key) : null;
    }
}
