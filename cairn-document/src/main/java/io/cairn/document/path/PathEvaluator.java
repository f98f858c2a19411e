package io.cairn.document.path;

import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a {@link JsonPath} against a document, in the order RedisJSON's JSONPath engine
 * returns matches:
 *
 * <ul>
 *   <li>a segment's selectors apply in the order written, to each current value in turn, so
 *       {@code $['b','a']} gives b's value first and a repeated selector gives a repeated match;
 *   <li>a descendant segment ({@code ..}) applies its selectors to a value, then visits that
 *       value's children in order, recursively: on {@code {"a":{"b":1},"c":2}}, {@code $..*} gives
 *       {@code {"b":1}}, {@code 2}, {@code 1};
 *   <li>a name on a non-object, an index or slice on a non-array, and an index out of range
 *       select nothing; they are not errors.
 * </ul>
 *
 * Stateless and thread-safe; the document must not change during an evaluation.
 */
public final class PathEvaluator {
    private PathEvaluator() {
    }

    /**
     * The most matches one path may have: repeated selectors multiply per segment, and a path of
     * a few hundred bytes could otherwise ask for millions of matches under the store's lock.
     */
    public static final int MAX_MATCHES = 1_000_000;

    /**
     * Every match of {@code path} in {@code root}; the root itself for {@code $}.
     *
     * @throws io.cairn.common.InvalidRequestException past {@link #MAX_MATCHES} matches
     */
    public static List<PathMatch> evaluate(JsonPath path, JsonValue root) {
        List<PathMatch> current = List.of(new PathMatch(root, Location.ROOT));
        for (Segment segment : path.segments()) {
            List<PathMatch> next = new ArrayList<>();
            for (PathMatch match : current) {
                if (segment.descendant()) {
                    descend(match, segment.selectors(), next);
                } else {
                    select(match, segment.selectors(), next);
                }
                if (next.size() > MAX_MATCHES) {
                    throw new io.cairn.common.InvalidRequestException("ERR path matches more than "
                            + MAX_MATCHES + " values");
                }
            }
            if (next.isEmpty()) {
                return List.of();
            }
            current = next;
        }
        return current;
    }

    private static void descend(PathMatch match, List<Selector> selectors, List<PathMatch> out) {
        select(match, selectors, out);
        switch (match.value()) {
            case JsonObject object -> {
                for (Map.Entry<String, JsonValue> member : object.members()) {
                    descend(new PathMatch(member.getValue(),
                            new Location.Member(match.location(), object, member.getKey())), selectors, out);
                }
            }
            case JsonArray array -> {
                for (int i = 0; i < array.size(); i++) {
                    descend(new PathMatch(array.get(i), new Location.Element(match.location(), array, i)),
                            selectors, out);
                }
            }
            default -> {
            }
        }
    }

    private static void select(PathMatch match, List<Selector> selectors, List<PathMatch> out) {
        JsonValue value = match.value();
        for (Selector selector : selectors) {
            switch (selector) {
                case Selector.Name name -> {
                    if (value instanceof JsonObject object) {
                        JsonValue v = object.get(name.key());
                        if (v != null) {
                            out.add(new PathMatch(v, new Location.Member(match.location(), object, name.key())));
                        }
                    }
                }
                case Selector.Index index -> {
                    if (value instanceof JsonArray array) {
                        long i = index.index() < 0 ? index.index() + array.size() : index.index();
                        if (i >= 0 && i < array.size()) {
                            element(match, array, (int) i, out);
                        }
                    }
                }
                case Selector.Wildcard ignored -> {
                    if (value instanceof JsonObject object) {
                        for (Map.Entry<String, JsonValue> member : object.members()) {
                            out.add(new PathMatch(member.getValue(),
                                    new Location.Member(match.location(), object, member.getKey())));
                        }
                    } else if (value instanceof JsonArray array) {
                        for (int i = 0; i < array.size(); i++) {
                            element(match, array, i, out);
                        }
                    }
                }
                case Selector.Slice slice -> {
                    if (value instanceof JsonArray array) {
                        long size = array.size();
                        long from = bound(slice.start(), 0, size);
                        long to = bound(slice.end(), size, size);
                        for (long i = from; i < to; i += slice.step()) {
                            element(match, array, (int) i, out);
                        }
                    }
                }
            }
        }
    }

    /** A slice bound: missing gives {@code absent}, negative counts from the end, then clamped to [0, size]. */
    private static long bound(Long given, long absent, long size) {
        if (given == null) {
            return absent;
        }
        long b = given < 0 ? given + size : given;
        return Math.clamp(b, 0, size);
    }

    private static void element(PathMatch match, JsonArray array, int i, List<PathMatch> out) {
        out.add(new PathMatch(array.get(i), new Location.Element(match.location(), array, i)));
    }
}
