package io.cairn.storage.engine;

import io.cairn.common.InvalidRequestException;

/** An operation for one value type met a key holding another. Worded as Redis words it. */
public final class WrongTypeException extends InvalidRequestException {
    public static final String MESSAGE = "WRONGTYPE Operation against a key holding the wrong kind of value";

    private final ValueType expected;
    private final ValueType actual;

    public WrongTypeException(ValueType expected, ValueType actual) {
        super(MESSAGE);
        this.expected = expected;
        this.actual = actual;
    }

    public ValueType expected() {
        return expected;
    }

    public ValueType actual() {
        return actual;
    }
}
