package io.cairn.server.http;

import io.cairn.common.InvalidRequestException;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.server.command.Errors;
import io.cairn.storage.engine.WrongTypeException;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;

/**
 * The one place where exceptions become HTTP replies. The message is the one the layer below
 * words (the JSON parser's position, the query parser's "Syntax error at offset N near X",
 * WRONGTYPE), or for the engine's typed refusals the text {@link Errors#wording} gives RESP
 * clients, without the {@code ERR } code RESP puts in front; the status says what kind of
 * refusal it is. Anything unexpected is logged and answered 500.
 */
final class ApiErrors {
    private static final System.Logger LOG = System.getLogger(ApiErrors.class.getName());
    private ApiErrors() {
    }

    static ApiResponse toResponse(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return switch (t) {
            case ApiException e -> withHeaders(ApiResponse.error(e.status(), e.getMessage()), e.headers());
            case WrongTypeException e -> ApiResponse.error(HttpResponseStatus.CONFLICT, e.getMessage());
            case io.cairn.search.UnknownIndexException e -> ApiResponse.error(HttpResponseStatus.NOT_FOUND, e.getMessage());
            case InvalidRequestException e -> invalid(Errors.wording(e));
            case StorageIOException e -> ApiResponse.error(HttpResponseStatus.SERVICE_UNAVAILABLE,
                    "Errors writing to the write-ahead log; the write is not acknowledged: " + oneLine(e.getMessage()));
            case StoreClosedException e -> shuttingDown();
            // A write on a follower of a replicated group: 421, naming the leader's client address.
            case io.cairn.common.NotLeaderException e -> ApiResponse.error(HttpResponseStatus.MISDIRECTED_REQUEST, e.getMessage());
            case RejectedExecutionException e -> shuttingDown();
            case IllegalArgumentException e -> ApiResponse.error(HttpResponseStatus.BAD_REQUEST, strip(e.getMessage()));
            default -> internal(t);
        };
    }

    private static ApiResponse invalid(String message) {
        String m = strip(message);
        if (m.equals("search is shutting down")) {
            return ApiResponse.error(HttpResponseStatus.SERVICE_UNAVAILABLE, m);
        }
        return ApiResponse.error(HttpResponseStatus.BAD_REQUEST, m);
    }

    private static ApiResponse shuttingDown() {
        return ApiResponse.error(HttpResponseStatus.SERVICE_UNAVAILABLE, "server is shutting down");
    }

    private static ApiResponse internal(Throwable t) {
        LOG.log(Level.ERROR, "HTTP request failed unexpectedly", t);
        return ApiResponse.error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error: " + oneLine(String.valueOf(t)));
    }

    private static ApiResponse withHeaders(ApiResponse r, Map<String, String> headers) {
        for (Map.Entry<String, String> h : headers.entrySet()) {
            r = r.withHeader(h.getKey(), h.getValue());
        }
        return r;
    }

    /** Drops RESP's generic {@code ERR } code; specific codes (WRONGTYPE...) stay, as they say what failed. */
    static String strip(String message) {
        String m = oneLine(message);
        return m.startsWith("ERR ") ? m.substring(4) : m;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replace('\r', ' ').replace('\n', ' ');
    }
}
