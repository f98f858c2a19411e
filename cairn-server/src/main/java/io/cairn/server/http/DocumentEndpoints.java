package io.cairn.server.http;

import io.cairn.document.Document;
import io.cairn.document.SetCondition;
import io.cairn.document.WriteResult;
import io.cairn.document.json.JsonLimits;
import io.cairn.document.json.JsonParser;
import io.cairn.document.json.JsonValue;
import io.cairn.document.json.JsonWriter;
import io.cairn.document.path.JsonPath;
import io.cairn.server.command.json.StoredDocuments;
import io.cairn.storage.engine.Result;
import io.cairn.storage.engine.Store;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Supplier;

/**
 * {@code PUT}, {@code GET} and {@code DELETE /docs/{key}}: a document is stored exactly as
 * {@code JSON.SET key $ body} stores it (the same parser and limits, {@code StoredDocuments}, the
 * same stored form) and read back as {@code JSON.GET key} prints it.
 *
 * <p>Each call runs its store operation on the calling event loop, as a RESP command does, and
 * returns a future that completes once the write (or, for a read, every write it could see) is
 * durable under the configured WAL mode; building the reply then runs on {@code loop}, never on
 * the log's writer thread. JSON is parsed before the store's lock is taken and printed after it is
 * released. Thread-safe.
 */
final class DocumentEndpoints {
    static final String NOT_FOUND = "not found";

    private final Store store;
    private final JsonLimits limits;

    DocumentEndpoints(Store store, JsonLimits limits) {
        this.store = store;
        this.limits = limits;
    }

    /** 201 {@code {"key":k,"result":"created"}} for a new key, 200 {@code "updated"} otherwise. */
    CompletableFuture<ApiResponse> put(byte[] key, byte[] body, Executor loop) {
        JsonValue value = JsonParser.parse(body, 0, body.length, limits);
        Document doc = Document.missing(limits);
        WriteResult change = doc.set(JsonPath.ROOT, value, SetCondition.ALWAYS);
        Result<Boolean> r = store.execute(t -> {
            boolean existed = t.type(key) == ValueType.JSON;
            StoredDocuments.save(t, key, doc, change); // WRONGTYPE for a key of another type
            return existed;
        });
        return whenDurable(r.durable(), loop, () -> {
            StringBuilder sb = new StringBuilder("{\"key\":");
            JsonWriter.writeString(text(key), sb);
            sb.append(",\"result\":").append(r.value() ? "\"updated\"}" : "\"created\"}");
            return ApiResponse.of(r.value() ? HttpResponseStatus.OK : HttpResponseStatus.CREATED, sb.toString());
        });
    }

    /** 200 with the document as {@code JSON.GET key} prints it; 404 when absent. */
    CompletableFuture<ApiResponse> get(byte[] key, Executor loop) {
        Result<byte[]> r = store.query(t -> t.document(key));
        return whenDurable(r.durable(), loop, () -> {
            if (r.value() == null) {
                return ApiResponse.error(HttpResponseStatus.NOT_FOUND, NOT_FOUND);
            }
            Document doc = Document.decode(r.value(), "JSON document at key '" + text(key) + "'", limits);
            return ApiResponse.of(HttpResponseStatus.OK, JsonWriter.write(doc.root()));
        });
    }

    /** 200 {@code {"deleted":true}}; 404 when absent; 409 for a key of another type, which stays. */
    CompletableFuture<ApiResponse> delete(byte[] key, Executor loop) {
        Result<Boolean> r = store.execute(t -> {
            ValueType type = t.type(key);
            if (type == ValueType.NONE) {
                return false;
            }
            if (type != ValueType.JSON) {
                throw new WrongTypeException(ValueType.JSON, type);
            }
            return t.delete(key);
        });
        return whenDurable(r.durable(), loop, () -> r.value()
                ? ApiResponse.of(HttpResponseStatus.OK, "{\"deleted\":true}")
                : ApiResponse.error(HttpResponseStatus.NOT_FOUND, NOT_FOUND));
    }

    /** {@code reply} once {@code durable} completes, built on {@code loop}; at once when it already has. */
    private static CompletableFuture<ApiResponse> whenDurable(CompletableFuture<Void> durable, Executor loop,
            Supplier<ApiResponse> reply) {
        if (durable.isDone() && !durable.isCompletedExceptionally()) {
            return CompletableFuture.completedFuture(reply.get());
        }
        return durable.thenApplyAsync(v -> reply.get(), loop);
    }

    private static String text(byte[] key) {
        return new String(key, StandardCharsets.UTF_8);
    }
}
