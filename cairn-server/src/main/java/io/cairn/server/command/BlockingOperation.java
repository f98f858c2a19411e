package io.cairn.server.command;

import io.cairn.resp.RespValue;
import io.cairn.storage.engine.Txn;
import io.cairn.storage.engine.ValueType;
import java.util.List;

/**
 * A blocking command with its arguments parsed and checked ({@code BLPOP}, {@code BLMOVE},
 * {@code BZPOPMIN}, later {@code XREAD BLOCK}): built by a {@link BlockingCommand} before the
 * store's lock, then tried, possibly many times, each time under the lock in a write transaction
 * of its own. A try either answers or says the command must wait for one of {@link #keys()} to
 * change; the server then parks the client (see {@code io.cairn.server.BlockedClients}) and tries
 * again after a committed write touched one of them and left it of type {@link #wakesOn()}, until
 * it answers, times out, is unblocked or the client leaves.
 *
 * <p>Tries are serialised by the store's lock, so an implementation may keep state between them
 * (an ID resolved on the first try, say) without synchronising.
 */
public interface BlockingOperation {
    /**
     * One try, inside a write transaction: the reply (which may be an error thrown as usual), or
     * null when the command must wait. A try that answers null must not have written anything.
     */
    RespValue attempt(Txn txn);

    /** The keys whose changes may let a waiting try answer, in the order the command names them. */
    List<byte[]> keys();

    /** The type a key must hold for a change to it to wake the command: a list for BLPOP. */
    ValueType wakesOn();

    /** How long to wait, in milliseconds from the first try; 0 waits until woken. */
    long timeoutMillis();

    /** The reply when the wait ends without an answer: a timeout, or CLIENT UNBLOCK ... TIMEOUT. */
    RespValue timedOut();

    /** The reply where the command may not wait (inside MULTI): the timeout reply, unless Redis answers otherwise there. */
    default RespValue cannotWait() {
        return timedOut();
    }

    /**
     * This operation with each try made through {@code around}, which is given this operation and
     * the transaction and calls {@link #attempt} itself; keys, wake type, timeout and replies stay
     * this operation's. The wrappers of a try (notifications, an ACL check) are this.
     */
    default BlockingOperation aroundAttempt(java.util.function.BiFunction<BlockingOperation, Txn, RespValue> around) {
        BlockingOperation inner = this;
        return new BlockingOperation() {
            @Override
            public RespValue attempt(Txn txn) {
                return around.apply(inner, txn);
            }

            @Override
            public List<byte[]> keys() {
                return inner.keys();
            }

            @Override
            public ValueType wakesOn() {
                return inner.wakesOn();
            }

            @Override
            public long timeoutMillis() {
                return inner.timeoutMillis();
            }

            @Override
            public RespValue timedOut() {
                return inner.timedOut();
            }

            @Override
            public RespValue cannotWait() {
                return inner.cannotWait();
            }
        };
    }

    /** The reply inside MULTI/EXEC or a script, where nothing may wait: an answer now, or {@link #cannotWait()}. */
    default RespValue attemptOnce(Txn txn) {
        RespValue reply = attempt(txn);
        return reply == null ? cannotWait() : reply;
    }
}
