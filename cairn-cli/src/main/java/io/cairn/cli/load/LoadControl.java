package io.cairn.cli.load;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * What the reader and the workers of one load share: whether to stop, and the budget of bytes that
 * may be read but not yet acknowledged, which keeps memory bounded however large the input is.
 * A document takes its size from the budget before it is queued and gives it back when its reply
 * has been read; one larger than the whole budget takes all of it.
 *
 * <p>Thread-safe. {@link #stopped} is volatile: once a thread sees it true, it sees the stop reason
 * that was recorded before it.
 */
final class LoadControl {
    private final boolean failFast;
    private final int budgetBytes;
    private final Semaphore budget;
    private final LoadReport report;
    private volatile boolean stopped;
    private volatile boolean broken;

    LoadControl(boolean failFast, int budgetBytes, LoadReport report) {
        this.failFast = failFast;
        this.budgetBytes = budgetBytes;
        this.budget = new Semaphore(budgetBytes);
        this.report = report;
    }

    boolean stopped() {
        return stopped;
    }

    /** True when the load stopped because something other than a record failed (a connection, the input). */
    boolean broken() {
        return broken;
    }

    /** Stops the load because of {@code reason}, which is not about one record. */
    void fail(String reason) {
        report.stopped(reason);
        broken = true;
        stopped = true;
    }

    /** Called after a record failed; with {@code --fail-fast} it stops the load. */
    void recordFailed() {
        if (failFast) {
            report.stopped("at the first failed record (--fail-fast)");
            stopped = true;
        }
    }

    /** Waits until {@code d} fits in the budget; false if the load stopped meanwhile. */
    boolean acquire(RecordValidator.Document d) throws InterruptedException {
        int cost = cost(d);
        while (!budget.tryAcquire(cost, 100, TimeUnit.MILLISECONDS)) {
            if (stopped) {
                return false;
            }
        }
        return true;
    }

    void release(RecordValidator.Document d) {
        budget.release(cost(d));
    }

    private int cost(RecordValidator.Document d) {
        return (int) Math.min((long) d.json().length + d.key().length(), budgetBytes);
    }
}
