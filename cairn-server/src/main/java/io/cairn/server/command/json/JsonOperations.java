package io.cairn.server.command.json;

import io.cairn.document.Document;
import io.cairn.document.JsonReply;
import io.cairn.document.SetCondition;
import io.cairn.document.WriteResult;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonNumber;
import io.cairn.document.json.JsonValue;
import io.cairn.document.path.JsonPath;
import io.cairn.resp.RespValue;
import io.cairn.server.command.Operation;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.WrongTypeException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The JSON commands' operations. Each record holds what {@link JsonCommands} parsed before the
 * store's lock (paths, JSON values, options, the limits and protocol of the moment); {@link #run}
 * loads the key's document ({@link StoredDocuments}), runs one {@link Document} operation on it
 * and, for a write, saves what that decided.
 */
sealed interface JsonOperations extends Operation {

    /** JSON.SET key path value [NX|XX]. */
    record Set(byte[] key, JsonPath path, JsonValue value, SetCondition condition, JsonLimits limits)
            implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            Document doc = StoredDocuments.load(t, key, limits);
            return write(t, key, doc, doc.set(path, value, condition));
        }
    }

    /** JSON.GET key [INDENT s] [NEWLINE s] [SPACE s] [path ...]. */
    record Get(byte[] key, GetArguments arguments, JsonLimits limits) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            return JsonReplies.resp(StoredDocuments.load(t, key, limits).get(arguments.paths(), arguments.format()));
        }
    }

    /** JSON.DEL / JSON.FORGET key [path]. */
    record Del(byte[] key, JsonPath path, JsonLimits limits) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            Document doc = StoredDocuments.load(t, key, limits);
            return write(t, key, doc, doc.del(path));
        }
    }

    /**
     * JSON.MGET key [key ...] path: one reply per key, nil for a key that is absent or holds
     * another type (RedisJSON answers nil there too, not WRONGTYPE).
     */
    record MGet(List<byte[]> keys, JsonPath path, JsonLimits limits) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            List<RespValue> out = new ArrayList<>(keys.size());
            for (byte[] key : keys) {
                Document doc;
                try {
                    doc = StoredDocuments.load(t, key, limits);
                } catch (WrongTypeException e) {
                    out.add(RespValue.NULL);
                    continue;
                }
                out.add(JsonReplies.resp(doc.mget(path)));
            }
            return RespValue.array(out);
        }
    }

    /** The reads at one path that answer a {@link JsonReply} as it is: JSON.ARRLEN, JSON.OBJKEYS; JSON.TYPE adapts it to RESP3. */
    enum PathRead {
        TYPE(Document::type), ARRLEN(Document::arrLen), OBJKEYS(Document::objKeys);

        final BiFunction<Document, JsonPath, JsonReply> read;

        PathRead(BiFunction<Document, JsonPath, JsonReply> read) {
            this.read = read;
        }
    }

    /** JSON.TYPE, JSON.ARRLEN or JSON.OBJKEYS key [path]. */
    record Read(PathRead kind, byte[] key, JsonPath path, JsonLimits limits, int protocol) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            JsonReply reply = kind.read.apply(StoredDocuments.load(t, key, limits), path);
            return kind == PathRead.TYPE ? JsonReplies.type(reply, protocol) : JsonReplies.resp(reply);
        }
    }

    /** JSON.NUMINCRBY key path number. */
    record NumIncrBy(byte[] key, JsonPath path, JsonNumber increment, JsonLimits limits, int protocol)
            implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            Document doc = StoredDocuments.load(t, key, limits);
            WriteResult result = doc.numIncrBy(path, increment);
            return JsonReplies.numbers(StoredDocuments.save(t, key, doc, result), protocol);
        }
    }

    /** JSON.STRAPPEND key [path] json-string; {@code suffix} is the string unquoted. */
    record StrAppend(byte[] key, JsonPath path, String suffix, JsonLimits limits) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            Document doc = StoredDocuments.load(t, key, limits);
            return write(t, key, doc, doc.strAppend(path, suffix));
        }
    }

    /** JSON.ARRAPPEND key path value [value ...]. */
    record ArrAppend(byte[] key, JsonPath path, List<JsonValue> values, JsonLimits limits) implements JsonOperations {
        @Override
        public RespValue run(Txn t) {
            Document doc = StoredDocuments.load(t, key, limits);
            return write(t, key, doc, doc.arrAppend(path, values));
        }
    }

    private static RespValue write(Txn t, byte[] key, Document doc, WriteResult result) {
        return JsonReplies.resp(StoredDocuments.save(t, key, doc, result));
    }
}
