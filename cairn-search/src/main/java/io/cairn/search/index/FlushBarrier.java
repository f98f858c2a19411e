package io.cairn.search.index;

import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * Where the indexer threads of one index meet at a FLUSHALL or a commit: each arrives once it
 * applied everything before it, the last to arrive runs the action (empties or commits the index)
 * while the others wait, and then all go on. Unlike a {@link java.util.concurrent.CyclicBarrier} with a timeout, a thread waits as long
 * as the others take (one partition may be far behind the rest) and leaves only when its caller's
 * check says the barrier can never complete: the index failed or is stopping without a partition
 * that has not arrived.
 *
 * <p>Thread-safe; used once. Callers guarantee that each of the {@code parties} threads calls
 * {@link #await} at most once, and that the action is safe to run on whichever thread arrives last.
 */
final class FlushBarrier {
    /** How often a waiting thread re-checks whether to give up; arrivals wake it at once. */
    private static final long RECHECK_MILLIS = 50;

    /** The work done once every party arrived. */
    interface Action {
        void run() throws IOException;
    }

    private final int parties;
    private final Action action;
    // Guarded by this.
    private int arrived;
    private boolean tripped;
    private Throwable actionFailure;

    FlushBarrier(int parties, Action action) {
        this.parties = parties;
        this.action = action;
    }

    /**
     * Arrives and waits until every party did (the last runs the action); returns true then, or
     * false when {@code giveUp} turned true first. The action's failure is thrown on every thread.
     */
    synchronized boolean await(BooleanSupplier giveUp) throws IOException, InterruptedException {
        if (++arrived == parties) {
            try {
                action.run();
            } catch (IOException | RuntimeException | Error e) {
                actionFailure = e;
                throw e;
            } finally {
                tripped = true;
                notifyAll();
            }
            return true;
        }
        while (!tripped) {
            if (giveUp.getAsBoolean()) {
                return false;
            }
            wait(RECHECK_MILLIS);
        }
        if (actionFailure != null) {
            throw new IOException("a FLUSHALL or commit failed on another indexer thread", actionFailure);
        }
        return true;
    }
}
