package io.cairn.common;

import java.io.IOException;
import java.io.UncheckedIOException;

/** Wraps an {@link IOException} from the file system with what Cairn was doing at the time. */
public final class StorageIOException extends CairnException {
    public StorageIOException(String what, IOException cause) {
        super(what + ": " + cause, cause);
    }

    public StorageIOException(String what, Throwable cause) {
        super(what + ": " + cause, cause);
    }

    public StorageIOException(String message) {
        super(message);
    }

    /** Unwraps an {@link UncheckedIOException} or wraps any other throwable as the cause. */
    public static StorageIOException of(String what, Throwable t) {
        if (t instanceof StorageIOException s) {
            return s;
        }
        if (t instanceof UncheckedIOException u) {
            return new StorageIOException(what, u.getCause());
        }
        return new StorageIOException(what, t);
    }
}
