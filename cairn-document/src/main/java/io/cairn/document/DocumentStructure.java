package io.cairn.document;

import io.cairn.document.WriteResult.Effect;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.Location;
import io.cairn.document.path.PathMatch;
import io.cairn.document.path.Selector;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/** The commands that add, replace and remove values: {@code JSON.SET} and {@code JSON.DEL}. Stateless. */
final class DocumentStructure {
    private DocumentStructure() {
    }

    /**
     * {@code JSON.SET}, with RedisJSON's rules (auto-creation of deeper paths off, as by default):
     *
     * <ul>
     *   <li>A missing key can only be created at the root ({@code $} or {@code .}); any other path
     *       fails with {@code ERR new objects must be created at the root}. {@code XX} on a missing
     *       key answers nil.
     *   <li>At the root of an existing key the whole value is replaced, unless {@code NX} (nil).
     *   <li>Otherwise, unless {@code NX}, every match is replaced and the answer is OK. A match
     *       nested in another match is replaced inside the value being thrown away, so only the
     *       outer replacement is seen. (RedisJSON re-resolves each match's path after the previous
     *       replacement, so it can write into the new value; the outcome differs only when a path
     *       matches both a value and something inside it.)
     *   <li>With no match (or with {@code NX}), a new member may be added: only a static path (only
     *       names and indexes; else {@code ERR wrong static path}) whose last step is a name, whose
     *       parent exists and is an object without that key. Deeper paths are not created. A last
     *       step that is an index never creates: {@code ERR array index out of range} when it does
     *       not exist, nil when it does (NX). Nothing added answers nil.
     * </ul>
     *
     * Every place written gets its own copy of {@code value}. A write that would nest the
     * document deeper than the limit fails with {@code ERR recursion limit exceeded}.
     */
    static WriteResult set(Document doc, JsonPath path, JsonValue value, SetCondition condition) {
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(condition, "condition");
        if (!doc.exists()) {
            if (condition == SetCondition.IF_PRESENT) {
                return WriteResult.unchanged(JsonReply.NIL);
            }
            if (!path.isRoot()) {
                throw DocumentErrors.newObjectsAtRoot();
            }
            doc.checkDepth(0, value.depth());
            doc.replaceRoot(value);
            return WriteResult.changed(JsonReply.OK);
        }
        if (path.isRoot()) {
            if (condition == SetCondition.IF_ABSENT) {
                return WriteResult.unchanged(JsonReply.NIL);
            }
            doc.checkDepth(0, value.depth());
            doc.replaceRoot(value);
            return WriteResult.changed(JsonReply.OK);
        }
        if (condition != SetCondition.IF_ABSENT) {
            List<PathMatch> matches = doc.evaluate(path);
            if (!matches.isEmpty()) {
                int valueDepth = value.depth();
                for (PathMatch m : matches) {
                    doc.checkDepth(m.location().depth(), valueDepth);
                }
                checkCopiesFit(doc, value, matches.size());
                boolean first = true;
                for (PathMatch m : matches) {
                    doc.put(m.location(), first ? value : value.deepCopy());
                    first = false;
                }
                return WriteResult.changed(JsonReply.OK);
            }
            if (condition == SetCondition.IF_PRESENT) {
                return WriteResult.unchanged(JsonReply.NIL);
            }
        }
        return addMember(doc, path, value);
    }

    /**
     * Refuses, before copying anything, a value written at so many matches that the copies alone
     * would pass the document size limit (each match gets its own copy).
     */
    private static void checkCopiesFit(Document doc, JsonValue value, int copies) {
        if (copies <= 1) {
            return;
        }
        long max = Math.min(doc.limits().maxBytes(), Integer.MAX_VALUE - 8);
        long each = io.cairn.document.codec.DocumentEncoder.encode(value, max).length - 1; // less the version byte
        if (each * copies > max) {
            throw new io.cairn.common.InvalidRequestException("ERR document size: more than " + max
                    + " bytes once stored (expected: <= " + max + ")");
        }
    }

    private static WriteResult addMember(Document doc, JsonPath path, JsonValue value) {
        if (!path.isStatic()) {
            throw DocumentErrors.wrongStaticPath();
        }
        Selector last = path.lastSelector();
        if (last instanceof Selector.Index) {
            if (doc.evaluate(path).isEmpty()) {
                throw DocumentErrors.arrayIndexOutOfRange();
            }
            return WriteResult.unchanged(JsonReply.NIL); // NX over an element that exists
        }
        String key = ((Selector.Name) last).key();
        for (PathMatch parent : doc.evaluate(path.parent())) {
            if (parent.value() instanceof JsonObject object && !object.containsKey(key)) {
                doc.checkDepth(parent.location().depth() + 1, value.depth());
                object.put(key, value);
                return WriteResult.changed(JsonReply.OK); // a static path has at most one parent
            }
        }
        return WriteResult.unchanged(JsonReply.NIL);
    }

    /**
     * {@code JSON.DEL}: answers how many values were removed. A missing key answers 0. The root
     * ({@code $} or {@code .}) removes the key and answers 1. Otherwise every match is removed
     * once: a match inside another match goes with it and is not counted, repeated matches of one
     * place count once, and array elements are removed from the highest index down so the others
     * keep their places. When something was removed and the root is left an empty object or array,
     * the key is removed too (RedisJSON 2.8+, RedisJSON PR #1336).
     */
    static WriteResult del(Document doc, JsonPath path) {
        if (!doc.exists()) {
            return WriteResult.unchanged(JsonReply.integer(0));
        }
        if (path.isRoot()) {
            doc.replaceRoot(null);
            return new WriteResult(JsonReply.integer(1), Effect.KEY_DELETED);
        }
        List<PathMatch> matches = doc.evaluate(path);
        Set<JsonValue> matchedContainers = Collections.newSetFromMap(new IdentityHashMap<>());
        for (PathMatch m : matches) {
            if (m.value() instanceof JsonObject || m.value() instanceof JsonArray) {
                matchedContainers.add(m.value());
            }
        }
        long deleted = 0;
        Map<JsonArray, TreeSet<Integer>> elements = new IdentityHashMap<>();
        for (PathMatch m : matches) {
            if (insideAnotherMatch(m.location(), matchedContainers)) {
                continue;
            }
            switch (m.location()) {
                case Location.Member member -> {
                    if (member.object().remove(member.key()) != null) {
                        deleted++;
                    }
                }
                case Location.Element element -> elements
                        .computeIfAbsent(element.array(), a -> new TreeSet<>(Collections.reverseOrder()))
                        .add(element.index());
                case Location.Root ignored -> throw new IllegalStateException("a non-root path matched the root");
            }
        }
        for (Map.Entry<JsonArray, TreeSet<Integer>> e : elements.entrySet()) {
            for (int index : e.getValue()) {
                e.getKey().remove(index);
                deleted++;
            }
        }
        if (deleted == 0) {
            return WriteResult.unchanged(JsonReply.integer(0));
        }
        if (doc.isEmptyContainer()) {
            doc.replaceRoot(null);
            return new WriteResult(JsonReply.integer(deleted), Effect.KEY_DELETED);
        }
        return WriteResult.changed(JsonReply.integer(deleted));
    }

    /** True when a container holding {@code location}, at any level, was itself matched. */
    private static boolean insideAnotherMatch(Location location, Set<JsonValue> matchedContainers) {
        for (Location l = location; l != null; l = l.parent()) {
            JsonValue container = switch (l) {
                case Location.Member m -> m.object();
                case Location.Element e -> e.array();
                case Location.Root ignored -> null;
            };
            if (container != null && matchedContainers.contains(container)) {
                return true;
            }
        }
        return false;
    }
}
