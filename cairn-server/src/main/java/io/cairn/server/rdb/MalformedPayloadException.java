package io.cairn.server.rdb;

import io.cairn.common.InvalidRequestException;

/**
 * A payload whose footer checks out but whose body cannot be a value: RESTORE answers it with
 * Redis's {@code ERR Bad data format}. {@link #detail} says what was wrong and where, for tests
 * and logs; the reply never shows it.
 */
public final class MalformedPayloadException extends InvalidRequestException {
    public static final String BAD_FORMAT = "ERR Bad data format";
    private final String detail;

    public MalformedPayloadException(String detail) {
        super(BAD_FORMAT);
        this.detail = detail;
    }

    public String detail() {
        return detail;
    }

    @Override
    public String toString() {
        return BAD_FORMAT + " (" + detail + ")";
    }
}
