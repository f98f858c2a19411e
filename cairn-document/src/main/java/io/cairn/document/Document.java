package io.cairn.document;

import io.cairn.document.codec.DocumentDecoder;
import io.cairn.document.codec.DocumentEncoder;
import io.cairn.document.json.JsonArray;
import io.cairn.document.json.JsonFormat;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonObject;
import io.cairn.document.json.JsonValue;
import io.cairn.document.path.JsonPath;
import io.cairn.document.path.Location;
import io.cairn.document.path.PathEvaluator;
import io.cairn.document.path.PathMatch;
import java.util.List;
import java.util.Objects;

/**
 * The JSON document under one key and the {@code JSON.*} operations on it, with RedisJSON's
 * semantics and reply shapes. A key that does not exist is a {@link #missing} document, so every
 * command's answer for a missing key (null, 0, or an error) comes from here too.
 *
 * <p>How the two path syntaxes answer (RedisJSON 2.x): a JSONPath ({@code $...}) acts on every
 * match and replies per match, with null where a match has the wrong type; a legacy path acts on
 * every match too but replies with one value (the first match for reads, the last update for
 * writes) and fails when nothing fits. The details are on each method and in
 * {@link DocumentQueries}, {@link DocumentStructure} and {@link ValueUpdates}.
 *
 * <p>Every write checks everything it needs (types, overflow, nesting depth) before it changes
 * anything, so a failed command leaves the document as it was. RedisJSON may apply some matches
 * before failing on a later one; Cairn never does.
 *
 * <p>Ownership and threads: the document owns its tree; values handed to {@link #set} and
 * {@link #arrAppend} become part of it and must not be used by the caller afterwards. Not
 * thread-safe: the store's per-key write path confines a document to one thread at a time.
 */
public final class Document {
    private final JsonLimits limits;
    private JsonValue root;

    private Document(JsonValue root, JsonLimits limits) {
        this.root = root;
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** A document holding {@code root}, which it takes ownership of. */
    public static Document of(JsonValue root) {
        return of(root, JsonLimits.DEFAULT);
    }

    public static Document of(JsonValue root, JsonLimits limits) {
        return new Document(Objects.requireNonNull(root, "root"), limits);
    }

    /** The stand-in for a key that does not exist; {@link #set} at the root creates it. */
    public static Document missing() {
        return missing(JsonLimits.DEFAULT);
    }

    public static Document missing(JsonLimits limits) {
        return new Document(null, limits);
    }

    /**
     * Reads a stored document.
     *
     * @param resource what to call the bytes in a {@link io.cairn.common.CorruptionException}
     */
    public static Document decode(byte[] stored, String resource, JsonLimits limits) {
        return new Document(DocumentDecoder.decode(stored, resource, limits), limits);
    }

    /**
     * The stored form ({@code docs/format/document.md}).
     *
     * @throws IllegalStateException for a missing document, which has no stored form
     */
    public byte[] encode() {
        return DocumentEncoder.encode(requireRoot(), Math.min(limits().maxBytes(), Integer.MAX_VALUE - 8));
    }

    public boolean exists() {
        return root != null;
    }

    /** The whole value, or null for a missing document. Owned by the document: do not change it. */
    public JsonValue root() {
        return root;
    }

    public JsonLimits limits() {
        return limits;
    }

    // ---- reads -----------------------------------------------------------------------------

    /**
     * {@code JSON.GET key [INDENT i] [NEWLINE n] [SPACE s] [path ...]}. No path means the legacy
     * root {@code .}. See {@link DocumentQueries#get}.
     */
    public JsonReply get(List<JsonPath> paths, JsonFormat format) {
        return DocumentQueries.get(this, paths, format);
    }

    /** This key's element of {@code JSON.MGET key... path}; see {@link DocumentQueries#mget}. */
    public JsonReply mget(JsonPath path) {
        return DocumentQueries.mget(this, path);
    }

    /** {@code JSON.TYPE key [path]}; see {@link DocumentQueries#type}. */
    public JsonReply type(JsonPath path) {
        return DocumentQueries.type(this, path);
    }

    /** {@code JSON.ARRLEN key [path]}; see {@link DocumentQueries#arrLen}. */
    public JsonReply arrLen(JsonPath path) {
        return DocumentQueries.arrLen(this, path);
    }

    /** {@code JSON.OBJKEYS key [path]}; see {@link DocumentQueries#objKeys}. */
    public JsonReply objKeys(JsonPath path) {
        return DocumentQueries.objKeys(this, path);
    }

    // ---- writes ----------------------------------------------------------------------------

    /** {@code JSON.SET key path value [NX|XX]}; see {@link DocumentStructure#set}. */
    public WriteResult set(JsonPath path, JsonValue value, SetCondition condition) {
        return DocumentStructure.set(this, path, value, condition);
    }

    /** {@code JSON.DEL key [path]}; see {@link DocumentStructure#del}. */
    public WriteResult del(JsonPath path) {
        return DocumentStructure.del(this, path);
    }

    /** {@code JSON.NUMINCRBY key path number}; see {@link ValueUpdates#numIncrBy}. */
    public WriteResult numIncrBy(JsonPath path, JsonNumber increment) {
        return ValueUpdates.numIncrBy(this, path, increment);
    }

    /** {@code JSON.STRAPPEND key [path] json-string}; see {@link ValueUpdates#strAppend}. */
    public WriteResult strAppend(JsonPath path, String suffix) {
        return ValueUpdates.strAppend(this, path, suffix);
    }

    /** {@code JSON.ARRAPPEND key path value...}; see {@link ValueUpdates#arrAppend}. */
    public WriteResult arrAppend(JsonPath path, List<JsonValue> values) {
        return ValueUpdates.arrAppend(this, path, values);
    }

    // ---- for the operation classes ---------------------------------------------------------

    List<PathMatch> evaluate(JsonPath path) {
        return PathEvaluator.evaluate(path, requireRoot());
    }

    /** Puts {@code value} in place of whatever is at {@code location}. */
    void put(Location location, JsonValue value) {
        switch (location) {
            case Location.Root ignored -> root = value;
            case Location.Member m -> m.object().put(m.key(), value);
            case Location.Element e -> e.array().set(e.index(), value);
        }
    }

    /** Replaces the whole value; null makes the document missing. */
    void replaceRoot(JsonValue value) {
        root = value;
    }

    /** True when the root is an object or array with nothing in it. */
    boolean isEmptyContainer() {
        return root instanceof JsonObject o && o.isEmpty() || root instanceof JsonArray a && a.isEmpty();
    }

    /**
     * Refuses a value of nesting {@code valueDepth} placed {@code locationDepth} containers below
     * the root when the document would then nest deeper than {@link JsonLimits#maxDepth()}.
     */
    void checkDepth(int locationDepth, int valueDepth) {
        if (locationDepth + valueDepth > limits.maxDepth()) {
            throw DocumentErrors.recursionLimit();
        }
    }

    private JsonValue requireRoot() {
        if (root == null) {
            throw new IllegalStateException("document: missing (expected: an existing key)");
        }
        return root;
    }
}
