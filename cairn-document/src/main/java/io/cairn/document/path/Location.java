package io.cairn.document.path;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;

/**
 * Where a match sits in its document: the root, a member of an object, or an element of an array,
 * with the chain of places above it. This is what lets an operation update a match in place.
 *
 * <p>Two locations are equal when they are the same slot: the same container instance (by
 * identity, not content) and the same key or index. A location stays valid while its container's
 * structure does not change: replacing values keeps it valid, removing array elements before it
 * does not.
 */
public sealed interface Location {

    /** The place above this one, or null for the root. */
    Location parent();

    /** How many steps below the root: 0 for the root, 1 for {@code $.a}. */
    int depth();

    /** The value now in this place (the root's value is the caller's to know: null here). */
    JsonValue read();

    /** The concrete path in bracket notation, e.g. {@code $['a'][0]}. */
    default String concretePath() {
        StringBuilder sb = new StringBuilder();
        appendPath(this, sb);
        return sb.toString();
    }

    private static void appendPath(Location location, StringBuilder sb) {
        switch (location) {
            case Root ignored -> sb.append('$');
            case Member m -> {
                appendPath(m.parent(), sb);
                sb.append('[');
                JsonWriter.writeString(m.key(), sb);
                sb.append(']');
            }
            case Element e -> {
                appendPath(e.parent(), sb);
                sb.append('[').append(e.index()).append(']');
            }
        }
    }

    Location ROOT = new Root();

    /** The whole document. */
    final class Root implements Location {
        private Root() {
        }

        @Override
        public Location parent() {
            return null;
        }

        @Override
        public int depth() {
            return 0;
        }

        @Override
        public JsonValue read() {
            return null;
        }

        @Override
        public String toString() {
            return "$";
        }
    }

    /** The value of {@code key} in {@code object}. */
    record Member(Location parent, JsonObject object, String key) implements Location {
        @Override
        public int depth() {
            return parent.depth() + 1;
        }

        @Override
        public JsonValue read() {
            return object.get(key);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Member m && m.object == object && m.key.equals(key);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(object) * 31 + key.hashCode();
        }

        @Override
        public String toString() {
            return concretePath();
        }
    }

    /** Element {@code index} of {@code array}. */
    record Element(Location parent, JsonArray array, int index) implements Location {
        @Override
        public int depth() {
            return parent.depth() + 1;
        }

        @Override
        public JsonValue read() {
            return array.get(index);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Element e && e.array == array && e.index == index;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(array) * 31 + index;
        }

        @Override
        public String toString() {
            return concretePath();
        }
    }
}
