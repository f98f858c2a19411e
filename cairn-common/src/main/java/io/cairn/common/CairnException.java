package io.cairn.common;

/**
 * The unchecked root of every error Cairn raises on purpose. Subclasses say what kind of failure
 * it was; the message says what failed, where, and expected versus actual.
 */
public class CairnException extends RuntimeException {
    public CairnException(String message) {
        super(message);
    }

    public CairnException(String message, Throwable cause) {
        super(message, cause);
    }
}
