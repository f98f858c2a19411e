package io.cairn.storage.engine;

import io.cairn.common.CairnException;

/**
 * Thrown out of an {@link Store#execute} body to end it without committing: the writes it made are
 * not logged, and since the keyspace in memory already holds them, the store then refuses every
 * further call until it is closed. Only for a server going down without saving (SHUTDOWN NOSAVE
 * while a script that wrote runs), where a half-done transaction must not reach the log.
 */
public final class TransactionAbandonedException extends CairnException {
    private static final long serialVersionUID = 1L;

    public TransactionAbandonedException(String why) {
        super(why);
    }
}
