package io.cairn.server.http;

import io.cairn.common.InvalidRequestException;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Map;

/**
 * A request the HTTP layer itself refuses (unknown path, wrong method, bad parameter type...),
 * with the status to answer; {@link ApiErrors} turns it into the reply. Refusals from the layers
 * below (the JSON parser, the query parser, the engine) keep their own exception types.
 */
final class ApiException extends InvalidRequestException {
    private final HttpResponseStatus status;
    private final Map<String, String> headers;

    ApiException(HttpResponseStatus status, String message) {
        this(status, message, Map.of());
    }

    ApiException(HttpResponseStatus status, String message, Map<String, String> headers) {
        super(message);
        this.status = status;
        this.headers = Map.copyOf(headers);
    }

    HttpResponseStatus status() {
        return status;
    }

    Map<String, String> headers() {
        return headers;
    }

    static ApiException badRequest(String message) {
        return new ApiException(HttpResponseStatus.BAD_REQUEST, message);
    }

    static ApiException notFound(String message) {
        return new ApiException(HttpResponseStatus.NOT_FOUND, message);
    }

    /** 405 with the {@code Allow} header listing what the path does accept. */
    static ApiException methodNotAllowed(String method, String allow) {
        return new ApiException(HttpResponseStatus.METHOD_NOT_ALLOWED,
                "method " + method + " is not allowed here (expected: " + allow + ")", Map.of(HttpHeaderNames.ALLOW.toString(), allow));
    }
}
