package io.cairn.server.http;

import io.cairn.document.json.JsonWriter;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reply of the HTTP API: a status, a JSON body, the extra headers some statuses need
 * ({@code Allow}, {@code WWW-Authenticate}), and whether the connection must close after it.
 * Immutable.
 */
record ApiResponse(HttpResponseStatus status, String json, Map<String, String> headers, boolean close) {

    ApiResponse {
        headers = Map.copyOf(headers);
    }

    static ApiResponse of(HttpResponseStatus status, String json) {
        return new ApiResponse(status, json, Map.of(), false);
    }

    /** {@code {"error":"message"}}. */
    static ApiResponse error(HttpResponseStatus status, String message) {
        StringBuilder sb = new StringBuilder(message.length() + 16).append("{\"error\":");
        JsonWriter.writeString(message, sb);
        return of(status, sb.append('}').toString());
    }

    ApiResponse withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new ApiResponse(status, json, h, close);
    }

    /** The same reply, after which the connection closes. */
    ApiResponse closing() {
        return new ApiResponse(status, json, headers, true);
    }
}
