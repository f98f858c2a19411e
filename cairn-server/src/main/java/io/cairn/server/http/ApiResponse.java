package io.cairn.server.http;

import io.cairn.document.json.JsonWriter;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One reply of the HTTP API: a status, a body with its content type (JSON for the API, text for
 * {@code /metrics}, the console's files), the extra headers some replies need ({@code Allow},
 * {@code WWW-Authenticate}, {@code Cache-Control}), and whether the connection must close after it.
 * Immutable: the body array is never changed once given.
 */
record ApiResponse(HttpResponseStatus status, String contentType, byte[] body, Map<String, String> headers,
        boolean close) {
    static final String JSON_UTF8 = "application/json; charset=utf-8";

    ApiResponse {
        headers = Map.copyOf(headers);
    }

    static ApiResponse of(HttpResponseStatus status, String json) {
        return new ApiResponse(status, JSON_UTF8, json.getBytes(StandardCharsets.UTF_8), Map.of(), false);
    }

    static ApiResponse of(HttpResponseStatus status, String contentType, byte[] body) {
        return new ApiResponse(status, contentType, body, Map.of(), false);
    }

    /** {@code {"error":"message"}}. */
    static ApiResponse error(HttpResponseStatus status, String message) {
        StringBuilder sb = new StringBuilder(message.length() + 16).append("{\"error\":");
        JsonWriter.writeString(message, sb);
        return of(status, sb.append('}').toString());
    }

    /** The body as text (UTF-8): the JSON of an API reply. */
    String json() {
        return new String(body, StandardCharsets.UTF_8);
    }

    ApiResponse withHeader(String name, String value) {
        Map<String, String> h = new LinkedHashMap<>(headers);
        h.put(name, value);
        return new ApiResponse(status, contentType, body, h, close);
    }

    /** The same reply, after which the connection closes. */
    ApiResponse closing() {
        return new ApiResponse(status, contentType, body, headers, true);
    }
}
