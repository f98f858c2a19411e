package io.cairn.common;

/** The store was closed, or failed and stopped accepting the operation. */
public final class StoreClosedException extends CairnException {
    public StoreClosedException(String message) {
        super(message);
    }
}
