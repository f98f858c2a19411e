package io.cairn.server.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.cairn.common.InvalidRequestException;
import io.cairn.common.StorageIOException;
import io.cairn.resp.RespValue;
import io.cairn.storage.engine.InvalidExpiryException;
import io.cairn.storage.engine.LimitExceededException;
import io.cairn.storage.engine.LimitExceededException.Limit;
import io.cairn.storage.engine.ScoreNotANumberException;
import io.cairn.storage.engine.ValueType;
import io.cairn.storage.engine.WrongTypeException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ErrorsTest {
    private static String reply(Throwable t) {
        return ((RespValue.ErrorReply) Errors.toReply(t)).message();
    }

    @Test
    void theEnginesTypedRefusalsAreWordedHereFromTheirNumbers() {
        assertThat(reply(new ScoreNotANumberException())).isEqualTo("ERR resulting score is not a number (NaN)");
        assertThat(reply(new LimitExceededException(Limit.KEY_LENGTH, 9, 8))).isEqualTo("ERR key length: 9 (expected: <= 8)");
        assertThat(reply(new LimitExceededException(Limit.VALUE_LENGTH, 17, 16)))
                .isEqualTo("ERR value length: 17 (expected: <= 16)");
        assertThat(reply(new LimitExceededException(Limit.TRANSACTION_BYTES, 2000, 1024)))
                .isEqualTo("ERR transaction too large for the write-ahead log: about 2000 bytes (expected: <= 1024)");
        assertThat(reply(new LimitExceededException(Limit.BATCH_BYTES, 2000, 1024)))
                .isEqualTo("ERR batch too large for the write-ahead log: more than 1024 bytes");
        assertThat(reply(new InvalidExpiryException(-5))).isEqualTo("ERR invalid expire time: -5");
        assertThat(reply(new WrongTypeException(ValueType.HASH, ValueType.STRING))).isEqualTo(WrongTypeException.MESSAGE);
    }

    @Test
    void otherRefusalsKeepTheirCodeWordOrGetErr() {
        assertThat(reply(new InvalidRequestException("ERR syntax error"))).isEqualTo("ERR syntax error");
        assertThat(reply(new InvalidRequestException("NOPERM no"))).isEqualTo("NOPERM no");
        assertThat(reply(new InvalidRequestException("Unknown index name"))).isEqualTo("ERR Unknown index name");
        assertThat(reply(new CompletionException(new InvalidRequestException("line\r\nbreak")))).isEqualTo("ERR line  break");
        assertThat(reply(new StorageIOException("disk full"))).startsWith("MISCONF ").endsWith("disk full");
        assertThat(reply(new NullPointerException("boom"))).isEqualTo("ERR internal error: java.lang.NullPointerException: boom");
    }
}
