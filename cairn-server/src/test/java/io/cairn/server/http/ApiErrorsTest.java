package io.cairn.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.cairn.common.InvalidRequestException;
import io.cairn.common.StorageIOException;
import io.cairn.common.StoreClosedException;
import io.cairn.document.json.JsonParser;
import io.cairn.storage.engine.LimitExceededException;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ApiErrorsTest {
    private static ApiResponse reply(Throwable t) {
        return ApiErrors.toResponse(t);
    }

    @Test
    void refusalsKeepTheWordsOfTheLayerThatRefused() {
        ApiResponse json = reply(catchThrowable(() -> JsonParser.parse("{\"a\":}")));
        assertThat(json.status()).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(json.json()).isEqualTo("{\"error\":\"expected value at line 1, column 6 (offset 5)\"}");

        ApiResponse wrongType = reply(new WrongTypeException(ValueType.JSON, ValueType.STRING));
        assertThat(wrongType.status()).isEqualTo(HttpResponseStatus.CONFLICT);
        assertThat(wrongType.json()).isEqualTo("{\"error\":\"" + WrongTypeException.MESSAGE + "\"}");

        ApiResponse index = reply(new CompletionException(new io.cairn.search.UnknownIndexException()));
        assertThat(index.status()).isEqualTo(HttpResponseStatus.NOT_FOUND);
        assertThat(index.json()).isEqualTo("{\"error\":\"Unknown index name\"}");

        ApiResponse key = reply(new LimitExceededException(LimitExceededException.Limit.KEY_LENGTH, 9, 8));
        assertThat(key.status()).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(key.json()).isEqualTo("{\"error\":\"key length: 9 (expected: <= 8)\"}");
        ApiResponse record = reply(new LimitExceededException(LimitExceededException.Limit.TRANSACTION_BYTES, 9, 8));
        assertThat(record.json()).isEqualTo("{\"error\":\"transaction too large for the write-ahead log: about 9 bytes"
                + " (expected: <= 8)\"}");

        ApiResponse size = reply(new InvalidRequestException("ERR document size: 9 bytes once stored (expected: <= 8)"));
        assertThat(size.status()).isEqualTo(HttpResponseStatus.BAD_REQUEST);
        assertThat(size.json()).isEqualTo("{\"error\":\"document size: 9 bytes once stored (expected: <= 8)\"}");
    }

    @Test
    void theApisOwnRefusalsCarryTheirStatusAndHeaders() {
        ApiResponse r = reply(ApiException.methodNotAllowed("PATCH", "GET, PUT, DELETE"));
        assertThat(r.status()).isEqualTo(HttpResponseStatus.METHOD_NOT_ALLOWED);
        assertThat(r.headers()).containsEntry("allow", "GET, PUT, DELETE");
        assertThat(r.json()).isEqualTo("{\"error\":\"method PATCH is not allowed here (expected: GET, PUT, DELETE)\"}");
    }

    @Test
    void storageFailuresAre503AndSurprisesAre500() {
        assertThat(reply(new StorageIOException("fsync failed")).status()).isEqualTo(HttpResponseStatus.SERVICE_UNAVAILABLE);
        assertThat(reply(new StoreClosedException("closed")).json()).isEqualTo("{\"error\":\"server is shutting down\"}");
        ApiResponse npe = reply(new NullPointerException("boom"));
        assertThat(npe.status()).isEqualTo(HttpResponseStatus.INTERNAL_SERVER_ERROR);
        assertThat(npe.json()).isEqualTo("{\"error\":\"internal error: java.lang.NullPointerException: boom\"}");
    }

    @Test
    void messagesAreJsonStrings() {
        ApiResponse r = ApiResponse.error(HttpResponseStatus.BAD_REQUEST, "a \"quoted\"\nline\\ é");
        assertThat(r.json()).isEqualTo("{\"error\":\"a \\\"quoted\\\"\\nline\\\\ é\"}");
    }
}
