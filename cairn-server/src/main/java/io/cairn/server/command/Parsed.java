package io.cairn.server.command;

import io.cairn.common.InvalidRequestException;
import java.util.function.Supplier;

/**
 * An argument parsed before the store's lock whose refusal Redis reports only after it looked at
 * the data: {@code GETEX missing EX abc} answers nil, {@code INCRBYFLOAT hash abc} WRONGTYPE. It
 * holds either the value or the refusal, and {@link #get} throws the refusal when the operation
 * reaches the point where Redis would. Immutable.
 */
public record Parsed<T>(T value, InvalidRequestException error) {

    /** Runs {@code parser} now, keeping its value or its {@link InvalidRequestException}. */
    public static <T> Parsed<T> of(Supplier<T> parser) {
        try {
            return new Parsed<>(parser.get(), null);
        } catch (InvalidRequestException e) {
            return new Parsed<>(null, e);
        }
    }

    /** The value; throws the refusal when the argument was not valid. */
    public T get() {
        if (error != null) {
            throw error;
        }
        return value;
    }
}
